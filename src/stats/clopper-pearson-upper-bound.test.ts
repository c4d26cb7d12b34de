import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clopperPearsonUpperBound } from './clopper-pearson-upper-bound.js';

/** SciPy's beta.ppf(confidence, events + 1, trials − events); see the generator beside the fixture. */
const reference = JSON.parse(
  readFileSync(new URL('../../test/fixtures/one-sided-upper-bound.json', import.meta.url), 'utf8'),
) as { cases: { events: number; trials: number; confidence: number; upper: number }[] };

describe('clopperPearsonUpperBound', () => {
  it('matches SciPy for integer and fractional counts and three levels', () => {
    expect(reference.cases.length).toBeGreaterThan(40);
    for (const { events, trials, confidence, upper } of reference.cases) {
      const bound = clopperPearsonUpperBound(events, trials, confidence);
      expect(Math.abs(bound - upper) / upper, `${events}/${trials} at ${confidence}`).toBeLessThan(
        1e-10,
      );
    }
  });

  it('is 1 − 0.05^(1/n) for no events: 0/4 → 0.5271, not the 0.75 of the rule of three', () => {
    for (let trials = 1; trials <= 200; trials += 1) {
      const closedForm = 1 - 0.05 ** (1 / trials);
      expect(clopperPearsonUpperBound(0, trials)).toBeCloseTo(closedForm, 12);
    }
  });

  it('never falls as events rise, for every n ≤ 50 (integer and fractional counts)', () => {
    for (let trials = 1; trials <= 50; trials += 1) {
      let previous = 0;
      for (let events = 0; events <= trials; events += 0.25) {
        const bound = clopperPearsonUpperBound(events, trials);
        expect(bound, `${events}/${trials}`).toBeGreaterThanOrEqual(previous);
        expect(bound).toBeLessThanOrEqual(1);
        previous = bound;
      }
    }
  });

  it('covers the true rate at least 95% of the time, by exact binomial enumeration', () => {
    // P(bound(X) ≥ p) for X ~ Binomial(n, p), summed exactly over X.
    for (const trials of [5, 20, 50]) {
      for (const rate of [0.01, 0.05, 0.1, 0.3, 0.5, 0.9]) {
        let coverage = 0;
        let probability = (1 - rate) ** trials;
        for (let events = 0; events <= trials; events += 1) {
          if (clopperPearsonUpperBound(events, trials) >= rate) coverage += probability;
          probability *= ((trials - events) / (events + 1)) * (rate / (1 - rate));
        }
        expect(coverage, `n=${trials} p=${rate}`).toBeGreaterThanOrEqual(0.95 - 1e-9);
      }
    }
  });

  it('is 1 when every trial had the event, and NaN without trials', () => {
    expect(clopperPearsonUpperBound(4, 4)).toBe(1);
    expect(clopperPearsonUpperBound(0, 0)).toBeNaN();
  });

  it('throws a RangeError naming the argument for impossible input', () => {
    expect(() => clopperPearsonUpperBound(-1, 4)).toThrow(
      new RangeError(
        'clopperPearsonUpperBound: events is -1; it must be a finite number, 0 or more',
      ),
    );
    expect(() => clopperPearsonUpperBound(1, Number.NaN)).toThrow(
      'clopperPearsonUpperBound: trials is NaN;',
    );
    expect(() => clopperPearsonUpperBound(1, 4, 1)).toThrow(
      'clopperPearsonUpperBound: confidence is 1;',
    );
  });
});
