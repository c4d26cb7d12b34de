import { summariseAssistance } from '../analysis/assistance-summary.js';
import { describeAssistance } from '../rendering/describe-assistance.js';
import type { ScorecardSection } from '../scorecard-section.js';

/** Unassisted success and assisted completion, the share of trials the user helped. */
export const assistanceSection: ScorecardSection<'assistance'> = {
  key: 'assistance',
  weights: 'task',
  summarise: ({ valid, weights, run }) =>
    summariseAssistance(valid, { weights, assistTasks: run.suite.assist_tasks ?? [] }),
  // Without a helped trial, unassisted success is success: nothing the headline does not say.
  informative: (assistance) => assistance.assisted_trials.successes > 0,
  terminal: {
    slot: 'headline',
    lines: (assistance) =>
      describeAssistance(assistance).map(([label, text]) => `  ${label}: ${text}`),
    compact: (assistance) =>
      describeAssistance(assistance)
        .slice(0, 2)
        .map(([label, text]) => `  ${label}: ${text}`),
  },
  markdown: { slot: 'headline', rows: (assistance) => describeAssistance(assistance) },
};
