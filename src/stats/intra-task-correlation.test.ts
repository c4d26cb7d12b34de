import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import { sampleBeta } from '../testing/sample-beta.js';
import { intraTaskCorrelation } from './intra-task-correlation.js';

describe('intraTaskCorrelation', () => {
  it('is 1 when each task always gives the same outcome', () => {
    const estimate = intraTaskCorrelation([
      { successes: 4, trials: 4 },
      { successes: 0, trials: 4 },
      { successes: 4, trials: 4 },
    ]);
    expect(estimate).toMatchObject({ icc: 1, rawIcc: 1, status: 'estimated', designEffect: 4 });
  });

  it('reaches its floor −1/(n − 1) when every task has the same rate, clipped to 0', () => {
    // Two tasks at 2/4: MSB = 0, MSW = 2/6, n0 = 4, so ρ̂ = −(1/3)/(3·1/3) = −1/3.
    const estimate = intraTaskCorrelation([
      { successes: 2, trials: 4 },
      { successes: 2, trials: 4 },
    ]);
    expect(estimate.rawIcc).toBeCloseTo(-1 / 3, 12);
    expect(estimate.icc).toBe(0);
    expect(estimate.designEffect).toBe(1);
  });

  it('matches a worked example with unequal trials per task', () => {
    // By hand: N = 10, p̄ = 5/10; MSB = (2·0.25 + 3·0.25 + 5·0.01)/2 = 0.65;
    // MSW = (0 + 0 + 5·0.24)/7 = 1.2/7; n0 = (10 − 38/10)/2 = 3.1.
    const estimate = intraTaskCorrelation([
      { successes: 2, trials: 2 },
      { successes: 0, trials: 3 },
      { successes: 3, trials: 5 },
    ]);
    const msw = 1.2 / 7;
    expect(estimate.rawIcc).toBeCloseTo((0.65 - msw) / (0.65 + 2.1 * msw), 12);
    expect(estimate.meanTrialsPerTask).toBeCloseTo(10 / 3, 12);
  });

  it('says why it cannot estimate', () => {
    expect(intraTaskCorrelation([{ successes: 1, trials: 2 }]).status).toBe('too-few-tasks');
    const single = intraTaskCorrelation([
      { successes: 1, trials: 1 },
      { successes: 0, trials: 1 },
    ]);
    expect(single).toMatchObject({ status: 'one-trial-per-task', designEffect: 1 });
    expect(single.icc).toBeNaN();
    const flat = intraTaskCorrelation([
      { successes: 3, trials: 3 },
      { successes: 3, trials: 3 },
    ]);
    expect(flat.status).toBe('no-variation');
    expect(flat.designEffect).toBeNaN();
  });

  it('throws a RangeError naming the task with impossible counts or no trials', () => {
    expect(() =>
      intraTaskCorrelation([
        { successes: 1, trials: 2 },
        { successes: 3, trials: 2 },
      ]),
    ).toThrow(
      new RangeError(
        'intraTaskCorrelation: counts[1].successes is 3; it must be a whole number from 0 to counts[1].trials (2)',
      ),
    );
    expect(() => intraTaskCorrelation([{ successes: 0, trials: 0 }])).toThrow(
      'intraTaskCorrelation: counts[0].trials is 0; it must be a whole number, 1 or more (leave out tasks with no trials)',
    );
  });

  it('recovers ρ = 1/(a + b + 1) of beta-binomial trials', () => {
    // Task rates from Beta(a, b) give trial outcomes with correlation 1/(a + b + 1).
    const rng = createRng(11);
    for (const [a, b] of [
      [2, 2],
      [0.5, 0.5],
      [4, 1],
    ] as const) {
      const counts = Array.from({ length: 4000 }, () => {
        const rate = sampleBeta(rng, a, b);
        let successes = 0;
        for (let trial = 0; trial < 6; trial += 1) if (rng.next() < rate) successes += 1;
        return { successes, trials: 6 };
      });
      expect(intraTaskCorrelation(counts).icc).toBeCloseTo(1 / (a + b + 1), 1);
    }
  });
});
