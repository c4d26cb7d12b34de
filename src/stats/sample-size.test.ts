import { describe, expect, it } from 'vitest';
import { designEffect, sampleSize } from './sample-size.js';

// The normal quantiles the worked examples use (to 10 digits, from any table):
//   z_0.975 = 1.9599639845   z_0.8 = 0.8416212336   z_0.995 = 2.5758293035   z_0.9 = 1.2815515655
// (z_0.975 + z_0.8)² = 2.8015852181² = 7.8488797343

describe('designEffect', () => {
  it('is 1 + (k − 1)·r', () => {
    expect(designEffect(1, 0.3)).toBe(1);
    expect(designEffect(4, 0.3)).toBeCloseTo(1.9, 15);
    expect(designEffect(8, 0.3)).toBeCloseTo(3.1, 15);
    expect(designEffect(5, 0)).toBe(1);
    expect(designEffect(5, 1)).toBe(5);
  });
});

describe('sampleSize: a paired difference', () => {
  it('needs 330 tasks to detect 0.1 from 0.7 with one trial per task', () => {
    // σ_d² = 2·p(1−p)·DE/k = 2·0.21·1/1 = 0.42 (r does not matter at k = 1)
    // n = 7.8488797343 · 0.42 / 0.1² = 329.65 → 330
    const plan = sampleSize({ type: 'difference', p: 0.7, delta: 0.1, trialsPerTask: 1 });
    expect(plan.exactTasks).toBeCloseTo(329.6529488, 6);
    expect(plan.tasks).toBe(330);
    expect(plan.designEffect).toBe(1);
    expect(plan.variance).toBeCloseTo(0.42, 15);
    expect(sampleSize({ type: 'difference', p: 0.7, delta: 0.1, icc: 0.9 }).tasks).toBe(330);
  });

  it('needs fewer tasks with more trials per task, never fewer than the r floor', () => {
    // p = 0.7, D = 0.1, r = 0.3; n = 7.8488797343 · 0.42 · DE/k / 0.01 = 329.65 · DE/k
    //   k = 2: DE = 1.3, 329.65·0.65  = 214.27 → 215
    //   k = 4: DE = 1.9, 329.65·0.475 = 156.59 → 157
    //   k = 8: DE = 3.1, 329.65·0.3875 = 127.74 → 128
    //   k → ∞: DE/k → r = 0.3, 329.65·0.3 = 98.90 → 99
    const tasks = [2, 4, 8].map(
      (k) =>
        sampleSize({ type: 'difference', p: 0.7, delta: 0.1, trialsPerTask: k, icc: 0.3 }).tasks,
    );
    expect(tasks).toEqual([215, 157, 128]);
    const plan = sampleSize({ type: 'difference', p: 0.7, delta: 0.1, trialsPerTask: 8 });
    expect(plan.tasksWithUnlimitedTrials).toBe(99);
  });

  it('needs 187 tasks for 0.1 from 0.5 with 4 trials and r = 0.3', () => {
    // DE = 1 + 3·0.3 = 1.9; σ_d² = 2·0.25·1.9/4 = 0.2375
    // n = 7.8488797343 · 0.2375 / 0.01 = 186.41 → 187
    const plan = sampleSize({
      type: 'difference',
      p: 0.5,
      delta: 0.1,
      trialsPerTask: 4,
      icc: 0.3,
    });
    expect(plan.variance).toBeCloseTo(0.2375, 15);
    expect(plan.tasks).toBe(187);
  });

  it('needs half the tasks when the systems correlate at ρ = 0.5', () => {
    // σ_d² = 2·(1 − 0.5)·0.21 = 0.21; n = 7.8488797343 · 0.21 / 0.01 = 164.83 → 165
    expect(sampleSize({ type: 'difference', p: 0.7, delta: 0.1, correlation: 0.5 }).tasks).toBe(
      165,
    );
  });

  it('needs 625 tasks at the 1% level with 90% power', () => {
    // (2.5758293035 + 1.2815515655)² = 3.8573808690² = 14.8793871692
    // n = 14.8793871692 · 0.42 / 0.01 = 624.93 → 625
    const plan = sampleSize({ type: 'difference', p: 0.7, delta: 0.1, alpha: 0.01, power: 0.9 });
    expect(plan).toMatchObject({
      zLevel: expect.closeTo(2.5758293035, 9),
      zPower: expect.closeTo(1.2815515655, 9),
    });
    expect(plan.tasks).toBe(625);
  });

  it('gives NaN for inputs out of range', () => {
    expect(sampleSize({ type: 'difference', p: 1, delta: 0.1 }).tasks).toBeNaN();
    expect(sampleSize({ type: 'difference', p: 0.5, delta: 0 }).tasks).toBeNaN();
    expect(
      sampleSize({ type: 'difference', p: 0.5, delta: 0.1, trialsPerTask: 1.5 }).tasks,
    ).toBeNaN();
    expect(sampleSize({ type: 'difference', p: 0.5, delta: 0.1, correlation: 1 }).tasks).toBeNaN();
    expect(sampleSize({ type: 'difference', p: 0.5, delta: 0.1, icc: 1.2 }).tasks).toBeNaN();
  });
});

describe('sampleSize: an interval width', () => {
  it('needs the textbook 385 for ±0.05 at p = 0.5', () => {
    // n = 1.9599639845² · 0.25 / 0.05² = 3.8414588207 · 100 = 384.15 → 385
    expect(sampleSize({ type: 'width', p: 0.5, halfWidth: 0.05 }).tasks).toBe(385);
  });

  it('needs 323 tasks for ±0.05 at p = 0.7 with one trial, 154 with four', () => {
    // k = 1: n = 3.8414588207 · 0.21 / 0.0025 = 322.68 → 323
    // k = 4, r = 0.3: DE = 1.9, n = 3.8414588207 · 0.21 · 1.9 / (4 · 0.0025) = 153.27 → 154
    // k → ∞: n = 3.8414588207 · 0.21 · 0.3 / 0.0025 = 96.80 → 97
    expect(sampleSize({ type: 'width', p: 0.7, halfWidth: 0.05 }).tasks).toBe(323);
    const plan = sampleSize({ type: 'width', p: 0.7, halfWidth: 0.05, trialsPerTask: 4 });
    expect(plan.variance).toBeCloseTo(0.09975, 15);
    expect(plan.tasks).toBe(154);
    expect(plan.tasksWithUnlimitedTrials).toBe(97);
  });

  it('has no floor when trials are independent (r = 0)', () => {
    // k = 4, r = 0: n = 3.8414588207 · 0.21 / (4 · 0.0025) = 80.67 → 81
    const plan = sampleSize({ type: 'width', p: 0.7, halfWidth: 0.05, trialsPerTask: 4, icc: 0 });
    expect(plan.tasks).toBe(81);
    expect(plan.tasksWithUnlimitedTrials).toBe(0);
  });

  it('gives NaN for a width outside (0, 1)', () => {
    expect(sampleSize({ type: 'width', p: 0.5, halfWidth: 0 }).tasks).toBeNaN();
  });
});
