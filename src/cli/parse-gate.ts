import { EndstateError } from '../core/index.js';
import { GATE_METRICS } from './gate-metrics.js';
import type { GateMetricName } from './gate-metrics.js';

/*
 * Apart from gates.ts, which evaluates gates on a scorecard: `endstate run`
 * checks its `--fail-under` flags before the trials without loading the
 * report code.
 */

/** A `--fail-under METRIC=V` gate. */
export interface Gate {
  readonly metric: string;
  readonly threshold: number;
}

export const gateUsage = (text: string, problem: string): EndstateError =>
  new EndstateError('E_USAGE', `--fail-under ${text}: ${problem}`, {
    hint: `Write METRIC=VALUE with VALUE between 0 and 1, e.g. success_rate=0.8 or pass_hat_k@4=0.5. Metrics: ${GATE_METRICS.map((metric) => `${metric.name} (${metric.about})`).join(', ')}.`,
  });

/** The metric a name refers to and its k (empty when it takes none). */
export function findMetric(metric: string): { spec: GateMetricName; k: string } | undefined {
  const [name, k, extra] = metric.split('@');
  if (extra !== undefined) return undefined;
  if (k === undefined) {
    const spec = GATE_METRICS.find((candidate) => candidate.name === name);
    return spec === undefined ? undefined : { spec, k: '' };
  }
  if (!/^[1-9]\d*$/.test(k)) return undefined;
  const spec = GATE_METRICS.find((candidate) => candidate.name === `${name}@K`);
  return spec === undefined ? undefined : { spec, k };
}

export function parseGate(text: string): Gate {
  const match = /^([a-z_]+(?:@[^=]*)?)=(.*)$/.exec(text.trim());
  if (match === null) throw gateUsage(text, 'expected METRIC=VALUE');
  const metric = match[1]!;
  if (findMetric(metric) === undefined) throw gateUsage(text, `unknown metric "${metric}"`);
  const threshold = Number(match[2]);
  if (match[2]!.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw gateUsage(text, `the value must be a number between 0 and 1, got "${match[2]}"`);
  }
  return { metric, threshold };
}
