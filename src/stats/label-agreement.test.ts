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

  it('gives independent items the exact accuracy interval, never a point', () => {
    const agreement = labelAgreement(items('pass', 'pass', 12));
    expect(agreement.accuracy.rate).toBe(1);
    expect(agreement.tasks).toBe(12);
    expect(agreement.itemsWithoutTask).toBe(12);
    expect(agreement.accuracy.interval.upper).toBe(1);
    // Clopper–Pearson's lower bound at 12/12: 0.025^(1/12).
    expect(agreement.accuracy.interval.lower).toBeCloseTo(0.025 ** (1 / 12), 10);
  });

  it('clusters the intervals by task: 12 agreeing items in 3 tasks bound accuracy as 3 tasks do', () => {
    const inTasks = labelAgreement(
      items('pass', 'pass', 12).map((pair, i) => ({ ...pair, task: `t${i % 3}` })),
    );
    expect(inTasks.tasks).toBe(3);
    expect(inTasks.itemsWithoutTask).toBe(0);
    expect(inTasks.kappa.method).toBe('task-bootstrap-agreement');
    // Far below the 0.74 of 12 independent items: 3 tasks might be all the judge gets right.
    expect(inTasks.accuracy.interval.lower).toBeLessThan(0.5);
    const mixed = labelAgreement([
      ...items('pass', 'pass', 4).map((pair) => ({ ...pair, task: 'a' })),
      ...items('fail', 'pass', 2),
    ]);
    expect(mixed.tasks).toBe(3);
    expect(mixed.itemsWithoutTask).toBe(2);
  });

  it('shows a label only one rater used, with NaN where a share has no denominator', () => {
    const agreement = labelAgreement([...items('pass', 'pass', 3), ...items('pass', 'unsure', 1)]);
    expect(agreement.labels).toEqual(['pass', 'unsure']);
    const unsure = agreement.perLabel[1]!;
    expect(unsure.precision).toBe(0);
    expect(unsure.recall).toBeNaN();
  });
});
