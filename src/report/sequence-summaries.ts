import { summariseDrift } from './drift-summary.js';
import type { DriftSummary } from './drift-summary.js';
import { summariseMemory } from './memory-summary.js';
import type { MemorySummary } from './memory-summary.js';
import type { SequenceTrial } from './sequence-episodes.js';

/**
 * The scorecard's optional sequence fields: `memory` when a record is an
 * episode of a sequence, `drift` when an episode also ran on an
 * environment version; neither key when the run has no sequences.
 */
export function summariseSequences(
  trials: readonly SequenceTrial[],
  options: { readonly oracle?: readonly SequenceTrial[] | undefined } = {},
): { drift?: DriftSummary; memory?: MemorySummary } {
  const memory = summariseMemory(trials);
  if (memory === null) return {};
  const drift = summariseDrift(trials, { oracle: options.oracle ?? null });
  return drift === null ? { memory } : { drift, memory };
}
