import { describe, expect, it } from 'vitest';
import {
  expectRisingAsEventsAdded,
  expectRisingWithOneMoreEvent,
} from '../../test/support/upper-bound-layouts.js';
import { createRng } from '../core/index.js';
import { clopperPearsonUpperBound } from './clopper-pearson-upper-bound.js';
import { MIN_EVENT_ICC, clusteredUpperBound } from './clustered-upper-bound.js';
import type { TaskEventCounts } from './clustered-upper-bound.js';
import { designEffect, kishTrialsPerTask } from './design-effect.js';
import { intraTaskCorrelation } from './intra-task-correlation.js';

const tasksOf = (events: readonly number[], trials: number): TaskEventCounts[] =>
  events.map((count) => ({ events: count, trials }));

describe('clusteredUpperBound', () => {
  it('counts each task once when no event was seen: 0 in 25 tasks × 4 → 1 − 0.05^(1/25)', () => {
    const bound = clusteredUpperBound(tasksOf(Array(25).fill(0) as number[], 4));
    expect(bound).toMatchObject({ events: 0, trials: 100, tasks: 25, source: 'worst-case' });
    expect(bound.effectiveTrials).toBeCloseTo(25, 12);
    expect(bound.upper).toBeCloseTo(1 - 0.05 ** (1 / 25), 12);
  });

  it('needs no correction with one trial per task: the plain bound of 1/20, 0.2161 (SciPy)', () => {
    const bound = clusteredUpperBound(tasksOf([1, ...(Array(19).fill(0) as number[])], 1));
    expect(bound).toMatchObject({ source: 'one-trial-per-task', designEffect: 1 });
    // scipy.stats.beta.ppf(0.95, 2, 19)
    expect(bound.upper).toBeCloseTo(0.2161061642068472, 10);
  });

  it('counts a task as one trial when its trials all agree: 2 of 10 tasks × 4 → the bound of 2/10', () => {
    const bound = clusteredUpperBound(tasksOf([4, 4, 0, 0, 0, 0, 0, 0, 0, 0], 4));
    expect(bound).toMatchObject({ icc: 1, designEffect: 4, source: 'estimated' });
    // scipy.stats.beta.ppf(0.95, 3, 8)
    expect(bound.upper).toBeCloseTo(0.5069013010632024, 10);
  });

  it('assumes ρ of at least 0.3 when the estimate is lower: DE = 1 + 3·0.3 for 4 trials a task', () => {
    // One event per task in 5 of 10 tasks: ρ̂ < 0, so ρ = 0.3, DE = 1.9, n_eff = 40/1.9.
    const bound = clusteredUpperBound(tasksOf([1, 1, 1, 1, 1, 0, 0, 0, 0, 0], 4));
    expect(bound.source).toBe('floor');
    expect(bound.designEffect).toBeCloseTo(1.9, 12);
    // scipy.stats.beta.ppf(0.95, 1 + 5/1.9, 40/1.9 - 5/1.9)
    expect(bound.upper).toBeCloseTo(0.3073806884867283, 10);
  });

  it('is NaN without tasks', () => {
    expect(clusteredUpperBound([]).upper).toBeNaN();
  });

  it('throws a RangeError naming the task with impossible counts', () => {
    expect(() => clusteredUpperBound([{ events: 5, trials: 4 }])).toThrow(
      new RangeError(
        'clusteredUpperBound: counts[0].events is 5; it must be a whole number from 0 to counts[0].trials (4)',
      ),
    );
    expect(() =>
      clusteredUpperBound([
        { events: 0, trials: 4 },
        { events: 0, trials: 0 },
      ]),
    ).toThrow('clusteredUpperBound: counts[1].trials is 0;');
    expect(() => clusteredUpperBound([{ events: 0, trials: 4 }], { confidence: 1.5 })).toThrow(
      'clusteredUpperBound: options.confidence is 1.5;',
    );
  });

  // The full sweeps (up to 50 trials; 5 tasks × 6 trials): clustered-upper-bound-sweep.test.ts (slow tier).
  it('never falls as events are added, for every layout of up to 20 trials', () => {
    expect(expectRisingAsEventsAdded(20)).toBeGreaterThan(0);
  });

  it('never falls when one event is added to any task of any layout of 5 tasks × 5 trials', () => {
    // Each of 6^5 layouts, each task that is not full: 5 · 5 · 6^4 pairs.
    expect(expectRisingWithOneMoreEvent(5, 5)).toBe(5 * 5 * 6 ** 4);
  });
});

/** The bound of one layout as documented: ρ̂ of that layout (floored, 1 when not estimable), never below the zero-event bound. */
function layoutBound(counts: readonly TaskEventCounts[]): number {
  const trials = counts.reduce((sum, task) => sum + task.trials, 0);
  const events = counts.reduce((sum, task) => sum + task.events, 0);
  const correlation = intraTaskCorrelation(
    counts.map((task) => ({ successes: task.events, trials: task.trials })),
  );
  const estimate = Number.isNaN(correlation.icc) ? 0 : correlation.icc;
  const icc =
    correlation.status === 'estimated' || correlation.status === 'one-trial-per-task'
      ? Math.max(estimate, MIN_EVENT_ICC)
      : 1;
  const sizes = counts.map((task) => task.trials);
  const effectiveTrials = trials / designEffect(sizes, icc);
  return Math.max(
    clopperPearsonUpperBound((events / trials) * effectiveTrials, effectiveTrials),
    clopperPearsonUpperBound(0, trials / kishTrialsPerTask(sizes)),
  );
}

/** The documented bound by enumeration: the most of every most concentrated nested layout's bound. */
function enumeratedBound(counts: readonly TaskEventCounts[]): number {
  const order = counts
    .map((task, index) => ({ ...task, index }))
    .sort((a, b) => b.events / b.trials - a.events / a.trials || a.trials - b.trials);
  const total = counts.reduce((sum, task) => sum + task.events, 0);
  let upper = layoutBound(counts);
  for (let kept = 0; kept < total && total > 0; kept += 1) {
    let left = kept;
    const nested = counts.map((task) => ({ events: 0, trials: task.trials }));
    for (const task of order) {
      const take = Math.min(task.events, left);
      nested[task.index] = { events: take, trials: task.trials };
      left -= take;
    }
    upper = Math.max(upper, layoutBound(nested));
  }
  return upper;
}

describe('clusteredUpperBound against every nested layout', () => {
  it('equals, bit for bit, the most of the bounds of every most concentrated nested layout', () => {
    const rng = createRng(11);
    for (let layout = 0; layout < 400; layout += 1) {
      const tasks = 2 + rng.int(0, layout % 10 === 0 ? 60 : 15);
      const equal = rng.chance(0.6) ? rng.int(1, 10) : undefined;
      const shape = layout % 4;
      const counts = Array.from({ length: tasks }, () => {
        const trials = equal ?? rng.int(1, 12);
        const events =
          shape === 0
            ? rng.chance(0.2)
              ? trials
              : 0 // a task fails every trial or none
            : shape === 1
              ? rng.int(0, trials)
              : shape === 2
                ? rng.chance(0.1)
                  ? rng.int(0, trials)
                  : 0
                : Math.min(trials, rng.int(0, 1));
        return { events, trials };
      });
      const { upper } = clusteredUpperBound(counts);
      expect(Object.is(upper, enumeratedBound(counts)), JSON.stringify(counts)).toBe(true);
    }
  });
});
