import { describe, expect, it } from 'vitest';
import { createRng } from '../../core/index.js';
import type { Rng } from '../../core/index.js';
import { sampleBeta } from '../../testing/sample-beta.js';
import { summariseDrift } from './drift-summary.js';
import { summariseMemory } from './memory-summary.js';
import type { SequenceTrial } from './sequence-episodes.js';

/**
 * A smaller copy of one design of `npm run simulate:sequences`: θ ~
 * Beta(4, 2) per sequence (shared by twins), an attempt breaks down (every
 * episode fails) with probability 0.1, version v2 costs 30% of the chance
 * and a new session after the first episode 30%. Targets in closed form:
 * c = E[θ]·0.9 = 0.6; drop c·0.3 = 0.18; within − cross c·0.3 = 0.18.
 */
const C = (4 / 6) * 0.9;
const ATTEMPTS = 3;

type Step = readonly [version: string | null, session: 'same' | 'new'];

function play(rng: Rng, id: string, tasks: string, layout: readonly Step[], ability: number) {
  const records: SequenceTrial[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const isBroken = rng.next() < 0.1;
    layout.forEach(([version, session], index) => {
      const factor = (version === 'v2' ? 0.7 : 1) * (index > 0 && session === 'new' ? 0.7 : 1);
      records.push({
        attempt,
        rerun: 0,
        valid: true,
        success: rng.next() < (isBroken ? 0 : ability * factor),
        sequence: { id, episode: index + 1, task: `${tasks}-${index}`, session, version },
      });
    });
  }
  return records;
}

const DRIFT: readonly Step[] = [
  ['v1', 'new'],
  ['v1', 'same'],
  ['v2', 'same'],
  ['v2', 'same'],
];
const TWIN_A: readonly Step[] = [
  [null, 'new'],
  [null, 'same'],
  [null, 'new'],
];
const TWIN_B: readonly Step[] = [
  [null, 'new'],
  [null, 'new'],
  [null, 'same'],
];

const covers = (ci: readonly [number, number], truth: number): boolean =>
  ci[0] <= truth && truth <= ci[1];

describe('coverage of the sequence intervals (400 simulated suites of 10 sequences, seeded)', () => {
  const rng = createRng(20261202);
  const suites = 400;
  const hits = { version: 0, drop: 0, regret: 0, within: 0, paired: 0 };
  for (let suite = 0; suite < suites; suite += 1) {
    const drift: SequenceTrial[] = [];
    const twins: SequenceTrial[] = [];
    for (let index = 0; index < 10; index += 1) {
      drift.push(...play(rng, `d${index}`, `d${index}`, DRIFT, sampleBeta(rng, 4, 2)));
    }
    for (let pair = 0; pair < 5; pair += 1) {
      const ability = sampleBeta(rng, 4, 2);
      twins.push(
        ...play(rng, `a${pair}`, `t${pair}`, TWIN_A, ability),
        ...play(rng, `b${pair}`, `t${pair}`, TWIN_B, ability),
      );
    }
    const summary = summariseDrift(drift)!;
    const memory = summariseMemory(twins)!;
    if (covers(summary.by_version[1]!.rate.ci95, C * 0.7)) hits.version += 1;
    if (covers(summary.any_change!.drop.ci95, C * 0.3)) hits.drop += 1;
    if (covers(summary.regret.normalised.ci95, 1 - (C * (2 + 2 * 0.7)) / 4)) hits.regret += 1;
    if (covers(memory.within_session!.ci95, C)) hits.within += 1;
    if (covers(memory.difference!.ci95, C * 0.3)) hits.paired += 1;
  }

  it.each(Object.keys(hits) as (keyof typeof hits)[])(
    '%s covers its target in at least 92% of suites',
    (figure) => {
      expect(hits[figure] / suites).toBeGreaterThanOrEqual(0.92);
    },
  );

  it('pairs the twins by task', () => {
    const memory = summariseMemory([
      ...play(createRng(1), 'a', 't', TWIN_A, 0.5),
      ...play(createRng(2), 'b', 't', TWIN_B, 0.5),
    ])!;
    expect(memory.difference).toMatchObject({ pairing: 'by-task', twin_tasks: 2, clusters: 1 });
  });
});
