import { EndstateError } from '../core/index.js';
import { DEFAULT_ICC, sampleSize } from '../stats/index.js';
import type { SampleSize, SampleSizeTarget } from '../stats/index.js';
import type { CliIo } from './cli-io.js';

export interface PlanFlags {
  readonly p: number;
  readonly delta?: number;
  readonly width?: number;
  readonly trials: number;
  /** Left out: {@link DEFAULT_ICC}, and the output says it is a guess. */
  readonly icc?: number;
  readonly alpha: number;
  readonly power: number;
  readonly correlation: number;
}

/** Trials per task shown in the table, beside the one asked for. */
const TABLE_TRIALS = [1, 2, 4, 8];

/**
 * `endstate plan --p P (--delta D | --width W) [--trials k] [--icc r]`:
 * the number of tasks a suite needs to detect a difference D between two
 * systems (paired on the same tasks) or to measure one system's success
 * rate to within ±W, with k trials per task whose outcomes correlate (r)
 * within the task. Prints the formula with its inputs and how the number
 * changes with k. The formulas are {@link sampleSize}'s.
 */
export function planCommand(flags: PlanFlags, io: CliIo): number {
  const target = targetOf(flags);
  const plan = sampleSize(target);
  const lines = [
    `Tasks needed: ${plan.tasks}`,
    ...describeTarget(plan),
    '',
    ...describeFormula(plan),
    '',
    ...trialsTable(target, plan),
    explainFloor(plan),
    ...(flags.icc === undefined
      ? [
          `  r = ${DEFAULT_ICC} is a default guess (set --icc): measure the within-task correlation on a pilot run.`,
        ]
      : []),
  ];
  io.out(`${lines.join('\n')}\n`);
  return 0;
}

/** The sample-size question the flags ask, after the checks no single option can make. */
function targetOf(flags: PlanFlags): SampleSizeTarget {
  const { p, trials: trialsPerTask, alpha } = flags;
  const icc = flags.icc ?? DEFAULT_ICC;
  if ((flags.delta === undefined) === (flags.width === undefined)) {
    throw new EndstateError('E_USAGE', 'plan needs exactly one of --delta and --width', {
      hint: 'Give --delta D for the difference between two systems to detect, or --width W for the ± half-width of one success rate.',
    });
  }
  if (flags.width !== undefined) {
    return { type: 'width', p, halfWidth: flags.width, trialsPerTask, icc, alpha };
  }
  const delta = flags.delta ?? Number.NaN;
  if (p + delta > 1 && p - delta < 0) {
    throw new EndstateError(
      'E_USAGE',
      `--delta ${delta} is impossible from --p ${p}: both ${p} + ${delta} and ${p} − ${delta} leave [0, 1]`,
      { hint: 'Give a difference no larger than max(p, 1 − p).' },
    );
  }
  if (flags.correlation >= 1) {
    throw new EndstateError('E_USAGE', `--correlation ${flags.correlation} must be below 1`, {
      hint: 'ρ = 1 would mean two systems with identical per-task rates: no difference to detect.',
    });
  }
  if (flags.power <= alpha / 2) {
    throw new EndstateError('E_USAGE', `--power ${flags.power} must exceed α/2 = ${alpha / 2}`, {
      hint: 'Power is usually 0.8 or 0.9.',
    });
  }
  const { power, correlation } = flags;
  return { type: 'difference', p, delta, trialsPerTask, icc, alpha, power, correlation };
}

const short = (value: number, digits = 4): string => String(Number(value.toFixed(digits)));
const percent = (value: number): string => `${short(value * 100, 2)}%`;
const trials = (k: number): string => `${k} trial${k === 1 ? '' : 's'}`;

function describeTarget(plan: SampleSize): string[] {
  const each = `${trials(plan.trialsPerTask)} per task`;
  if (plan.type === 'width') {
    return [
      `  for a ${percent(1 - plan.alpha)} interval of ±${short(plan.halfWidth)} on a success rate near p = ${short(plan.p)},`,
      `  with ${each} (${plan.tasks * plan.trialsPerTask} trials)`,
    ];
  }
  return [
    `  to detect a difference of ${short(plan.delta)} in success rate from p = ${short(plan.p)} between two systems run on the same tasks,`,
    `  with ${percent(plan.power)} power at the two-sided ${percent(plan.alpha)} level; ${each} and system (${plan.tasks * plan.trialsPerTask} trials per system)`,
  ];
}

function describeFormula(plan: SampleSize): string[] {
  const { p, trialsPerTask: k, icc: r } = plan;
  const pq = short(p * (1 - p), 6);
  const designEffect = `  design effect DE = 1 + (k − 1)·r = 1 + ${k - 1}·${short(r)} = ${short(plan.designEffect)}`;
  const zLevel = `z_{1−α/2} = z_${short(1 - plan.alpha / 2)} = ${short(plan.zLevel)}`;
  const rounded = `${short(plan.exactTasks, 2)} → ${plan.tasks}`;
  if (plan.type === 'width') {
    return [
      '  n = z_{1−α/2}² · p(1 − p) · DE / (k · W²), rounded up',
      `  ${zLevel}`,
      designEffect,
      `  n = ${short(plan.zLevel ** 2)} · ${pq} · ${short(plan.designEffect)} / (${k} · ${short(plan.halfWidth ** 2, 8)}) = ${rounded}`,
    ];
  }
  const rho = short(plan.correlation);
  return [
    '  n = (z_{1−α/2} + z_{1−β})² · σ_d² / D², rounded up',
    `  ${zLevel}   z_{1−β} = z_${short(plan.power)} = ${short(plan.zPower)}`,
    designEffect,
    `  σ_d² = 2·(1 − ρ)·p(1 − p)·DE/k = 2·(1 − ${rho})·${pq}·${short(plan.designEffect)}/${k} = ${short(plan.variance, 6)}`,
    `  n = ${short((plan.zLevel + plan.zPower) ** 2)} · ${short(plan.variance, 6)} / ${short(plan.delta ** 2, 8)} = ${rounded}`,
  ];
}

/** Tasks needed for k = 1, 2, 4, 8 (and the k asked for). */
function trialsTable(target: SampleSizeTarget, plan: SampleSize): string[] {
  const ks = [...new Set([...TABLE_TRIALS, plan.trialsPerTask])].sort((a, b) => a - b);
  const trialsColumn = plan.type === 'width' ? 'trials' : 'trials per system';
  const header = ['trials per task', 'design effect', 'tasks', trialsColumn];
  const rows = ks.map((k) => {
    const row = sampleSize({ ...target, trialsPerTask: k });
    return [String(k), row.designEffect.toFixed(3), String(row.tasks), String(row.tasks * k)];
  });
  return [header, ...rows].map(
    (cells) =>
      `  ${cells.map((cell, index) => cell.padStart(header[index]?.length ?? 0)).join('   ')}`,
  );
}

function explainFloor(plan: SampleSize): string {
  if (plan.icc === 0) {
    return '  With r = 0 trials of a task are independent: k trials count as k tasks.';
  }
  return `  More trials per task average away only the noise within tasks, not the spread between them: with r = ${short(plan.icc)} no number of trials brings it under ${plan.tasksWithUnlimitedTrials} tasks.`;
}
