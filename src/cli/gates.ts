import { SCORECARD_GATE_METRICS, meetsGate } from '../report/index.js';
import type { GateVerdict, Scorecard } from '../report/index.js';
import { findMetric, gateUsage } from './parse-gate.js';
import type { Gate } from './parse-gate.js';

export { parseGate } from './parse-gate.js';
export type { Gate } from './parse-gate.js';

/** The value of a gate's metric on a scorecard (NaN when it does not exist, e.g. k past the trials). */
export function gateValue(card: Scorecard, metric: string): number {
  const found = findMetric(metric);
  if (found === undefined) throw gateUsage(metric, `unknown metric "${metric}"`);
  const figure = SCORECARD_GATE_METRICS.find((candidate) => candidate.name === found.spec.name);
  // gates.test.ts holds the two lists equal; a name without a figure is a bug here, not a usage error.
  if (figure === undefined)
    throw new Error(`no scorecard figure for gate metric ${found.spec.name}`);
  return figure.value(card, found.k) ?? Number.NaN;
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
