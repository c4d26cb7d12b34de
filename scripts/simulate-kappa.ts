// Coverage and width of intervals for Cohen's kappa over simulated label
// sets. Run with `npm run simulate:kappa` (prints Markdown; `--json FILE`
// also writes every design). Each design fixes how often people use each
// label and how often a judge agrees with them; an interval covers when it
// holds the design's true kappa.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRng } from '../src/core/index.js';
import { cohensKappa, wilsonScoreBounds } from '../src/stats/index.js';
import {
  agreementCells,
  kappaOfCells,
  largeSampleKappaInterval,
  sampleAgreementTable,
} from '../src/testing/agreement-designs.js';

type Bounds = readonly [number, number];
type Method = (table: number[][]) => Bounds;

const { values } = parseArgs({
  options: { tables: { type: 'string', default: '1500' }, json: { type: 'string' } },
});
const TABLES = Number(values.tables);

/** Wilson bounds on the observed agreement, mapped like ours: the narrower alternative. */
function wilsonMapped(table: number[][]): Bounds {
  const { observedAgreement, chanceAgreement, items } = cohensKappa(table);
  const { lower, upper } = wilsonScoreBounds(observedAgreement, items, 1.959963984540054);
  const toKappa = (p: number) => (p - chanceAgreement) / (1 - chanceAgreement);
  return [Math.max(-1, toKappa(lower)), toKappa(upper)];
}

const METHODS: Record<string, Method> = {
  'exact agreement bounds (ours)': (table) => {
    const { interval } = cohensKappa(table);
    return [interval.lower, interval.upper];
  },
  'Wilson agreement bounds': wilsonMapped,
  'large-sample (Fleiss, Cohen & Everitt)': (table) => largeSampleKappaInterval(table),
};
const PREVALENCES = [
  [0.5, 0.5],
  [0.8, 0.2],
  [0.95, 0.05],
  [0.5, 0.3, 0.2],
  [0.4, 0.3, 0.2, 0.1],
];
const ACCURACIES = [0.6, 0.7, 0.85, 0.95, 0.99, 1];
const ITEMS = [20, 50, 100, 300];

interface Design {
  readonly prevalence: readonly number[];
  readonly accuracy: number;
  readonly items: number;
  readonly kappa: number;
  readonly coverage: Record<string, number>;
  readonly width: Record<string, number>;
}
const designs: Design[] = [];
const rng = createRng(20_261_201);
for (const prevalence of PREVALENCES) {
  for (const accuracy of ACCURACIES) {
    for (const items of ITEMS) {
      const cells = agreementCells(prevalence, accuracy);
      const kappa = kappaOfCells(cells);
      const covered: Record<string, number> = {};
      const width: Record<string, number> = {};
      let defined = 0;
      for (let draw = 0; draw < TABLES; draw++) {
        const table = sampleAgreementTable(rng, cells, items);
        if (Number.isNaN(cohensKappa(table).kappa)) continue;
        defined++;
        for (const [name, method] of Object.entries(METHODS)) {
          const [lower, upper] = method(table);
          const holds = lower <= kappa + 1e-12 && kappa - 1e-12 <= upper;
          covered[name] = (covered[name] ?? 0) + (holds ? 1 : 0);
          width[name] = (width[name] ?? 0) + (upper - lower);
        }
      }
      const share = (record: Record<string, number>) =>
        Object.fromEntries(Object.entries(record).map(([name, x]) => [name, x / defined]));
      designs.push({
        prevalence,
        accuracy,
        items,
        kappa,
        coverage: share(covered),
        width: share(width),
      });
    }
  }
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
const lines = [
  `${designs.length} designs (${PREVALENCES.length} label mixes × ${ACCURACIES.length} judge accuracies × ${ITEMS.length} sizes), ${TABLES} label sets each, nominal 95%:`,
  '',
  '| method | lowest coverage | mean coverage | designs under 92.5% | mean width |',
  '|---|---|---|---|---|',
];
for (const name of Object.keys(METHODS)) {
  const coverage = designs.map((design) => design.coverage[name] ?? Number.NaN);
  const width = designs.map((design) => design.width[name] ?? Number.NaN);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  lines.push(
    `| ${name} | ${percent(Math.min(...coverage))} | ${percent(mean(coverage))} | ${coverage.filter((c) => c < 0.925).length} | ${mean(width).toFixed(3)} |`,
  );
}
console.log(lines.join('\n'));
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(designs, null, 2)}\n`);
