import { describe, expect, it } from 'vitest';
import type { RecordSequence } from '../../schema/index.js';
import { pairedTTest, studentTQuantile, successRateInterval } from '../../stats/index.js';
import { summariseDrift } from './drift-summary.js';
import type { SequenceTrial } from './sequence-episodes.js';

/** One episode record: sequence id, attempt, episode, success, version. */
function episode(
  id: string,
  attempt: number,
  index: number,
  success: boolean,
  version: string | null,
  extra: Partial<SequenceTrial> & { session?: RecordSequence['session'] } = {},
): SequenceTrial {
  const { session = index === 1 ? 'new' : 'same', ...rest } = extra;
  return {
    attempt,
    rerun: 0,
    valid: true,
    success,
    sequence: { id, episode: index, task: `${id}-task-${index}`, session, version },
    ...rest,
  };
}

/** Attempts of one sequence on versions `versions`, each attempt a string of 1/0 per episode. */
function sequence(id: string, versions: (string | null)[], ...attempts: string[]): SequenceTrial[] {
  return attempts.flatMap((outcomes, attempt) =>
    [...outcomes].map((outcome, index) =>
      episode(id, attempt + 1, index + 1, outcome === '1', versions[index] ?? null),
    ),
  );
}

const V = ['v1', 'v1', 'v2'];

/**
 * Three sequences, two attempts, episodes 1–2 on v1 and 3 on v2:
 *   a: 110, 111    b: 100, 110    c: 011, 111
 * with an invalid first try of c's second attempt, episode 3 (rerun 1 is valid).
 */
const RECORDS: SequenceTrial[] = [
  ...sequence('a', V, '110', '111'),
  ...sequence('b', V, '100', '110'),
  ...sequence('c', V, '011').concat(
    episode('c', 2, 1, true, 'v1'),
    episode('c', 2, 2, true, 'v1'),
    episode('c', 2, 3, false, 'v2', { valid: false }),
    episode('c', 2, 3, true, 'v2', { rerun: 1 }),
  ),
];

const interval = (counts: [number, number][]): [number, number] => {
  const result = successRateInterval(counts.map(([successes, trials]) => ({ successes, trials })));
  return [result.lower, result.upper];
};

describe('summariseDrift: a hand-worked example', () => {
  const drift = summariseDrift(RECORDS)!;

  it('rates each version by sequence: v1 (1 + 3/4 + 3/4)/3, v2 (1/2 + 0 + 1)/3', () => {
    expect(drift.by_version.map((entry) => entry.version)).toEqual(['v1', 'v2']);
    const [v1, v2] = drift.by_version.map((entry) => entry.rate);
    expect(v1).toMatchObject({ successes: 10, episodes: 12, sequences: 3 });
    expect(v1!.value).toBeCloseTo(2.5 / 3, 12);
    expect(v1!.ci95).toEqual(
      interval([
        [4, 4],
        [3, 4],
        [3, 4],
      ]),
    );
    expect(v2).toMatchObject({ value: 0.5, successes: 3, episodes: 6, sequences: 3 });
    expect(v2!.ci95).toEqual(
      interval([
        [1, 2],
        [0, 2],
        [2, 2],
      ]),
    );
    expect(drift.invalid_records).toBe(1);
  });

  it('drops by the mean over sequences of the paired before − after: (1/2 + 1/2 + 0)/3', () => {
    const change = drift.any_change!;
    expect(change.pairs).toBe(6);
    expect(change.before.value).toBeCloseTo(5 / 6, 12);
    expect(change.after.value).toBeCloseTo(0.5, 12);
    expect(change.drop.value).toBeCloseTo(1 / 3, 12);
    expect(change.drop.method).toBe('newcombe-mover');
    // Newcombe's interval from the before and after intervals printed beside it.
    const [beforeLow, beforeHigh] = change.before.ci95;
    const [afterLow, afterHigh] = change.after.ci95;
    expect(change.drop.ci95[0]).toBeCloseTo(
      1 / 3 - Math.hypot(5 / 6 - beforeLow, afterHigh - 0.5),
      12,
    );
    expect(change.drop.ci95[1]).toBeCloseTo(
      Math.min(1, 1 / 3 + Math.hypot(beforeHigh - 5 / 6, 0.5 - afterLow)),
      12,
    );
    expect(drift.by_change).toHaveLength(1);
    expect(drift.by_change[0]).toMatchObject({ from: 'v1', to: 'v2', pairs: 6 });
  });

  it('sums regret per attempt against an oracle that passes every episode', () => {
    const { regret } = drift;
    // Failures per attempt: a 1, 0; b 2, 1; c 1, 0: per sequence 0.5, 1.5, 0.5.
    expect(regret).toMatchObject({ oracle: 'assumed', sequences: 3, attempts: 6 });
    expect(regret.incomplete_attempts).toBe(0);
    expect(regret.per_attempt.value).toBeCloseTo(2.5 / 3, 12);
    expect(regret.normalised.value).toBeCloseTo(2.5 / 9, 12);
    expect(regret.normalised.ci95).toEqual(
      interval([
        [1, 6],
        [3, 6],
        [1, 6],
      ]).map((bound) => bound),
    );
    const scaled = regret.normalised.ci95.map((bound) => bound * 3);
    expect(regret.per_attempt.ci95[0]).toBeCloseTo(scaled[0]!, 12);
    expect(regret.per_attempt.ci95[1]).toBeCloseTo(scaled[1]!, 12);
    // Cumulative: after episode 1 only c's first attempt lost one (0, 0, 1/2);
    // after episode 2, b's first attempt too (0, 1/2, 1/2).
    expect(regret.cumulative.map((entry) => entry.episode)).toEqual([1, 2, 3]);
    expect(regret.cumulative[0]!.value).toBeCloseTo(1 / 6, 12);
    expect(regret.cumulative[1]!.value).toBeCloseTo(1 / 3, 12);
    expect(regret.cumulative[2]!.value).toBeCloseTo(2.5 / 3, 12);
  });

  it('takes o_e from an oracle run, pairing oracle − agent by sequence', () => {
    // The oracle fails b's third episode: b's attempts lose 1 (episode 2) and 0.
    const oracle = [
      ...sequence('a', V, '111'),
      ...sequence('b', V, '110'),
      ...sequence('c', V, '111'),
    ];
    const regret = summariseDrift(RECORDS, { oracle })!.regret;
    expect(regret.oracle).toBe('run');
    expect(regret.per_attempt.value).toBeCloseTo(0.5, 12);
    expect(regret.normalised.value).toBeCloseTo(1 / 6, 12);
    // Every sequence's regret is 1/6: no spread between sequences, and the interval keeps a width.
    expect(regret.normalised.method).toBe('newcombe-mover');
    expect(regret.normalised.ci95[0]).toBeLessThan(1 / 6);
    expect(regret.normalised.ci95[1]).toBeGreaterThan(1 / 6);
  });

  it('leaves out sequences the oracle run did not play', () => {
    const oracle = [...sequence('a', V, '111'), ...sequence('b', V, '111')];
    const regret = summariseDrift(RECORDS, { oracle })!.regret;
    expect(regret).toMatchObject({ sequences: 2, sequences_without_oracle: 1, attempts: 4 });
  });
});

describe('summariseDrift: edge regimes', () => {
  it('is null without sequences or without any version', () => {
    expect(summariseDrift([{ attempt: 1, rerun: 0, valid: true, success: true }])).toBeNull();
    expect(summariseDrift(sequence('a', [null, null], '11'))).toBeNull();
  });

  it('keeps a width when every episode passes', () => {
    const records = Array.from({ length: 10 }, (_, index) =>
      sequence(`s${index}`, V, '111', '111'),
    ).flat();
    const drift = summariseDrift(records)!;
    const v2 = drift.by_version[1]!.rate;
    expect(v2.value).toBe(1);
    expect(v2.method).toBe('pseudo-task-bootstrap');
    // The interval of 10 successes in 10: each sequence counted once.
    expect(v2.ci95[0]).toBeCloseTo(
      successRateInterval(Array(10).fill({ successes: 1, trials: 1 })).lower,
      12,
    );
    const drop = drift.any_change!.drop;
    expect(drop.value).toBe(0);
    expect(drop.ci95[0]).toBeLessThan(0);
    expect(drop.ci95[1]).toBeGreaterThan(0);
    expect(drift.regret.normalised.value).toBe(0);
    expect(drift.regret.normalised.ci95[1]).toBeGreaterThan(0.1);
    expect(drift.regret.per_attempt.ci95[1]).toBeGreaterThan(0.3);
  });

  it('gives finite intervals with one sequence', () => {
    const drift = summariseDrift(sequence('a', V, '110', '100', '111'))!;
    expect(drift.by_version[0]!.rate.method).toBe('wilson-single-task');
    expect(drift.any_change!.drop.method).toBe('newcombe-mover');
    expect(drift.any_change!.drop.fallback_reason).toMatch(/one cluster/);
    expect(Number.isFinite(drift.regret.normalised.ci95[0])).toBe(true);
  });

  it('counts invalid episodes out and leaves their attempts out of regret', () => {
    const records = [
      ...sequence('a', V, '111'),
      episode('b', 1, 1, true, 'v1'),
      episode('b', 1, 2, true, 'v1', { valid: false }),
      episode('b', 1, 3, false, 'v2'),
    ];
    const drift = summariseDrift(records)!;
    expect(drift.invalid_records).toBe(1);
    // b's episode 2 is missing: no v1 → v2 pair in b, and its attempt is incomplete.
    expect(drift.any_change!.pairs).toBe(1);
    expect(drift.regret).toMatchObject({ attempts: 1, incomplete_attempts: 1, sequences: 1 });
    expect(drift.by_version[0]!.rate).toMatchObject({ episodes: 3, sequences: 2 });
  });

  it('weighs regret per attempt by sequence length when sequences differ in length', () => {
    // a: 2 episodes, plays 10 (R = 1); b: 4 episodes, plays 1100 (R = 2).
    const drift = summariseDrift([
      ...sequence('a', ['v1', 'v2'], '10'),
      ...sequence('b', ['v1', 'v1', 'v2', 'v2'], '1100'),
    ])!;
    const { regret } = drift;
    expect(regret.per_attempt.value).toBeCloseTo(1.5, 12);
    expect(regret.normalised.value).toBeCloseTo(0.5, 12);
    // Cumulative: after 1 nothing lost; after 2, a lost 1 and b 0; after 3 only b is that long.
    expect(regret.cumulative.map((step) => [step.episode, step.value, step.sequences])).toEqual([
      [1, 0, 2],
      [2, 0.5, 2],
      [3, 1, 1],
      [4, 2, 1],
    ]);
  });

  it('counts episodes without a version apart', () => {
    const drift = summariseDrift(sequence('a', ['v1', null, 'v2'], '111'))!;
    expect(drift).toMatchObject({ episodes_without_version: 1, pairs_without_version: 2 });
    expect(drift.any_change).toBeNull();
    expect(drift.by_version.map((entry) => entry.version)).toEqual(['v1', 'v2']);
  });
});

describe('pairedTTest reference used above', () => {
  it('agrees with the closed form for 1/2, 1/2, 0', () => {
    const test = pairedTTest([0.5, 0.5, 0]);
    expect(studentTQuantile(0.975, 2)).toBeCloseTo(4.302653, 5);
    expect(test.standardError).toBeCloseTo(Math.sqrt(1 / 12) / Math.sqrt(3), 12);
  });
});
