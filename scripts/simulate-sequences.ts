// Coverage of the drift and memory intervals (src/report/analysis/drift-summary.ts,
// src/report/analysis/memory-summary.ts). Run with `npm run simulate:sequences`
// (prints Markdown). Each replication draws a suite of sequences from a
// design, plays k attempts of each as Bernoulli episodes, builds the
// summaries from the records and asks whether each 95% interval holds the
// design's true value, known in closed form:
//
//   P(episode succeeds) = θ_s · g_{s,a} · m_e
//   θ_s ~ Beta(α, β), the sequence's ability (shared by twin sequences);
//   g_{s,a} = 0 with probability ρ (the attempt breaks down: every episode
//   of that attempt fails, so episodes of an attempt are correlated), else 1;
//   m_e = (1 − δ_version if e is on v2) · (1 − δ_memory if e > 1 in a new session).
//
// Every target is a mean over sequences of expected rates, so it is
// E[θ]·(1 − ρ) times the design's mean of m_e over the episodes concerned.
import { parseArgs } from 'node:util';
import { createRng, deriveSeed } from '../src/core/index.js';
import type { Rng } from '../src/core/index.js';
import { summariseDrift } from '../src/report/analysis/drift-summary.js';
import { summariseMemory } from '../src/report/analysis/memory-summary.js';
import type { SequenceTrial } from '../src/report/analysis/sequence-episodes.js';
import { sampleBeta } from '../src/testing/sample-beta.js';

const { values } = parseArgs({
  options: {
    replications: { type: 'string', default: '2000' },
    attempts: { type: 'string', default: '3' },
  },
});
const REPLICATIONS = Number(values.replications);
const ATTEMPTS = Number(values.attempts);
const SIZES = [6, 10, 30];

interface Design {
  readonly name: string;
  readonly alpha: number;
  readonly beta: number;
  /** Chance an attempt breaks down (all its episodes fail). */
  readonly breakdown: number;
  readonly versionDrop: number;
  readonly memoryLoss: number;
}

const DESIGNS: readonly Design[] = [
  {
    name: 'θ~Beta(4,2), ρ=0.1, δv=0.3, δm=0.3',
    alpha: 4,
    beta: 2,
    breakdown: 0.1,
    versionDrop: 0.3,
    memoryLoss: 0.3,
  },
  {
    name: 'θ~Beta(1,1), ρ=0, δv=0, δm=0 (no effect)',
    alpha: 1,
    beta: 1,
    breakdown: 0,
    versionDrop: 0,
    memoryLoss: 0,
  },
  {
    name: 'θ~Beta(20,1), ρ=0.05, δv=0.1, δm=0.1 (nearly all pass)',
    alpha: 20,
    beta: 1,
    breakdown: 0.05,
    versionDrop: 0.1,
    memoryLoss: 0.1,
  },
  {
    name: 'θ~Beta(0.5,0.5), ρ=0.2, δv=0.5, δm=0.2 (all-or-nothing sequences)',
    alpha: 0.5,
    beta: 0.5,
    breakdown: 0.2,
    versionDrop: 0.5,
    memoryLoss: 0.2,
  },
];

/** One sequence's layout: per episode its version and session. */
type Layout = readonly { readonly version: string | null; readonly session: 'same' | 'new' }[];

/** Drift: four episodes, v1 v1 v2 v2, one session throughout. */
const DRIFT_LAYOUT: Layout = [
  { version: 'v1', session: 'new' },
  { version: 'v1', session: 'same' },
  { version: 'v2', session: 'same' },
  { version: 'v2', session: 'same' },
];
/** Memory twins: three episodes on the same tasks; A keeps episode 2's session, B episode 3's. */
const TWIN_A: Layout = [
  { version: null, session: 'new' },
  { version: null, session: 'same' },
  { version: null, session: 'new' },
];
const TWIN_B: Layout = [
  { version: null, session: 'new' },
  { version: null, session: 'new' },
  { version: null, session: 'same' },
];

function factor(design: Design, layout: Layout, index: number): number {
  const step = layout[index]!;
  return (
    (step.version === 'v2' ? 1 - design.versionDrop : 1) *
    (index > 0 && step.session === 'new' ? 1 - design.memoryLoss : 1)
  );
}

function play(
  rng: Rng,
  design: Design,
  id: string,
  tasks: string,
  layout: Layout,
  ability: number,
): SequenceTrial[] {
  const records: SequenceTrial[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const isBroken = rng.next() < design.breakdown;
    layout.forEach((step, index) => {
      const chance = isBroken ? 0 : ability * factor(design, layout, index);
      records.push({
        attempt,
        rerun: 0,
        valid: true,
        success: rng.next() < chance,
        sequence: {
          id,
          episode: index + 1,
          task: `${tasks}-${index + 1}`,
          session: step.session,
          version: step.version,
        },
      });
    });
  }
  return records;
}

interface Tally {
  covered: number;
  width: number;
  count: number;
}

function record(
  tallies: Map<string, Tally>,
  name: string,
  truth: number,
  ci: readonly [number, number],
): void {
  const tally = tallies.get(name) ?? { covered: 0, width: 0, count: 0 };
  if (ci[0] <= truth + 1e-12 && truth - 1e-12 <= ci[1]) tally.covered += 1;
  tally.width += ci[1] - ci[0];
  tally.count += 1;
  tallies.set(name, tally);
}

function simulate(design: Design, sequences: number): Map<string, Tally> {
  const rng = createRng(deriveSeed('simulate-sequences', design.name, sequences, ATTEMPTS));
  const c = (design.alpha / (design.alpha + design.beta)) * (1 - design.breakdown);
  const v = 1 - design.versionDrop;
  const m = 1 - design.memoryLoss;
  const tallies = new Map<string, Tally>();
  for (let replication = 0; replication < REPLICATIONS; replication += 1) {
    const driftRecords: SequenceTrial[] = [];
    const twinRecords: SequenceTrial[] = [];
    const apartRecords: SequenceTrial[] = [];
    for (let index = 0; index < sequences; index += 1) {
      driftRecords.push(
        ...play(
          rng,
          design,
          `d${index}`,
          `d${index}`,
          DRIFT_LAYOUT,
          sampleBeta(rng, design.alpha, design.beta),
        ),
      );
    }
    for (let pair = 0; pair < sequences / 2; pair += 1) {
      const shared = sampleBeta(rng, design.alpha, design.beta);
      twinRecords.push(
        ...play(rng, design, `a${pair}`, `t${pair}`, TWIN_A, shared),
        ...play(rng, design, `b${pair}`, `t${pair}`, TWIN_B, shared),
      );
    }
    for (let index = 0; index < sequences; index += 1) {
      const layout = rng.next() < 0.5 ? TWIN_A : TWIN_B;
      apartRecords.push(
        ...play(
          rng,
          design,
          `u${index}`,
          `u${index}`,
          layout,
          sampleBeta(rng, design.alpha, design.beta),
        ),
      );
    }
    const drift = summariseDrift(driftRecords)!;
    record(tallies, 'drift: success on v1', c, drift.by_version[0]!.rate.ci95);
    record(tallies, 'drift: success on v2', c * v, drift.by_version[1]!.rate.ci95);
    record(tallies, 'drift: drop at the change', c * (1 - v), drift.any_change!.drop.ci95);
    const lost = 1 - (c * (2 + 2 * v)) / 4;
    record(tallies, 'drift: regret, normalised', lost, drift.regret.normalised.ci95);
    record(tallies, 'drift: regret per attempt', 4 * lost, drift.regret.per_attempt.ci95);
    record(
      tallies,
      'drift: cumulative regret at episode 2',
      2 * (1 - c),
      drift.regret.cumulative[1]!.ci95,
    );
    const twins = summariseMemory(twinRecords)!;
    record(
      tallies,
      'memory: success at episode 2',
      (c * (1 + m)) / 2,
      twins.by_episode[1]!.rate.ci95,
    );
    record(tallies, 'memory: recall (n > 1)', (c * (1 + m)) / 2, twins.recall.ci95);
    record(tallies, 'memory: within-session', c, twins.within_session!.ci95);
    record(tallies, 'memory: cross-session', c * m, twins.cross_session!.ci95);
    record(
      tallies,
      'memory: within − cross, paired by twin task',
      c * (1 - m),
      twins.difference!.ci95,
    );
    const apart = summariseMemory(apartRecords)!;
    if (apart.difference !== null) {
      record(
        tallies,
        'memory: within − cross, unpaired (no twins)',
        c * (1 - m),
        apart.difference.ci95,
      );
    }
  }
  return tallies;
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;
const lines = [
  `Coverage of the 95% intervals of the drift and memory measures, ${REPLICATIONS} simulated suites per cell, ${ATTEMPTS} attempts per sequence (coverage, mean width in brackets).`,
  '',
];
for (const design of DESIGNS) {
  const results = SIZES.map((size) => simulate(design, size));
  lines.push(
    `**${design.name}**`,
    '',
    `| figure | ${SIZES.map((size) => `${size} sequences`).join(' | ')} |`,
    `| --- | ${SIZES.map(() => '---:').join(' | ')} |`,
  );
  for (const name of results[0]!.keys()) {
    const cells = results.map((tallies) => {
      const tally = tallies.get(name);
      return tally === undefined
        ? '—'
        : `${percent(tally.covered / tally.count)} (${(tally.width / tally.count).toFixed(3)})`;
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  lines.push('');
}
console.log(lines.join('\n'));
