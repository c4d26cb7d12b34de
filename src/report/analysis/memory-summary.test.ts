import { describe, expect, it } from 'vitest';
import type { RecordSequence } from '../../schema/index.js';
import {
  moverDifferenceInterval,
  successRateInterval,
  taskMeanInterval,
} from '../../stats/index.js';
import { summariseMemory } from './memory-summary.js';
import type { SequenceTrial } from './sequence-episodes.js';

type Session = RecordSequence['session'];

/** One attempt of sequence `id`: per episode its task, session and outcome ('1' or '0'). */
function attempt(
  id: string,
  number: number,
  episodes: readonly (readonly [task: string, session: Session, outcome: string])[],
): SequenceTrial[] {
  return episodes.map(([task, session, outcome], index) => ({
    attempt: number,
    rerun: 0,
    valid: true,
    success: outcome === '1',
    sequence: { id, episode: index + 1, task, session, version: null },
  }));
}

/** p, q: episode 2 in the same session, 3 in a new one; r, s the other way round. */
const SAME_THEN_NEW = (outcomes: string, prefix = '') =>
  (['t1', 't2', 't3'] as const).map(
    (task, index) => [`${prefix}${task}`, index === 1 ? 'same' : 'new', outcomes[index]!] as const,
  );
const NEW_THEN_SAME = (outcomes: string, prefix = '') =>
  (['t1', 't2', 't3'] as const).map(
    (task, index) => [`${prefix}${task}`, index === 2 ? 'same' : 'new', outcomes[index]!] as const,
  );

const rate = (perSequence: [number, number][]) => {
  const interval = successRateInterval(
    perSequence.map(([successes, trials]) => ({ successes, trials })),
  );
  return { value: interval.value, lower: interval.lower, upper: interval.upper };
};

describe('summariseMemory: a hand-worked example', () => {
  // p 110, q 100 (same, then new); r 111, s 011 (new, then same).
  // p and r are twins on tasks x1..x3, q and s on y1..y3: two clusters.
  const twins = [
    ...attempt('p', 1, SAME_THEN_NEW('110', 'x')),
    ...attempt('q', 1, SAME_THEN_NEW('100', 'y')),
    ...attempt('r', 1, NEW_THEN_SAME('111', 'x')),
    ...attempt('s', 1, NEW_THEN_SAME('011', 'y')),
  ];
  const memory = summariseMemory(twins)!;

  it('rates each episode index and recall (every episode after the first)', () => {
    expect(memory.by_episode.map((entry) => [entry.episode, entry.rate.value])).toEqual([
      [1, 0.75],
      [2, 0.75],
      [3, 0.5],
    ]);
    // Recall per sequence: p 1/2, q 0/2, r 2/2, s 2/2; per cluster x 3/4, y 1/2.
    expect(memory.recall).toMatchObject({
      value: 0.625,
      successes: 5,
      episodes: 8,
      sequences: 4,
      clusters: 2,
    });
    const recall = taskMeanInterval([0.75, 0.5], { maxEffectiveTrials: 8 });
    expect(memory.recall.ci95).toEqual([recall.lower, recall.upper]);
  });

  it('rates within-session (1, 0, 1, 1) and cross-session (0, 0, 1, 1) success', () => {
    expect(memory.within_session).toMatchObject({ value: 0.75, episodes: 4, sequences: 4 });
    expect(memory.cross_session).toMatchObject({ value: 0.5, episodes: 4, sequences: 4 });
  });

  it('pairs the difference by twin task: x2 0, x3 +1, y2 −1, y3 +1; by cluster 1/2 and 0', () => {
    expect(memory.difference).toMatchObject({ pairing: 'by-task', twin_tasks: 4, clusters: 2 });
    expect(memory.difference!.value).toBeCloseTo(0.25, 12);
    expect(memory.difference!.method).toBe('newcombe-mover');
    // Per cluster, same-session success 1 (x2, x3) and 1/2 (y2, y3); new-session 1/2 and 1/2.
    const same = taskMeanInterval([1, 0.5], { maxEffectiveTrials: 4 });
    const fresh = taskMeanInterval([0.5, 0.5], { maxEffectiveTrials: 4 });
    expect(memory.difference!.ci95).toEqual([
      Math.max(-1, 0.25 - Math.hypot(0.75 - same.lower, fresh.upper - 0.5)),
      Math.min(1, 0.25 + Math.hypot(same.upper - 0.75, 0.5 - fresh.lower)),
    ]);
  });

  it('is unpaired without twins: Newcombe from the two clustered intervals', () => {
    const unpaired = summariseMemory([
      ...attempt('p', 1, SAME_THEN_NEW('110', 'p')),
      ...attempt('q', 1, SAME_THEN_NEW('100', 'q')),
      ...attempt('r', 1, NEW_THEN_SAME('111', 'r')),
      ...attempt('s', 1, NEW_THEN_SAME('011', 's')),
    ])!;
    const expected = moverDifferenceInterval(
      rate([
        [1, 1],
        [0, 1],
        [1, 1],
        [1, 1],
      ]),
      rate([
        [0, 1],
        [0, 1],
        [1, 1],
        [1, 1],
      ]),
    );
    expect(unpaired.difference).toMatchObject({
      pairing: 'unpaired',
      twin_tasks: 0,
      method: 'newcombe-mover',
      clusters: 4,
    });
    expect(unpaired.difference!.value).toBeCloseTo(0.25, 12);
    expect(unpaired.difference!.ci95).toEqual([expected.lower, expected.upper]);
  });
});

describe('summariseMemory: edge regimes', () => {
  it('joins twins (the same set of task files) into one cluster, and no other sequences', () => {
    const memory = summariseMemory([
      ...attempt('a', 1, SAME_THEN_NEW('111', 'x')),
      ...attempt('b', 1, NEW_THEN_SAME('111', 'x')),
      ...attempt('c', 1, [
        ['x1', 'new', '1'],
        ['z2', 'same', '1'],
      ]),
    ])!;
    expect(memory.recall).toMatchObject({ sequences: 3, clusters: 2 });
  });

  it('is null without sequences', () => {
    expect(summariseMemory([{ attempt: 1, rerun: 0, valid: true, success: true }])).toBeNull();
  });

  it('has no difference when only one kind of session was played', () => {
    const memory = summariseMemory(
      attempt('p', 1, [
        ['a', 'new', '1'],
        ['b', 'same', '1'],
      ]),
    )!;
    expect(memory.cross_session).toBeNull();
    expect(memory.difference).toBeNull();
    expect(memory.within_session?.method).toBe('wilson-single-task');
  });

  it('keeps a width when every episode passes', () => {
    const records = Array.from({ length: 10 }, (_, index) =>
      attempt(
        `s${index}`,
        1,
        index % 2 === 0
          ? SAME_THEN_NEW('111', `pair${index >> 1}`)
          : NEW_THEN_SAME('111', `pair${index >> 1}`),
      ),
    ).flat();
    const memory = summariseMemory(records)!;
    expect(memory.recall.value).toBe(1);
    expect(memory.recall.ci95[0]).toBeLessThan(0.8);
    expect(memory.difference!.value).toBe(0);
    expect(memory.difference!.ci95[0]).toBeLessThan(0);
    expect(memory.difference!.ci95[1]).toBeGreaterThan(0);
  });

  it('never counts invalid records', () => {
    const records = [
      ...attempt('p', 1, SAME_THEN_NEW('111')),
      { ...attempt('q', 1, SAME_THEN_NEW('000'))[1]!, valid: false },
    ];
    const memory = summariseMemory(records)!;
    expect(memory.invalid_records).toBe(1);
    expect(memory.recall).toMatchObject({ value: 1, episodes: 2, sequences: 1 });
  });
});
