import { describePartial } from '../rendering/describe-plans.js';
import { summarisePartial } from '../analysis/partial-summary.js';
import type { ScorecardSection } from '../scorecard-section.js';

/** Mean partial score with its clustered interval, beside the same trials' success. */
export const partialSection: ScorecardSection<'partial'> = {
  key: 'partial',
  weights: 'task',
  summarise: ({ valid, weights }) => summarisePartial(valid, weights),
  terminal: { slot: 'headline', lines: (partial) => [`Partial    ${describePartial(partial)}`] },
  markdown: {
    slot: 'headline',
    rows: (partial) => [['Partial credit (beside success)', describePartial(partial)]],
  },
};
