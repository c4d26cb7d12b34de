import { driftFacts } from '../rendering/describe-sequences.js';
import { summariseDrift } from '../analysis/drift-summary.js';
import type { ScorecardSection } from '../scorecard-section.js';
import { memorySection } from './memory-section.js';
import { sequenceLines } from './sequence-lines.js';

/**
 * Success per environment version, the drop at a version change and regret
 * against the oracle; only when the run has sequences (a memory summary)
 * whose episodes carry a version.
 */
export const driftSection: ScorecardSection<'drift'> = {
  key: 'drift',
  weights: 'none',
  summarise: (input) =>
    input.use(memorySection) === undefined
      ? undefined
      : (summariseDrift(input.trials, { oracle: input.oracleTrials ?? null }) ?? undefined),
  terminal: { slot: 'sequences', lines: (drift) => sequenceLines('Drift', driftFacts(drift)) },
  markdown: {
    slot: 'sequences',
    rows: (drift) => driftFacts(drift).map(([label, text]) => [`Drift: ${label}`, text]),
  },
};
