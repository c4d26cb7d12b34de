import { describe, expect, it } from 'vitest';
import { expectClose, statsReference } from '../../test/support/stats-reference.js';
import { wilsonInterval } from './wilson-interval.js';

describe('wilsonInterval', () => {
  it('matches the independently computed 95% Wilson bounds', () => {
    const cases = statsReference.binomial_intervals_95.cases;
    expect(cases.length).toBeGreaterThan(30);
    for (const { n, c, wilson } of cases) {
      const interval = wilsonInterval(c, n);
      expectClose(interval.lower, wilson[0]);
      expectClose(interval.upper, wilson[1]);
    }
  });

  it('has NaN bounds when there are no trials', () => {
    const interval = wilsonInterval(0, 0);
    expect(interval.lower).toBeNaN();
    expect(interval.upper).toBeNaN();
  });

  it('throws a RangeError naming successes when they exceed trials', () => {
    expect(() => wilsonInterval(5, 4)).toThrow(
      new RangeError('wilsonInterval: successes is 5; it must be a number from 0 to trials (4)'),
    );
  });

  it('throws a RangeError naming trials when they are negative or not finite', () => {
    expect(() => wilsonInterval(0, -4)).toThrow(
      'wilsonInterval: trials is -4; it must be a finite number, 0 or more',
    );
    expect(() => wilsonInterval(0, Number.POSITIVE_INFINITY)).toThrow(
      'wilsonInterval: trials is Infinity;',
    );
  });

  it('throws a RangeError when confidence is outside (0, 1)', () => {
    expect(() => wilsonInterval(2, 4, 1)).toThrow(
      'wilsonInterval: confidence is 1; a confidence level must be a number between 0 and 1, both excluded',
    );
    expect(() => wilsonInterval(2, 4, 0)).toThrow('wilsonInterval: confidence is 0;');
  });

  it('stays inside [0, 1] and reaches the edge exactly at 0 and all successes', () => {
    expect(wilsonInterval(0, 3)).toMatchObject({ lower: 0 });
    expect(wilsonInterval(3, 3)).toMatchObject({ upper: 1 });
    for (let successes = 0; successes <= 7; successes += 1) {
      const { lower, upper } = wilsonInterval(successes, 7, 0.999);
      expect(lower).toBeGreaterThanOrEqual(0);
      expect(upper).toBeLessThanOrEqual(1);
    }
  });

  it('widens as the requested confidence rises', () => {
    const at90 = wilsonInterval(6, 10, 0.9);
    const at99 = wilsonInterval(6, 10, 0.99);
    expect(at99.lower).toBeLessThan(at90.lower);
    expect(at99.upper).toBeGreaterThan(at90.upper);
  });
});
