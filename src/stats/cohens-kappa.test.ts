import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import {
  agreementCells,
  kappaOfCells,
  largeSampleKappaInterval,
  sampleAgreementTable,
} from '../testing/agreement-designs.js';
import { cohensKappa } from './cohens-kappa.js';

describe('cohensKappa', () => {
  it('gives the worked examples: 0.4, 0.1304 and 0.2593', () => {
    // Two readers of 50 grant proposals, and the two tables with p_o = 0.6
    // and different margins (Cohen's kappa, worked by hand from p_o and p_e).
    const first = cohensKappa([
      [20, 5],
      [10, 15],
    ]);
    expect(first.observedAgreement).toBeCloseTo(0.7, 12);
    expect(first.chanceAgreement).toBeCloseTo(0.5, 12);
    expect(first.kappa).toBeCloseTo(0.4, 12);
    expect(
      cohensKappa([
        [45, 15],
        [25, 15],
      ]).kappa,
    ).toBeCloseTo(0.06 / 0.46, 12);
    expect(
      cohensKappa([
        [25, 35],
        [5, 35],
      ]).kappa,
    ).toBeCloseTo(0.14 / 0.54, 12);
  });

  it('maps the exact agreement bounds: perfect agreement on 20 items is not a point', () => {
    // 10 and 10 on the diagonal: p_e = 0.5, and the exact lower bound of
    // 20/20 is 0.025^(1/20).
    const perfect = cohensKappa([
      [10, 0],
      [0, 10],
    ]);
    expect(perfect.kappa).toBe(1);
    expect(perfect.interval.upper).toBe(1);
    expect(perfect.interval.lower).toBeCloseTo((0.025 ** (1 / 20) - 0.5) / 0.5, 12);
  });

  it('is undefined when both raters used a single label, and for an empty table', () => {
    const oneLabel = cohensKappa([
      [12, 0],
      [0, 0],
    ]);
    expect(oneLabel.kappa).toBeNaN();
    expect(oneLabel.interval.lower).toBeNaN();
    expect(cohensKappa([[0]]).kappa).toBeNaN();
  });

  it('refuses a table that is not square or has counts that are not whole', () => {
    expect(() => cohensKappa([[1, 2]])).toThrow(/square/);
    expect(() =>
      cohensKappa([
        [1, 0.5],
        [0, 1],
      ]),
    ).toThrow(/whole counts/);
  });

  it('covers the true kappa at least 93% of the time where the large-sample interval does not', () => {
    // Designs from the simulation in docs/statistics.md: a judge that agrees
    // with people with probability `accuracy`, errors spread evenly.
    const designs = [
      { prevalence: [0.5, 0.5], accuracy: 0.99, items: 50 },
      { prevalence: [0.8, 0.2], accuracy: 0.95, items: 20 },
      { prevalence: [0.95, 0.05], accuracy: 0.99, items: 50 },
      { prevalence: [0.5, 0.3, 0.2], accuracy: 0.85, items: 100 },
    ];
    const rng = createRng(20_261_201);
    for (const design of designs) {
      const cells = agreementCells(design.prevalence, design.accuracy);
      const truth = kappaOfCells(cells);
      let defined = 0;
      let covered = 0;
      let largeSampleCovered = 0;
      for (let draw = 0; draw < 600; draw++) {
        const table = sampleAgreementTable(rng, cells, design.items);
        const result = cohensKappa(table);
        if (Number.isNaN(result.kappa)) continue;
        defined++;
        if (result.interval.lower <= truth && truth <= result.interval.upper) covered++;
        const [lower, upper] = largeSampleKappaInterval(table);
        if (lower <= truth && truth <= upper) largeSampleCovered++;
      }
      expect(covered / defined, JSON.stringify(design)).toBeGreaterThanOrEqual(0.93);
      if (design.accuracy === 0.99) expect(largeSampleCovered / defined).toBeLessThan(0.8);
    }
  });
  it('refuses a confidence outside (0, 1), naming it', () => {
    expect(() =>
      cohensKappa(
        [
          [5, 1],
          [2, 4],
        ],
        0,
      ),
    ).toThrow('cohensKappa: confidence is 0;');
  });
});
