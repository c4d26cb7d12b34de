import { describe, expect, it } from 'vitest';
import { labelAgreement } from './label-agreement.js';
import type { LabelPair } from './label-agreement.js';

/** `count` items labelled `reference` by people and `rater` by the judge. */
const items = (reference: string, rater: string, count: number): LabelPair[] =>
  Array.from({ length: count }, () => ({ reference, rater }));

describe('labelAgreement', () => {
  it('counts the worked example: 50 items, p_o 0.7, kappa 0.4, precision and recall by hand', () => {
    const agreement = labelAgreement([
      ...items('yes', 'yes', 20),
      ...items('yes', 'no', 5),
      ...items('no', 'yes', 10),
      ...items('no', 'no', 15),
    ]);
    expect(agreement.labels).toEqual(['no', 'yes']);
    expect(agreement.confusion).toEqual([
      [15, 10],
      [5, 20],
    ]);
    expect(agreement.items).toBe(50);
    expect(agreement.accuracy.rate).toBeCloseTo(0.7, 12);
    expect(agreement.kappa.kappa).toBeCloseTo(0.4, 12);
    // yes: the judge said yes 30 times, 20 of them right; people said yes 25 times.
    expect(agreement.perLabel[1]).toEqual({
      label: 'yes',
      referenceCount: 25,
      raterCount: 30,
      agreed: 20,
      precision: 20 / 30,
      recall: 20 / 25,
    });
    expect(agreement.perLabel[0]!.precision).toBeCloseTo(15 / 20, 12);
    expect(agreement.perLabel[0]!.recall).toBeCloseTo(15 / 25, 12);
  });

  it('gives the accuracy a Wilson interval that is never a point', () => {
    const { accuracy } = labelAgreement(items('pass', 'pass', 12));
    expect(accuracy.rate).toBe(1);
    expect(accuracy.interval.upper).toBe(1);
    // Wilson's lower bound at 12/12: n / (n + z²).
    expect(accuracy.interval.lower).toBeCloseTo(12 / (12 + 1.959963984540054 ** 2), 10);
  });

  it('shows a label only one rater used, with NaN where a share has no denominator', () => {
    const agreement = labelAgreement([...items('pass', 'pass', 3), ...items('pass', 'unsure', 1)]);
    expect(agreement.labels).toEqual(['pass', 'unsure']);
    const unsure = agreement.perLabel[1]!;
    expect(unsure.precision).toBe(0);
    expect(unsure.recall).toBeNaN();
  });
});
