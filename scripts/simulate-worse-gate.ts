// The `--fail-if-worse success_rate` gate and compare's two intervals,
// simulated (part of `npm run simulate:compare`). Each replication draws
// a suite from a design (A's and B's true rate per task), runs k
// Bernoulli trials a side, and builds the comparison's figures as
// compareRuns does; the gate is the CLI's checkWorseGate.
import { checkWorseGate } from '../src/cli/worse-gates.js';
import { createRng, deriveSeed } from '../src/core/index.js';
import type { Rng } from '../src/core/index.js';
import type { Comparison, TaskComparison, TaskCounts } from '../src/report/index.js';
import { pairedDifference } from '../src/report/analysis/paired-difference.js';
import { regressionListChance } from '../src/report/analysis/regression-list-chance.js';
import { TASK_CHANGE_ALPHA } from '../src/report/analysis/task-changes.js';
import {
  comparisonGate,
  theseTasksDifference,
} from '../src/report/analysis/these-tasks-difference.js';
import { boschlooExactTest, holmAdjustedPValues } from '../src/stats/index.js';
import { sampleBeta } from '../src/testing/sample-beta.js';

interface GateDesign {
  readonly name: string;
  /** A's and B's true rates of the suite's tasks. */
  readonly draw: (rng: Rng, tasks: number) => { rateA: number; rateB: number }[];
}

const sameRates =
  (a: number, b: number) =>
  (rng: Rng, tasks: number): { rateA: number; rateB: number }[] =>
    Array.from({ length: tasks }, () => {
      const rate = sampleBeta(rng, a, b);
      return { rateA: rate, rateB: rate };
    });

const EQUAL_DESIGNS: readonly GateDesign[] = [
  { name: 'equal systems, rates Beta(4, 1) (near the ceiling)', draw: sameRates(4, 1) },
  { name: 'equal systems, rates Beta(2, 2)', draw: sameRates(2, 2) },
  { name: 'equal systems, rates Beta(0.5, 0.5)', draw: sameRates(0.5, 0.5) },
];

const WORSE_DESIGNS: readonly GateDesign[] = [
  {
    name: 'every task 15 pts worse: A ~ Beta(4, 1), B = max(0, A − 0.15)',
    draw: (rng, tasks) =>
      Array.from({ length: tasks }, () => {
        const rate = sampleBeta(rng, 4, 1);
        return { rateA: rate, rateB: Math.max(0, rate - 0.15) };
      }),
  },
  {
    name: 'B = 0.7·A, A ~ Beta(2, 2)',
    draw: (rng, tasks) =>
      Array.from({ length: tasks }, () => {
        const rate = sampleBeta(rng, 2, 2);
        return { rateA: rate, rateB: 0.7 * rate };
      }),
  },
  {
    name: 'one task breaks: A ~ Beta(4, 1), B = A but one task at 0.1',
    draw: (rng, tasks) =>
      Array.from({ length: tasks }, (_, index) => {
        const rate = sampleBeta(rng, 4, 1);
        return { rateA: rate, rateB: index === 0 ? 0.1 : rate };
      }),
  },
];

const TASKS = [2, 3, 5, 10, 20];

function successes(rng: Rng, rate: number, trials: number): number {
  let count = 0;
  for (let trial = 0; trial < trials; trial += 1) if (rng.next() < rate) count += 1;
  return count;
}

const counts = (count: number, trials: number): TaskCounts => ({
  successes: count,
  trials,
  success_rate: count / trials,
  outcome_successes: count,
});

/** Boschloo's p by table: k = 8 gives 81 tables, each searched once. */
const boschlooCache = new Map<string, number>();
function boschlooP(a: TaskCounts, b: TaskCounts): number {
  const key = `${a.successes}/${a.trials} ${b.successes}/${b.trials}`;
  let p = boschlooCache.get(key);
  if (p === undefined) {
    p = boschlooExactTest(a, b).p;
    boschlooCache.set(key, p);
  }
  return p;
}

/** The figures the gate reads, built as compareRuns builds them (task-changes.ts for the list). */
function comparisonOf(
  rates: readonly { rateA: number; rateB: number }[],
  rng: Rng,
  { seed, trials }: { seed: number; trials: number },
): Comparison {
  const pairs = rates.map(({ rateA, rateB }) => ({
    a: counts(successes(rng, rateA, trials), trials),
    b: counts(successes(rng, rateB, trials), trials),
  }));
  const adjusted = holmAdjustedPValues(pairs.map(({ a, b }) => boschlooP(a, b)));
  const tasks = pairs.map(
    ({ a, b }, index) =>
      ({
        task_id: `t${index}`,
        weight: 1,
        a,
        b,
        difference: b.success_rate - a.success_rate,
        outcome_difference: b.success_rate - a.success_rate,
        p_adjusted: adjusted[index]!,
      }) as unknown as TaskComparison,
  );
  const regressed = tasks
    .filter((task, index) => task.difference < 0 && adjusted[index]! < TASK_CHANGE_ALPHA)
    .map((task) => task.task_id);
  const difference = pairedDifference(
    tasks.map((task) => ({ difference: task.difference, trialsA: trials, trialsB: trials })),
    { seed },
  ).difference;
  const these = theseTasksDifference(tasks, { seed, successes: (side) => side.successes });
  return {
    difference,
    outcome_difference: difference,
    these_tasks: { difference: these, outcome_difference: these },
    gate: comparisonGate(tasks.length, regressionListChance(tasks)),
    changes: { regressed },
  } as unknown as Comparison;
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

function gateTable(
  designs: readonly GateDesign[],
  replications: number,
  trialCounts: readonly number[],
): string[] {
  const lines = [
    '| design | k | tasks | gate decides on | fails | failed by the per-task list alone | old gate (task-population interval only) |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const design of designs) {
    for (const trials of trialCounts) {
      lines.push(...gateRows(design, replications, trials));
    }
  }
  return lines;
}

function gateRows(design: GateDesign, replications: number, trials: number): string[] {
  const lines: string[] = [];
  for (const taskCount of TASKS) {
    const rng = createRng(
      deriveSeed('simulate-worse-gate', design.name, String(taskCount), String(trials)),
    );
    let fails = 0;
    let listOnly = 0;
    let oldFails = 0;
    let basis = '';
    for (let replication = 0; replication < replications; replication += 1) {
      const comparison = comparisonOf(design.draw(rng, taskCount), rng, {
        seed: replication,
        trials,
      });
      basis = comparison.gate.decided_by;
      const verdict = checkWorseGate(comparison, { metric: 'success_rate', margin: 0 });
      if (!verdict.pass) fails += 1;
      if (!verdict.pass && verdict.message.includes('regressed beyond the noise')) listOnly += 1;
      if (comparison.difference.ci95[1] < 0) oldFails += 1;
    }
    lines.push(
      `| ${design.name} | ${trials} | ${taskCount} | ${basis} | ${percent(fails / replications)} | ${percent(listOnly / replications)} | ${percent(oldFails / replications)} |`,
    );
  }
  return lines;
}

/** False fails with equal systems, and power against worse ones, of `--fail-if-worse success_rate`. */
export function simulateWorseGate(): string[] {
  const nullReplications = 4000;
  const powerReplications = 1000;
  return [
    `**\`--fail-if-worse success_rate\` (margin 0), k trials a side.** Equal systems (false fails; the gate's level is 2.5%; Monte Carlo standard error 0.25 pts at ${nullReplications} pairs per row):`,
    '',
    ...gateTable(EQUAL_DESIGNS, nullReplications, [4, 8]),
    '',
    `B worse (power; ${powerReplications} pairs per row):`,
    '',
    ...gateTable(WORSE_DESIGNS, powerReplications, [8]),
  ];
}

interface CoverageDesign {
  readonly name: string;
  readonly draw: (rng: Rng) => { rateA: number; rateB: number };
  /** The population's mean of rateB − rateA. */
  readonly truth: number;
}

const COVERAGE_DESIGNS: readonly CoverageDesign[] = [
  {
    name: 'A ~ Beta(6, 1), B = A·(1 − X), X ~ Beta(0.5, 4.5)',
    draw: (rng) => {
      const rate = sampleBeta(rng, 6, 1);
      return { rateA: rate, rateB: rate * (1 - sampleBeta(rng, 0.5, 4.5)) };
    },
    truth: -(6 / 7) * (0.5 / 5),
  },
  {
    name: 'A ~ Beta(9, 1); 15% of tasks fall to 0.2·A, the rest stay',
    draw: (rng) => {
      const rate = sampleBeta(rng, 9, 1);
      return { rateA: rate, rateB: rng.next() < 0.15 ? 0.2 * rate : rate };
    },
    truth: -0.15 * 0.8 * 0.9,
  },
];

/**
 * Coverage with skewed near-ceiling differences (most tasks barely move, a
 * few drop a lot). The task-population interval is asked to cover the
 * population's mean difference; the interval on these tasks, the mean of
 * these tasks' true differences.
 */
export function simulateCoverage(): string[] {
  const replications = 4000;
  const lines = [
    `**Coverage with skewed near-ceiling differences** (${replications} pairs per row):`,
    '',
    '| design | tasks | k | task-population interval covers the population mean | its fallback used | interval on these tasks covers their mean | mean width (population / these tasks) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const design of COVERAGE_DESIGNS) {
    for (const trials of [4, 8]) {
      for (const taskCount of [5, 10, 20]) {
        lines.push(coverageRow(design, taskCount, trials, replications));
      }
    }
  }
  return lines;
}

function coverageRow(
  design: CoverageDesign,
  taskCount: number,
  trials: number,
  replications: number,
): string {
  const rng = createRng(
    deriveSeed('simulate-coverage', design.name, String(taskCount), String(trials)),
  );
  let population = 0;
  let fixed = 0;
  let fallbacks = 0;
  let widthPopulation = 0;
  let widthFixed = 0;
  for (let replication = 0; replication < replications; replication += 1) {
    const rates = Array.from({ length: taskCount }, () => design.draw(rng));
    const tasks = rates.map(
      ({ rateA, rateB }) =>
        ({
          a: counts(successes(rng, rateA, trials), trials),
          b: counts(successes(rng, rateB, trials), trials),
          weight: 1,
        }) as unknown as TaskComparison,
    );
    const { difference } = pairedDifference(
      tasks.map((task) => ({
        difference: task.b.success_rate - task.a.success_rate,
        trialsA: trials,
        trialsB: trials,
      })),
      { seed: replication },
    );
    const these = theseTasksDifference(tasks, {
      seed: replication,
      successes: (side) => side.successes,
    });
    const theseTruth = rates.reduce((sum, { rateA, rateB }) => sum + rateB - rateA, 0) / taskCount;
    const [lower, upper] = difference.ci95;
    if (lower <= design.truth && design.truth <= upper) population += 1;
    if (difference.method !== 'paired-t') fallbacks += 1;
    if (these.ci95[0] <= theseTruth && theseTruth <= these.ci95[1]) fixed += 1;
    widthPopulation += upper - lower;
    widthFixed += these.ci95[1] - these.ci95[0];
  }
  return `| ${design.name} (mean ${design.truth.toFixed(3)}) | ${taskCount} | ${trials} | ${percent(population / replications)} | ${percent(fallbacks / replications)} | ${percent(fixed / replications)} | ${(widthPopulation / replications).toFixed(3)} / ${(widthFixed / replications).toFixed(3)} |`;
}
