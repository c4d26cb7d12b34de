import { ROBUSTNESS_NOTE, describeRobustnessKind } from '../rendering/describe-robustness.js';
import { escapeMarkdown, markdownCode } from '../rendering/escape-markdown.js';
import { summariseRobustness, variantsOf } from '../analysis/robustness-summary.js';
import type { ScorecardSection } from '../scorecard-section.js';

/** Per perturbation kind, the success gap between base tasks and their variants run beside them. */
export const robustnessSection: ScorecardSection<'robustness'> = {
  key: 'robustness',
  weights: 'task',
  summarise: ({ tasks, trials, run }) =>
    summariseRobustness(tasks, variantsOf(trials), { seed: run.seed }) ?? undefined,
  terminal: {
    slot: 'reliability',
    lines: (robustness) => [
      ...robustness.kinds.map(
        (kind, index) =>
          `${index === 0 ? 'Robustness ' : '           '}${kind.perturbation}: ${describeRobustnessKind(kind)}`,
      ),
      `           ${ROBUSTNESS_NOTE}`,
    ],
  },
  markdown: {
    slot: 'reliability',
    rows: (robustness) =>
      robustness.kinds.map((kind) => [
        `Robustness: ${markdownCode(kind.perturbation)}`,
        escapeMarkdown(describeRobustnessKind(kind)),
      ]),
  },
};
