import { memoryFacts } from '../rendering/describe-sequences.js';
import { summariseMemory } from '../analysis/memory-summary.js';
import type { ScorecardSection } from '../scorecard-section.js';
import { sequenceLines } from './sequence-lines.js';

/** Success by episode index, recall, within- vs cross-session success; only when records are episodes of sequences. */
export const memorySection: ScorecardSection<'memory'> = {
  key: 'memory',
  weights: 'none',
  summarise: ({ trials }) => summariseMemory(trials) ?? undefined,
  terminal: { slot: 'sequences', lines: (memory) => sequenceLines('Memory', memoryFacts(memory)) },
  markdown: {
    slot: 'sequences',
    rows: (memory) => memoryFacts(memory).map(([label, text]) => [`Memory: ${label}`, text]),
  },
};
