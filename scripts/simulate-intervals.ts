// Coverage and width of success-rate intervals over simulated suites.
// Run with `npm run simulate:intervals` (prints Markdown; `--json FILE` also
// writes every cell). Each suite draws its task rates from a population (a
// Beta distribution, or a Beta with 10% of tasks that never or always
// pass) and runs Bernoulli trials; an interval covers when it holds the
// population's mean, the success rate of the tasks the suite stands for.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import betaQuantile from '@stdlib/stats-base-dists-beta-quantile';
import { createRng, deriveSeed } from '../src/core/index.js';
import {
  clusterBootstrapInterval,
  intraTaskCorrelation,
  normalQuantile,
  studentTQuantile,
  successRateInterval,
  wilsonScoreBounds,
} from '../src/stats/index.js';
import type { SuccessCounts } from '../src/stats/index.js';
import { sampleBeta } from '../src/testing/sample-beta.js';

type Bounds = readonly [number, number];
type Method = (counts: readonly SuccessCounts[], seed: number) => Bounds;

const { values } = parseArgs({
  options: {
    suites: { type: 'string', default: '4000' },
    'bootstrap-suites': { type: 'string', default: '400' },
    json: { type: 'string' },
    extra: { type: 'boolean', default: false },
  },
});
const SUITES = Number(values.suites);
const BOOTSTRAP_SUITES = Number(values['bootstrap-suites']);
const Z = normalQuantile(0.975);

function summary(counts: readonly SuccessCounts[]) {
  const rates = counts.map((task) => task.successes / task.trials);
  const tasks = rates.length;
  const value = rates.reduce((sum, rate) => sum + rate, 0) / tasks;
  const variance = rates.reduce((sum, rate) => sum + (rate - value) ** 2, 0) / (tasks - 1);
  const trials = counts.reduce((sum, task) => sum + task.trials, 0);
  const harmonic = counts.reduce((sum, task) => sum + 1 / task.trials, 0) / tasks;
  return { tasks, value, variance, trials, harmonic };
}

/** Wilson's bounds for a rate p over n (possibly fractional) trials with quantile q. */
function wilson(p: number, n: number, q: number): Bounds {
  const { lower, upper } = wilsonScoreBounds(p, n, q);
  return [lower, upper];
}

/** The methods compared: ours first, then the usual alternatives. */
const METHODS: Record<string, Method> = {
  'pseudo-task bootstrap (endstate)': (counts) => {
    const interval = successRateInterval(counts);
    return [interval.lower, interval.upper];
  },
  'clustered Wilson (before)': (counts) => {
    // Korn-Graubard Wilson at n_eff = v̄(1 − v̄)·m/s², capped at the trials; all
    // tasks at 0 or at 1 count each task once (the rule that made it jump).
    const { tasks, value, variance, trials } = summary(counts);
    const isFlatAtEdge = variance === 0 && (value === 0 || value === 1);
    const effective = isFlatAtEdge
      ? tasks
      : variance > 0
        ? Math.min(trials, (value * (1 - value) * tasks) / variance)
        : trials;
    return wilson(value, effective, studentTQuantile(0.975, tasks - 1));
  },
  'Wilson, trials pooled': (counts) => {
    const { value, trials } = summary(counts);
    return wilson(value, trials, Z);
  },
  'cluster-robust t (Wald)': (counts) => {
    const { tasks, value, variance } = summary(counts);
    const half = studentTQuantile(0.975, tasks - 1) * Math.sqrt(variance / tasks);
    return [Math.max(0, value - half), Math.min(1, value + half)];
  },
  'Wilson, design effect from ICC, z': (counts) => {
    const { tasks, value, harmonic } = summary(counts);
    const icc = intraTaskCorrelation(counts).icc;
    const rho = Number.isNaN(icc) ? 0 : icc;
    return wilson(value, tasks / (rho + (1 - rho) * harmonic), Z);
  },
  'Korn-Graubard Wilson (no tasks-only rule)': (counts) => {
    const { tasks, value, variance, trials } = summary(counts);
    const effective =
      variance > 0 ? Math.min(trials, (value * (1 - value) * tasks) / variance) : trials;
    return wilson(value, effective, studentTQuantile(0.975, tasks - 1));
  },
  'Korn-Graubard Clopper-Pearson': (counts) => {
    const { tasks, value, variance, trials } = summary(counts);
    const effective =
      variance > 0 ? Math.min(trials, (value * (1 - value) * tasks) / variance) : trials;
    const n = effective * (Z / studentTQuantile(0.975, tasks - 1)) ** 2;
    const x = value * n;
    return [
      x <= 0 ? 0 : betaQuantile(0.025, x, n - x + 1),
      x >= n ? 1 : betaQuantile(0.975, x + 1, n - x),
    ];
  },
  'expanded BCa task bootstrap (before)': (counts, seed) => {
    const interval = clusterBootstrapInterval(counts, { seed, resamples: 1000 });
    return [interval.lower, interval.upper];
  },
};
const BOOTSTRAP = 'expanded BCa task bootstrap (before)';

/** Task rates: a Beta(a, b), or with a share of tasks fixed at 0 (never solved) or 1 (always). */
interface Population {
  readonly beta: readonly [number, number];
  readonly fixed?: { readonly share: number; readonly at: 0 | 1 };
}
const POPULATIONS: readonly Population[] = values.extra
  ? [{ beta: [0.09, 0.01] }, { beta: [0.9, 0.1] }, { beta: [0.01, 0.09] }]
  : [
      { beta: [2, 2] },
      { beta: [4, 2] },
      { beta: [1, 2] },
      { beta: [0.5, 5] },
      { beta: [5, 0.5] },
      { beta: [0.3, 0.3] },
      { beta: [20, 1] },
      { beta: [20, 1], fixed: { share: 0.1, at: 0 } },
      { beta: [1, 20], fixed: { share: 0.1, at: 1 } },
      { beta: [50, 1], fixed: { share: 0.1, at: 0 } },
      { beta: [1, 50], fixed: { share: 0.1, at: 1 } },
    ];
const populationName = ({ beta, fixed }: Population) =>
  fixed === undefined
    ? `Beta(${beta[0]}, ${beta[1]})`
    : `${fixed.share * 100}% at ${fixed.at}, else Beta(${beta[0]}, ${beta[1]})`;
const TASKS = [5, 10, 20, 50];
const DESIGNS = [
  { trials: 1, dropped: 0 },
  { trials: 3, dropped: 0 },
  { trials: 8, dropped: 0 },
  { trials: 8, dropped: 0.25 },
];

interface Cell {
  readonly population: string;
  readonly tasks: number;
  readonly design: string;
  readonly methods: Record<string, { coverage: number; width: number; suites: number }>;
}

function simulateCell(
  population: Population,
  tasks: number,
  design: (typeof DESIGNS)[number],
): Cell {
  const [a, b] = population.beta;
  const fixed = population.fixed ?? { share: 0, at: 0 };
  const truth = fixed.share * fixed.at + (1 - fixed.share) * (a / (a + b));
  const rng = createRng(
    fixed.share === 0
      ? deriveSeed('interval-coverage', a, b, tasks, design.trials, design.dropped)
      : deriveSeed(
          'interval-coverage',
          a,
          b,
          fixed.share,
          fixed.at,
          tasks,
          design.trials,
          design.dropped,
        ),
  );
  const tally = Object.fromEntries(
    Object.keys(METHODS).map((name) => [name, { covered: 0, width: 0, suites: 0 }]),
  );
  for (let suite = 0; suite < SUITES; suite += 1) {
    const counts: SuccessCounts[] = [];
    for (let task = 0; task < tasks; task += 1) {
      const rate = fixed.share > 0 && rng.next() < fixed.share ? fixed.at : sampleBeta(rng, a, b);
      let successes = 0;
      let trials = 0;
      for (let trial = 0; trial < design.trials; trial += 1) {
        if (design.dropped > 0 && rng.next() < design.dropped) continue;
        trials += 1;
        if (rng.next() < rate) successes += 1;
      }
      if (trials > 0) counts.push({ successes, trials });
    }
    if (counts.length < 2) continue;
    for (const [name, method] of Object.entries(METHODS)) {
      if (name === BOOTSTRAP && suite >= BOOTSTRAP_SUITES) continue;
      const [lower, upper] = method(counts, suite);
      const entry = tally[name]!;
      entry.suites += 1;
      entry.width += upper - lower;
      if (lower <= truth && truth <= upper) entry.covered += 1;
    }
  }
  const methods = Object.fromEntries(
    Object.entries(tally).map(([name, { covered, width, suites }]) => [
      name,
      { coverage: covered / suites, width: width / suites, suites },
    ]),
  );
  const label =
    design.dropped > 0 ? `${design.trials}, ${design.dropped * 100}% dropped` : `${design.trials}`;
  return { population: populationName(population), tasks, design: label, methods };
}

const cells: Cell[] = [];
for (const population of POPULATIONS) {
  for (const tasks of TASKS)
    for (const design of DESIGNS) cells.push(simulateCell(population, tasks, design));
}

const names = Object.keys(METHODS);
const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const ours = names[0]!;
const grid = names.map((name) => {
  const coverages = cells.map((cell) => cell.methods[name]!.coverage);
  return {
    name,
    min: Math.min(...coverages),
    mean: mean(coverages),
    below: coverages.filter((coverage) => coverage < 0.925).length,
    width: mean(cells.map((cell) => cell.methods[name]!.width)),
  };
});
const meetsTarget = (row: (typeof grid)[number]) =>
  row.min >= 0.925 && row.mean >= 0.94 && row.mean <= 0.975;
const narrowest = Math.min(...grid.filter(meetsTarget).map((row) => row.width));
const cellRatios = cells.map((cell) => {
  const qualifying = names.filter((name) => cell.methods[name]!.coverage >= 0.925);
  const best = Math.min(...qualifying.map((name) => cell.methods[name]!.width));
  return cell.methods[ours]!.width / best;
});

const lines: string[] = [];
lines.push(
  `${cells.length} designs, ${SUITES} simulated suites each (${BOOTSTRAP_SUITES} for the bootstrap); 95% intervals.`,
  '',
);
lines.push(
  '| method | lowest coverage | mean coverage | designs under 92.5% | mean width | meets the target |',
);
lines.push('|---|---|---|---|---|---|');
for (const row of grid) {
  lines.push(
    `| ${row.name} | ${percent(row.min)} | ${percent(row.mean)} | ${row.below} | ${row.width.toFixed(4)} | ${meetsTarget(row) ? 'yes' : 'no'} |`,
  );
}
lines.push('');
lines.push(
  `Mean width of ${ours} over the narrowest method that meets the target: ${(grid[0]!.width / narrowest).toFixed(3)}. ` +
    `Per design, against the narrowest method covering at least 92.5% there: mean ${mean(cellRatios).toFixed(3)}, largest ${Math.max(...cellRatios).toFixed(3)}.`,
);
lines.push('');
lines.push(`| task rates | tasks | trials per task | ${names.map((name) => name).join(' | ')} |`);
lines.push(`|---|---|---|${names.map(() => '---').join('|')}|`);
for (const cell of cells) {
  const figures = names.map((name) => {
    const { coverage, width } = cell.methods[name]!;
    return `${percent(coverage)} (${width.toFixed(3)})`;
  });
  lines.push(`| ${cell.population} | ${cell.tasks} | ${cell.design} | ${figures.join(' | ')} |`);
}
console.log(lines.join('\n'));
if (values.json)
  writeFileSync(values.json, `${JSON.stringify({ suites: SUITES, grid, cells }, null, 2)}\n`);
