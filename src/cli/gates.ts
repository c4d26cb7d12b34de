import { EndstateError } from '../core/index.js';
import { meetsGate } from '../report/index.js';
import type { GateVerdict, Scorecard } from '../report/index.js';
import { GATE_METRICS } from './gate-metrics.js';
import type { GateMetric } from './gate-metrics.js';

/** A `--fail-under METRIC=V` gate. */
export interface Gate {
  readonly metric: string;
  readonly threshold: number;
}

const usage = (text: string, problem: string): EndstateError =>
  new EndstateError('E_USAGE', `--fail-under ${text}: ${problem}`, {
    hint: `Write METRIC=VALUE with VALUE between 0 and 1, e.g. success_rate=0.8 or pass_hat_k@4=0.5. Metrics: ${GATE_METRICS.map((metric) => `${metric.name} (${metric.about})`).join(', ')}.`,
  });

/** The metric a name refers to and its k (empty when it takes none). */
function findMetric(metric: string): { spec: GateMetric; k: string } | undefined {
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
  if (match === null) throw usage(text, 'expected METRIC=VALUE');
  const metric = match[1]!;
  if (findMetric(metric) === undefined) throw usage(text, `unknown metric "${metric}"`);
  const threshold = Number(match[2]);
  if (match[2]!.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
    throw usage(text, `the value must be a number between 0 and 1, got "${match[2]}"`);
  }
  return { metric, threshold };
}

/** The value of a gate's metric on a scorecard (NaN when it does not exist, e.g. k past the trials). */
export function gateValue(card: Scorecard, metric: string): number {
  const found = findMetric(metric);
  if (found === undefined) throw usage(metric, `unknown metric "${metric}"`);
  return found.spec.value(card, found.k) ?? Number.NaN;
}

/** Each gate with the scorecard's value; a missing value fails its gate. */
export function evaluateGates(card: Scorecard, gates: readonly Gate[]): GateVerdict[] {
  return gates.map(({ metric, threshold }) => {
    const value = gateValue(card, metric);
    return { metric, threshold, value, pass: meetsGate(value, threshold) };
  });
}

/** Gates the scorecard falls under, as messages. */
export function failedGates(card: Scorecard, gates: readonly Gate[]): string[] {
  return evaluateGates(card, gates)
    .filter((verdict) => !verdict.pass)
    .map(({ metric, threshold, value }) =>
      Number.isNaN(value)
        ? `${metric} is not available (${metric.includes('@') ? `k stops at ${card.k.max}` : 'no trial to compute it from'}), so it is under ${threshold}`
        : `${metric} = ${value.toFixed(4)} is under ${threshold}`,
    );
}
