// Simulations of `endstate compare`. Run with `npm run simulate:compare`
// (prints Markdown; `--only gate`, `--only coverage` or `--only weights`
// for one part).
//
// 1. Weights: coverage of compare's paired difference when the suite weighs
//    its tasks unequally. Each replication draws a suite of tasks from a
//    design (a weight, A's rate and B's rate per task), runs k Bernoulli
//    trials a side, and asks whether the 95% interval of B − A holds the
//    design's true weighted mean difference, Σ E[w·δ] / E[w] over the
//    population of tasks.
// 2. Gate (simulate-worse-gate.ts): how often `--fail-if-worse
//    success_rate` fails for two equal systems (false fails) and for a B
//    that is worse (power).
// 3. Coverage (simulate-worse-gate.ts): the task-population interval and
//    the interval on these tasks, with skewed near-ceiling differences.
import { parseArgs } from 'node:util';
import { createRng, deriveSeed } from '../src/core/index.js';
import type { Rng } from '../src/core/index.js';
import { pairedDifference } from '../src/report/analysis/paired-difference.js';
import type { TaskDifference } from '../src/report/analysis/paired-difference.js';
import { sampleBeta } from '../src/testing/sample-beta.js';

import { simulateCoverage, simulateWorseGate } from './simulate-worse-gate.js';

const { values } = parseArgs({
  options: {
    replications: { type: 'string', default: '1500' },
    only: { type: 'string' },
  },
});
const REPLICATIONS = Number(values.replications);
const isPart = (part: string): boolean => values.only === undefined || values.only === part;

interface TaskDraw {
  readonly weight: number;
  readonly rateA: number;
  readonly rateB: number;
}

interface Design {
  readonly name: string;
  readonly draw: (rng: Rng) => TaskDraw;
  /** The population's weighted mean of rateB − rateA. */
  readonly truth: number;
  /** The population's unweighted mean of rateB − rateA (what ignoring the weights estimates). */
  readonly unweightedTruth: number;
}

const DESIGNS: readonly Design[] = [
  {
    name: 'heavy tasks regress: w=1 (60%) A~Beta(4,1), B=A; w=4 (40%) A~Beta(2,2), B=A/2',
    draw: (rng) => {
      if (rng.next() < 0.6) {
        const rate = sampleBeta(rng, 4, 1);
        return { weight: 1, rateA: rate, rateB: rate };
      }
      const rate = sampleBeta(rng, 2, 2);
      return { weight: 4, rateA: rate, rateB: rate / 2 };
    },
    truth: (0.4 * 4 * -0.25) / (0.6 + 0.4 * 4),
    unweightedTruth: 0.4 * -0.25,
  },
  {
    name: 'loss grows with weight: w∈{1,2,5} equally, A~Beta(2,2), B=A·(1−0.1w)',
    draw: (rng) => {
      const weight = [1, 2, 5][Math.floor(rng.next() * 3)]!;
      const rate = sampleBeta(rng, 2, 2);
      return { weight, rateA: rate, rateB: rate * (1 - 0.1 * weight) };
    },
    // E[δ | w] = −0.05·w, so Σ E[w·δ]/E[w] = −0.05·E[w²]/E[w] = −0.05·30/8.
    truth: (-0.05 * 30) / 8,
    unweightedTruth: (-0.05 * 8) / 3,
  },
  {
    name: 'no change: w=1 (60%) or 4 (40%), A=B~Beta(0.5,0.5)',
    draw: (rng) => {
      const rate = sampleBeta(rng, 0.5, 0.5);
      return { weight: rng.next() < 0.6 ? 1 : 4, rateA: rate, rateB: rate };
    },
    truth: 0,
    unweightedTruth: 0,
  },
];

function observed(rng: Rng, rate: number, trials: number): number {
  let successes = 0;
  for (let trial = 0; trial < trials; trial += 1) if (rng.next() < rate) successes += 1;
  return successes / trials;
}

function simulateSuite(rng: Rng, design: Design, tasks: number, trials: number): TaskDifference[] {
  return Array.from({ length: tasks }, () => {
    const task = design.draw(rng);
    return {
      difference: observed(rng, task.rateB, trials) - observed(rng, task.rateA, trials),
      trialsA: trials,
      trialsB: trials,
      weight: task.weight,
    };
  });
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;
const lines: string[] = [];
if (isPart('gate')) lines.push(...simulateWorseGate(), '');
if (isPart('coverage')) lines.push(...simulateCoverage(), '');
if (isPart('weights')) {
  lines.push(
    `Coverage of the 95% interval of B − A, ${REPLICATIONS} replications per cell (seed derived from the cell).`,
    '',
  );
}
for (const design of isPart('weights') ? DESIGNS : []) {
  lines.push(
    `**${design.name}** (weighted truth ${design.truth.toFixed(4)}; unweighted ${design.unweightedTruth.toFixed(4)})`,
    '',
    '| tasks | k | weighted (endstate) | mean width | ignoring weights | fallback used |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const trials of [4, 8]) {
    for (const tasks of [5, 10, 20, 50]) {
      const rng = createRng(
        deriveSeed('simulate-compare', design.name, String(tasks), String(trials)),
      );
      let covered = 0;
      let coveredUnweighted = 0;
      let width = 0;
      let fallbacks = 0;
      for (let replication = 0; replication < REPLICATIONS; replication += 1) {
        const suite = simulateSuite(rng, design, tasks, trials);
        const seed = replication;
        const { difference } = pairedDifference(suite, { seed });
        const [lower, upper] = difference.ci95;
        if (lower <= design.truth && design.truth <= upper) covered += 1;
        if (difference.method !== 'paired-t') fallbacks += 1;
        width += upper - lower;
        const unweighted = pairedDifference(
          suite.map(({ weight: _weight, ...task }) => task),
          { seed },
        ).difference.ci95;
        if (unweighted[0] <= design.truth && design.truth <= unweighted[1]) coveredUnweighted += 1;
      }
      lines.push(
        `| ${tasks} | ${trials} | ${percent(covered / REPLICATIONS)} | ${(width / REPLICATIONS).toFixed(3)} | ${percent(coveredUnweighted / REPLICATIONS)} | ${percent(fallbacks / REPLICATIONS)} |`,
      );
    }
  }
  lines.push('');
}
console.log(lines.join('\n'));
