import { describe, expect, it } from 'vitest';
import { summariseRobustness } from './robustness-summary.js';
import type { RobustnessTask } from './robustness-summary.js';

const task = (task_id: string, success_rate: number, trials = 4, weight = 1): RobustnessTask => ({
  task_id,
  success_rate,
  trials,
  weight,
});

/**
 * A hand-worked example: three base tasks with typos variants.
 *   A 1.00, variants 0.50 and 0.75 (mean 0.625): d = 0.375
 *   B 0.50, variant 0.50:                         d = 0
 *   C 0.75, variant 0.25:                         d = 0.5
 * mean d = 0.875 / 3 = 0.291667; sample sd = sqrt(0.1354167 / 2) = 0.260208;
 * se = sd / sqrt(3) = 0.150231; t(0.975, 2 df) = 0.95 · sqrt(2 / 0.0975) = 4.302653
 * (the closed form of Student's t quantile with 2 degrees of freedom);
 * interval 0.291667 ± 0.646393 = [−0.354726, 0.938060].
 */
const tasks = [
  task('A', 1),
  task('A~typos-1', 0.5),
  task('A~typos-2', 0.75),
  task('B', 0.5),
  task('B~typos', 0.5),
  task('C', 0.75),
  task('C~typos', 0.25),
  task('D~typos', 0.25),
  task('A~paraphrase', 1),
];
const variants = new Map([
  ['A~typos-1', { base: 'A', perturbation: 'typos' }],
  ['A~typos-2', { base: 'A', perturbation: 'typos' }],
  ['B~typos', { base: 'B', perturbation: 'typos' }],
  ['C~typos', { base: 'C', perturbation: 'typos' }],
  ['D~typos', { base: 'D', perturbation: 'typos' }],
  ['A~paraphrase', { base: 'A', perturbation: 'paraphrase' }],
]);

describe('summariseRobustness', () => {
  it('gives the mean per-task gap with the paired t interval of the hand-worked example', () => {
    const typos = summariseRobustness(tasks, variants, { seed: 1 })!.kinds.find(
      (kind) => kind.perturbation === 'typos',
    )!;
    expect(typos.tasks).toBe(3);
    expect(typos.variants).toBe(4);
    expect(typos.unpaired_variants).toBe(1);
    expect(typos.original_rate).toBeCloseTo(0.75, 12);
    expect(typos.variant_rate).toBeCloseTo(1.375 / 3, 12);
    expect(typos.gap.value).toBeCloseTo(0.291667, 6);
    expect(typos.gap.method).toBe('paired-t');
    expect(typos.gap.standard_error).toBeCloseTo(0.150231, 6);
    expect(typos.gap.ci95[0]).toBeCloseTo(-0.354726, 5);
    expect(typos.gap.ci95[1]).toBeCloseTo(0.93806, 5);
  });

  it('weights each base task by its weight, like the rest of the scorecard', () => {
    const weighted = [
      task('A', 1, 4, 3),
      task('A~typos', 0.5),
      task('B', 0.5),
      task('B~typos', 0.5),
    ];
    const summary = summariseRobustness(
      weighted,
      new Map([
        ['A~typos', { base: 'A', perturbation: 'typos' }],
        ['B~typos', { base: 'B', perturbation: 'typos' }],
      ]),
      { seed: 1 },
    )!;
    // (3 · 0.5 + 1 · 0) / 4
    expect(summary.kinds[0]!.gap.value).toBeCloseTo(0.375, 12);
    expect(summary.kinds[0]!.original_rate).toBeCloseTo((3 * 1 + 0.5) / 4, 12);
  });

  it('falls back to the exact interval with one paired task', () => {
    const paraphrase = summariseRobustness(tasks, variants, { seed: 1 })!.kinds.find(
      (kind) => kind.perturbation === 'paraphrase',
    )!;
    expect(paraphrase.tasks).toBe(1);
    expect(paraphrase.gap.value).toBe(0);
    expect(paraphrase.gap.method).toBe('sign-flip-hoeffding');
    expect(paraphrase.gap.ci95[0]).toBeLessThan(0);
    expect(paraphrase.gap.ci95[1]).toBeGreaterThan(0);
  });

  it('leaves out variants with no valid trial and is null without variants', () => {
    expect(summariseRobustness(tasks, new Map(), { seed: 1 })).toBeNull();
    const noTrials = summariseRobustness(
      [task('A', 1), task('A~typos', 0, 0)],
      new Map([['A~typos', { base: 'A', perturbation: 'typos' }]]),
      { seed: 1 },
    )!;
    expect(noTrials.kinds[0]!.tasks).toBe(0);
  });
});
