import { describe, expect, it } from 'vitest';
import type { TaskCounts } from './comparison.js';
import { regressionListChance } from './regression-list-chance.js';
import { taskChanges } from './task-changes.js';

const counts = (successes: number, trials: number): TaskCounts => ({
  successes,
  trials,
  success_rate: successes / trials,
  outcome_successes: successes,
});

function choose(n: number, k: number): number {
  let value = 1;
  for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
  return value;
}

/**
 * The chance that the per-task list (the real taskChanges) shows a
 * regression, by visiting every way B's trials could hold each task's
 * pooled successes, each weighted by its hypergeometric probability.
 */
function exactChance(tasks: readonly { a: TaskCounts; b: TaskCounts }[]): number {
  const options = tasks.map(({ a, b }) => {
    const pooled = a.successes + b.successes;
    const trials = a.trials + b.trials;
    const outcomes: { a: TaskCounts; b: TaskCounts; probability: number }[] = [];
    for (let x = 0; x <= Math.min(pooled, b.trials); x += 1) {
      if (pooled - x > a.trials) continue;
      const probability =
        (choose(pooled, x) * choose(trials - pooled, b.trials - x)) / choose(trials, b.trials);
      outcomes.push({ a: counts(pooled - x, a.trials), b: counts(x, b.trials), probability });
    }
    return outcomes;
  });
  let chance = 0;
  const visit = (index: number, picked: { a: TaskCounts; b: TaskCounts }[], p: number): void => {
    if (index === options.length) {
      if (taskChanges(picked).some((verdict) => verdict.change === 'regressed')) chance += p;
      return;
    }
    for (const outcome of options[index]!) {
      visit(index + 1, [...picked, outcome], p * outcome.probability);
    }
  };
  visit(0, [], 1);
  return chance;
}

describe('regressionListChance', () => {
  it('bounds, tightly, the chance that the list shows a regression between equal systems: two tasks', () => {
    const tasks = [
      { a: counts(8, 8), b: counts(0, 8) },
      { a: counts(5, 8), b: counts(7, 8) },
    ];
    const exact = exactChance(tasks);
    const bound = regressionListChance(tasks).chance;
    expect(exact).toBeGreaterThan(0);
    expect(bound).toBeGreaterThanOrEqual(exact - 1e-12);
    expect(bound).toBeLessThan(exact + 0.002);
  });

  it('bounds it with three tasks of five trials', () => {
    const tasks = [
      { a: counts(5, 5), b: counts(0, 5) },
      { a: counts(4, 5), b: counts(1, 5) },
      { a: counts(3, 5), b: counts(3, 5) },
    ];
    const exact = exactChance(tasks);
    const bound = regressionListChance(tasks).chance;
    expect(bound).toBeGreaterThanOrEqual(exact - 1e-12);
    expect(bound).toBeLessThan(0.025);
  });

  it('is 0 when no task can move (every rate 0 or 1 on both sides) and with no task', () => {
    expect(regressionListChance([{ a: counts(8, 8), b: counts(8, 8) }]).chance).toBe(0);
    expect(regressionListChance([]).chance).toBe(0);
  });

  it('assumes half the list’s rate past 40 trials in a task, where the search is too slow', () => {
    expect(regressionListChance([{ a: counts(20, 21), b: counts(3, 20) }])).toEqual({
      chance: 0.025,
      method: 'assumed',
    });
  });
});
