// Coverage and width of intervals for Cohen's kappa over simulated label
// sets. Run with `npm run simulate:kappa` (prints Markdown; `--json FILE`
// also writes every design). Each design fixes how often people use each
// label and how often a judge agrees with them; an interval covers when it
// holds the design's true kappa. A second grid clusters the items 2–8 per
// task with a within-task correlation, as trials of one task are.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createRng } from '../src/core/index.js';
import { clusteredCohensKappa, cohensKappa, wilsonScoreBounds } from '../src/stats/index.js';
import {
  agreementCells,
  kappaOfCells,
  largeSampleKappaInterval,
  sampleAgreementTable,
  sampleClusteredAgreement,
} from '../src/testing/agreement-designs.js';
import type { ClusteredAgreementSample } from '../src/testing/agreement-designs.js';

type Bounds = readonly [number, number];
type Method = (table: number[][]) => Bounds;

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '1500' },
    'clustered-tables': { type: 'string', default: '400' },
    json: { type: 'string' },
  },
});
const TABLES = Number(values.tables);
const CLUSTERED_TABLES = Number(values['clustered-tables']);

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

// Items clustered in tasks: 2–8 items per task, items of a task correlated.
type ClusteredMethod = (sample: ClusteredAgreementSample) => Bounds;
const CLUSTERED_METHODS: Record<string, ClusteredMethod> = {
  'clustered by task (ours)': ({ table, clusters }) => {
    const { interval } = clusteredCohensKappa(table, clusters);
    return [interval.lower, interval.upper];
  },
  'exact bounds, items independent (before)': ({ table }) => {
    const { interval } = cohensKappa(table);
    return [interval.lower, interval.upper];
  },
  'large-sample (Fleiss, Cohen & Everitt)': ({ table }) => largeSampleKappaInterval(table),
};
const CLUSTERED_PREVALENCES = [
  [0.5, 0.5],
  [0.8, 0.2],
  [0.5, 0.3, 0.2],
];
const CLUSTERED_ACCURACIES = [0.7, 0.85, 0.95, 0.99];
const TASKS = [10, 30, 60];
const ICCS = [0, 0.3, 0.7];

interface ClusteredDesign extends Omit<Design, 'items'> {
  readonly tasks: number;
  readonly icc: number;
}
const clusteredDesigns: ClusteredDesign[] = [];
for (const prevalence of CLUSTERED_PREVALENCES) {
  for (const accuracy of CLUSTERED_ACCURACIES) {
    for (const tasks of TASKS) {
      for (const icc of ICCS) {
        const cells = agreementCells(prevalence, accuracy);
        const kappa = kappaOfCells(cells);
        const covered: Record<string, number> = {};
        const width: Record<string, number> = {};
        let defined = 0;
        for (let draw = 0; draw < CLUSTERED_TABLES; draw++) {
          const sample = sampleClusteredAgreement(rng, cells, {
            tasks,
            itemsPerTask: [2, 8],
            icc,
          });
          if (Number.isNaN(cohensKappa(sample.table).kappa)) continue;
          defined++;
          for (const [name, method] of Object.entries(CLUSTERED_METHODS)) {
            const [lower, upper] = method(sample);
            const holds = lower <= kappa + 1e-12 && kappa - 1e-12 <= upper;
            covered[name] = (covered[name] ?? 0) + (holds ? 1 : 0);
            width[name] = (width[name] ?? 0) + (upper - lower);
          }
        }
        const share = (record: Record<string, number>) =>
          Object.fromEntries(Object.entries(record).map(([name, x]) => [name, x / defined]));
        clusteredDesigns.push({
          prevalence,
          accuracy,
          tasks,
          icc,
          kappa,
          coverage: share(covered),
          width: share(width),
        });
      }
    }
  }
}

const clusteredLines = [
  '',
  `${clusteredDesigns.length} clustered designs (${CLUSTERED_PREVALENCES.length} label mixes × ${CLUSTERED_ACCURACIES.length} judge accuracies × ${TASKS.join(' or ')} tasks of 2–8 items × within-task correlation ${ICCS.join(', ')}), ${CLUSTERED_TABLES} label sets each, nominal 95%:`,
  '',
  '| method | within-task correlation | lowest coverage | mean coverage | designs under 92.5% | mean width |',
  '|---|---|---|---|---|---|',
];
for (const name of Object.keys(CLUSTERED_METHODS)) {
  for (const icc of ICCS) {
    const chosen = clusteredDesigns.filter((design) => design.icc === icc);
    const coverage = chosen.map((design) => design.coverage[name] ?? Number.NaN);
    const width = chosen.map((design) => design.width[name] ?? Number.NaN);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    clusteredLines.push(
      `| ${name} | ${icc} | ${percent(Math.min(...coverage))} | ${percent(mean(coverage))} | ${coverage.filter((c) => c < 0.925).length} | ${mean(width).toFixed(3)} |`,
    );
  }
}
clusteredLines.push(
  '',
  'By number of tasks (all three correlations), mean coverage (mean width):',
  '',
  `| method | ${TASKS.map((tasks) => `${tasks} tasks`).join(' | ')} |`,
  `|---|${TASKS.map(() => '---|').join('')}`,
);
for (const name of Object.keys(CLUSTERED_METHODS)) {
  const cells = TASKS.map((tasks) => {
    const chosen = clusteredDesigns.filter((design) => design.tasks === tasks);
    const mean = (pick: (design: ClusteredDesign) => number) =>
      chosen.reduce((sum, design) => sum + pick(design), 0) / chosen.length;
    return `${percent(mean((design) => design.coverage[name] ?? Number.NaN))} (${mean((design) => design.width[name] ?? Number.NaN).toFixed(3)})`;
  });
  clusteredLines.push(`| ${name} | ${cells.join(' | ')} |`);
}
console.log(clusteredLines.join('\n'));
if (values.json !== undefined)
  writeFileSync(
    values.json,
    `${JSON.stringify({ independent: designs, clustered: clusteredDesigns }, null, 2)}\n`,
  );
