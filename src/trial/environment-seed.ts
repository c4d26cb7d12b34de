import { deriveSeed } from '../core/index.js';

/**
 * The seed of a trial's environment (what its tools draw from `rng`), from
 * the trial's seed. Playing a trial and replaying its tool calls for a
 * regrade both take it from here, and the trial's seed is on every record,
 * so a replay draws what the trial drew.
 *
 * @example
 * const rng = createRng(environmentSeed(record.seed));
 */
export function environmentSeed(trialSeed: number): number {
  return deriveSeed(trialSeed, 'environment');
}
