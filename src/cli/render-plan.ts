import { sampleSize } from '../stats/index.js';
import type { SampleSize, SampleSizeTarget } from '../stats/index.js';

/** One input of a plan and where it came from (a flag, a pilot run, a default). */
export interface PlanInput {
  readonly value: number;
  readonly source: string;
  /** A default guess rather than a measurement or a choice: the output says so. */
  readonly isGuess?: boolean;
}

export interface PlanInputs {
  readonly p: PlanInput;
  readonly trialsPerTask: PlanInput;
  readonly icc: PlanInput;
}

/** Trials per task shown in the table, beside the one asked for. */
const TABLE_TRIALS = [1, 2, 4, 8];

/** The lines `endstate plan` prints: the answer, its inputs and their sources, the formula, the table over k. */
export function renderPlan(options: {
  readonly target: SampleSizeTarget;
  readonly plan: SampleSize;
  readonly inputs: PlanInputs;
}): string[] {
  const { target, plan, inputs } = options;
  return [
    `Tasks needed: ${plan.tasks}`,
    ...describeTarget(plan),
    '',
    ...describeInputs(plan, inputs),
    '',
    ...describeFormula(plan),
    '',
    ...trialsTable(target, plan),
    explainFloor(plan),
  ];
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
    `  to detect a change in success rate from p = ${short(plan.p)} to ${short(plan.alternativeRate)} (D = ${short(plan.delta)}) between two systems run on the same tasks,`,
    `  with ${percent(plan.power)} power in a two-sided paired t-test over tasks at the ${percent(plan.alpha)} level (as endstate compare runs it);`,
    `  ${each} and system (${plan.tasks * plan.trialsPerTask} trials per system)`,
  ];
}

/** Whether r changes the answer: not with one trial per task, unless the systems' rates correlate. */
function iccMatters(plan: SampleSize): boolean {
  if (plan.trialsPerTask > 1) return true;
  return plan.type === 'difference' && plan.correlation > 0;
}

function describeInputs(plan: SampleSize, inputs: PlanInputs): string[] {
  const line = (name: string, input: PlanInput, note = ''): string =>
    `  ${`${name} = ${short(input.value)}`.padEnd(14)}${input.source}${note}`;
  const iccNote = iccMatters(plan)
    ? ''
    : ' (it does not change the answer here: one trial per task)';
  const lines = [
    'Inputs',
    line('p', inputs.p),
    line('k', inputs.trialsPerTask),
    line('r', inputs.icc, iccNote),
  ];
  if (plan.type === 'difference') {
    lines.push(
      `  ${`ρ = ${short(plan.correlation)}`.padEnd(14)}--correlation (of the two systems' true per-task rates)`,
      `  ${`α = ${short(plan.alpha)}`.padEnd(14)}--alpha; power ${short(plan.power)} (--power)`,
    );
  } else {
    lines.push(`  ${`α = ${short(plan.alpha)}`.padEnd(14)}--alpha`);
  }
  if (inputs.icc.isGuess === true && iccMatters(plan)) {
    lines.push(
      `  r = ${short(inputs.icc.value)} is a guess: measure the within-task correlation on a pilot run (plan --from RUN).`,
    );
  }
  return lines;
}

function describeFormula(plan: SampleSize): string[] {
  const { trialsPerTask: k, icc: r } = plan;
  const rounded = `${short(plan.normalTasks, 2)}`;
  if (plan.type === 'width') {
    const pq = short(plan.p * (1 - plan.p), 6);
    const check = (plan.tLevel ** 2 * plan.variance) / plan.halfWidth ** 2;
    return [
      'Formula (task rates vary between tasks; trials vary within them)',
      "  σ² = p(1 − p)·DE/k, the variance of one task's mean rate; DE = 1 + (k − 1)·r",
      `  DE = 1 + ${k - 1}·${short(r)} = ${short(plan.designEffect)};  σ² = ${pq}·${short(plan.designEffect)}/${k} = ${short(plan.variance, 6)}`,
      `  normal approximation: n₀ = z_{1−α/2}² · σ² / W² = ${short(plan.zLevel)}² · ${short(plan.variance, 6)} / ${short(plan.halfWidth ** 2, 8)} = ${rounded}`,
      '  the interval over n tasks uses t_{1−α/2, n−1}: n is the smallest with n ≥ t_{1−α/2, n−1}² · σ² / W²',
      `  n = ${plan.tasks}: ${short(plan.tLevel)}² · ${short(plan.variance, 6)} / ${short(plan.halfWidth ** 2, 8)} = ${short(check, 2)} ≤ ${plan.tasks}`,
    ];
  }
  const p = plan.p;
  const q = plan.alternativeRate;
  const vA = p * (1 - p);
  const vB = q * (1 - q);
  const rho = short(plan.correlation);
  const sum = short(vA + vB, 6);
  const check = ((plan.tLevel + plan.tPower) ** 2 * plan.variance) / plan.delta ** 2;
  return [
    "Formula (paired: pairing cancels only the between-task part; the systems' trial noise is independent)",
    '  σ_d² = r·(v_A + v_B − 2ρ·√(v_A·v_B)) + (1 − r)·(v_A + v_B)/k,  v = rate·(1 − rate) of each system',
    `  v_A = ${short(p)}·${short(1 - p)} = ${short(vA, 6)}   v_B = ${short(q)}·${short(1 - q)} = ${short(vB, 6)}`,
    `  between tasks: ${short(r)}·(${sum} − 2·${rho}·${short(Math.sqrt(vA * vB), 6)}) = ${short(plan.betweenTaskVariance, 6)}`,
    `  within tasks:  (1 − ${short(r)})·${sum}/${k} = ${short(plan.withinTaskVariance, 6)}`,
    `  σ_d² = ${short(plan.variance, 6)}`,
    `  normal approximation: n₀ = (z_{1−α/2} + z_{1−β})² · σ_d² / D² = (${short(plan.zLevel)} + ${short(plan.zPower)})² · ${short(plan.variance, 6)} / ${short(plan.delta ** 2, 8)} = ${rounded}`,
    '  the t-test over n tasks has n − 1 degrees of freedom: n is the smallest with n ≥ (t_{1−α/2, n−1} + t_{1−β, n−1})² · σ_d² / D²',
    `  n = ${plan.tasks}: (${short(plan.tLevel)} + ${short(plan.tPower)})² · ${short(plan.variance, 6)} / ${short(plan.delta ** 2, 8)} = ${short(check, 2)} ≤ ${plan.tasks}`,
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
