import { describe, expect, it } from 'vitest';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { buildScorecard } from './build-scorecard.js';
import { renderTerminal } from './render-terminal.js';

/** Task a passes 2 of 2, b 0 of 2, c 1 of 2; a and b labelled family x, c family y. */
const trials = [
  ...[true, true].map((success, i) =>
    buildTrialRecord({ task_id: 'a', attempt: i + 1, success, labels: { family: 'x' } }),
  ),
  ...[false, false].map((success, i) =>
    buildTrialRecord({ task_id: 'b', attempt: i + 1, success, labels: { family: 'x' } }),
  ),
  ...[true, false].map((success, i) =>
    buildTrialRecord({ task_id: 'c', attempt: i + 1, success, labels: { family: 'y' } }),
  ),
];
const ids = ['a', 'b', 'c'];

describe('buildScorecard with task weights', () => {
  it('equal weights give the scorecard of a run without weights, figure for figure', () => {
    const plain = buildScorecard(buildRunRecord(ids), trials);
    const equal = buildScorecard(
      buildRunRecord(ids, { suite: { weights: { a: 3, b: 3, c: 3 } } }),
      trials,
    );
    const strip = (card: typeof plain) => ({
      ...card,
      tasks: card.tasks.map(({ weight: _weight, ...task }) => task),
    });
    expect(strip(equal)).toEqual(strip(plain));
  });

  it('weights every suite mean: success, outcome-only, pass^k, pass@k and slices', () => {
    const card = buildScorecard(
      buildRunRecord(ids, { suite: { weights: { a: 1, b: 3 } } }),
      trials,
    );
    // Rates 1, 0, 0.5 with weights 1, 3, 1 (c defaults to 1): 1.5 / 5.
    expect(card.success_rate.value).toBeCloseTo(0.3, 14);
    // pass^2: 1, 0, 0 → 1/5; pass@2: 1, 0, 1 → 2/5.
    expect(card.pass_hat_k[2]).toBeCloseTo(0.2, 14);
    expect(card.pass_at_k[2]).toBeCloseTo(0.4, 14);
    // Slice x: a (1, weight 1) and b (0, weight 3) → 0.25; y: c alone → 0.5.
    expect(card.slices.family?.x?.success_rate).toBeCloseTo(0.25, 14);
    expect(card.slices.family?.y?.success_rate).toBeCloseTo(0.5, 14);
    expect(card.tasks.map((task) => task.weight)).toEqual([1, 3, 1]);
    expect(renderTerminal(card)).toContain(
      'weighted: suite means weight each task by its weight (1 of 3 tasks not at 1: b ×3)',
    );
    expect(renderTerminal(buildScorecard(buildRunRecord(ids), trials))).not.toContain('weighted:');
    const [lower, upper] = card.success_rate.ci95;
    expect(lower).toBeLessThan(0.3);
    expect(upper).toBeGreaterThan(0.3);
  });
});
