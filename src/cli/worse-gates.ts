import { EndstateError } from '../core/index.js';
import { percentLevel } from '../report/index.js';
import type { Comparison, PairedDifference } from '../report/index.js';
import { WORSE_GATE_METRICS } from './worse-gate-metrics.js';
import type { WorseGateMetric } from './worse-gate-metrics.js';

/** A `--fail-if-worse METRIC[=MARGIN]` gate: fail when B is surely worse than A by more than MARGIN. */
export interface WorseGate {
  readonly metric: string;
  /** The drop (B − A, as a fraction: 0.02 is 2 points) tolerated before the gate fails. */
  readonly margin: number;
}

const usage = (text: string, problem: string): EndstateError =>
  new EndstateError('E_USAGE', `--fail-if-worse ${text}: ${problem}`, {
    hint: `Write METRIC or METRIC=MARGIN with MARGIN a fraction from 0 up to 1 (0.02: two points), e.g. --fail-if-worse success_rate=0.02. Metrics: ${WORSE_GATE_METRICS.map((metric) => `${metric.name} (${metric.about})`).join(', ')}.`,
  });

/** Reads `success_rate` or `success_rate=0.02`; a usage error names the flag, the problem and the metrics. */
export function parseWorseGate(text: string): WorseGate {
  const match = /^([^=]*)(?:=(.*))?$/.exec(text.trim());
  const metric = match?.[1]?.trim() ?? '';
  if (!WORSE_GATE_METRICS.some((candidate) => candidate.name === metric)) {
    throw usage(text, `unknown metric "${metric}"`);
  }
  const marginText = match?.[2];
  if (marginText === undefined) return { metric, margin: 0 };
  const margin = Number(marginText);
  if (marginText.trim() === '' || !Number.isFinite(margin) || margin < 0 || margin >= 1) {
    throw usage(text, `the margin must be a number from 0 up to 1, got "${marginText}"`);
  }
  return { metric, margin };
}

export interface WorseGateVerdict {
  readonly gate: WorseGate;
  readonly pass: boolean;
  /** Why it passed or failed, in one line. */
  readonly message: string;
}

const pts = (value: number): string => {
  const text = (Math.abs(value) * 100).toFixed(1);
  return `${value < 0 && text !== '0.0' ? '-' : value > 0 && text !== '0.0' ? '+' : ''}${text} pts`;
};

/** `the paired t test over the task population`, for a verdict. */
function populationBasis(difference: PairedDifference, what: 'test' | 'interval'): string {
  const how = difference.method === 'paired-t' ? 'paired t' : 'exact sign-flip and Hoeffding';
  return `the ${how} ${what} over the task population`;
}

/**
 * A gate reads the difference the comparison's `gate` names: over the task
 * population with 10 or more paired tasks, on these tasks' own trials with
 * fewer. Past a margin, it fails when the upper end of that 95% interval
 * of B − A is below −margin (on these tasks, their MOVER–Wilson interval).
 * With margin 0 it fails when that difference's one-sided test finds B
 * worse (the paired t or its exact fallback; on these tasks, the exact
 * stratified permutation test), and for success_rate also when the
 * per-task list shows a task regressed (Boschloo, Holm), so the gate never
 * passes what the report calls a regression; the 2.5% level is then shared
 * between the two (`gate.list_alpha` to the list, the rest to the test), so
 * two equal systems still fail at most 2.5% of the time. With no paired
 * task there is no interval, and the gate fails (nothing shows that B is
 * not worse).
 */
export function checkWorseGate(comparison: Comparison, gate: WorseGate): WorseGateVerdict {
  const spec = WORSE_GATE_METRICS.find((metric) => metric.name === gate.metric);
  if (spec === undefined) throw usage(gate.metric, `unknown metric "${gate.metric}"`);
  const label = `--fail-if-worse ${gate.metric}=${gate.margin}`;
  const population = spec.difference(comparison);
  if (Number.isNaN(population.ci95[1])) {
    return { gate, pass: false, message: `${label} failed: no paired task, so no interval` };
  }
  const margin = pts(gate.margin).replace('+', '');
  const regressed = gate.margin === 0 ? spec.regressed(comparison) : null;
  const decision = decide(comparison, spec, {
    margin: gate.margin,
    alpha: regressed === null ? comparison.gate.alpha : comparison.gate.test_alpha,
  });
  if (!decision.pass) {
    return {
      gate,
      pass: false,
      message: `${label} failed: B is worse than A by more than ${margin} (decided by ${decision.basis}: ${decision.figures}${decision.why})`,
    };
  }
  if (regressed !== null && regressed.length > 0) {
    return {
      gate,
      pass: false,
      message: `${label} failed: B is worse than A (decided by the per-task list: ${regressed.length} task(s) regressed beyond the noise of their own trials, Boschloo's exact test, Holm-adjusted: ${regressed.join(', ')}; ${decision.basis} alone does not show it: ${decision.figures})`,
    };
  }
  return {
    gate,
    pass: true,
    message: `${label} passed: B is not shown worse than A by more than ${margin} (decided by ${decision.basis}: ${decision.figures})`,
  };
}

interface GateDecision {
  readonly pass: boolean;
  /** Which interval or test decided, and about what. */
  readonly basis: string;
  readonly figures: string;
  /** Why it failed, after the figures. */
  readonly why: string;
}

function decide(
  comparison: Comparison,
  spec: WorseGateMetric,
  { margin, alpha }: { margin: number; alpha: number },
): GateDecision {
  const below = `: its upper end is below ${pts(-margin)}`;
  const { gate } = comparison;
  const shared =
    alpha >= gate.alpha
      ? ''
      : gate.list_alpha_method === 'assumed'
        ? ` (half of ${percentLevel(gate.alpha)}; the per-task list is assumed to take ${percentLevel(gate.list_alpha)})`
        : ` (${percentLevel(gate.alpha)} less ${percentLevel(gate.list_alpha)} for the per-task list)`;
  if (gate.decided_by === 'task-population') {
    const difference = spec.difference(comparison);
    const [lower, upper] = difference.ci95;
    const interval = `B − A ${pts(difference.value)}, 95% CI [${pts(lower)}, ${pts(upper)}]`;
    if (margin === 0) {
      return {
        pass: !(difference.p_worse < alpha),
        basis: populationBasis(difference, 'test'),
        figures: `one-sided p = ${pValueText(difference.p_worse)} that B is worse, at level ${percentLevel(alpha)}${shared}; ${interval}`,
        why: '',
      };
    }
    return {
      pass: !(upper < -margin),
      basis: populationBasis(difference, 'interval'),
      figures: interval,
      why: below,
    };
  }
  const these = spec.theseTasks(comparison);
  const tasks = `these ${these.tasks} tasks`;
  const [lower, upper] = these.ci95;
  const interval = `B − A ${pts(these.value)}, 95% CI [${pts(lower)}, ${pts(upper)}] on ${tasks}`;
  if (margin === 0) {
    return {
      pass: !(these.p_worse < alpha),
      basis: `the exact stratified permutation test of the trials of ${tasks}`,
      figures: `one-sided p = ${pValueText(these.p_worse)} that B is worse, at level ${percentLevel(alpha)}${shared}; ${interval}`,
      why: '',
    };
  }
  return {
    pass: !(upper < -margin),
    basis: `the MOVER–Wilson interval of ${tasks}`,
    figures: interval,
    why: below,
  };
}

const pValueText = (p: number): string =>
  p < 0.0001 ? p.toExponential(1) : p < 0.01 ? p.toPrecision(2) : p.toFixed(3);
