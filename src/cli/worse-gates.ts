import { EndstateError } from '../core/index.js';
import type { Comparison } from '../report/index.js';
import { WORSE_GATE_METRICS } from './worse-gate-metrics.js';

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

/**
 * A gate fails when the upper end of the 95% interval of B − A is below
 * −margin: B is worse than A by more than the margin, beyond the noise.
 * With no paired task there is no interval, and the gate fails (nothing
 * shows that B is not worse).
 */
export function checkWorseGate(comparison: Comparison, gate: WorseGate): WorseGateVerdict {
  const spec = WORSE_GATE_METRICS.find((metric) => metric.name === gate.metric);
  if (spec === undefined) throw usage(gate.metric, `unknown metric "${gate.metric}"`);
  const difference = spec.difference(comparison);
  const [lower, upper] = difference.ci95;
  const label = `--fail-if-worse ${gate.metric}=${gate.margin}`;
  if (Number.isNaN(upper)) {
    return { gate, pass: false, message: `${label} failed: no paired task, so no interval` };
  }
  const interval = `B − A ${pts(difference.value)}, 95% CI [${pts(lower)}, ${pts(upper)}]`;
  return upper < -gate.margin
    ? {
        gate,
        pass: false,
        message: `${label} failed: B is worse than A by more than ${pts(gate.margin).replace('+', '')} (${interval}: its upper end is below ${pts(-gate.margin)})`,
      }
    : {
        gate,
        pass: true,
        message: `${label} passed: B is not shown worse than A by more than ${pts(gate.margin).replace('+', '')} (${interval})`,
      };
}
