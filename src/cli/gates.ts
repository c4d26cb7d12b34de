import { EndstateError } from '../core/index.js';
import type { Scorecard } from '../report/index.js';

/** A `--fail-under METRIC=V` gate. */
export interface Gate {
  readonly metric: string;
  readonly threshold: number;
}

const METRICS = 'success_rate, success_rate_lower (the CI lower bound), pass_hat_k@K, pass_at_k@K';

export function parseGate(text: string): Gate {
  const match =
    /^(success_rate|success_rate_lower|pass_hat_k@[1-9]\d*|pass_at_k@[1-9]\d*)=([0-9.]+)$/.exec(
      text.trim(),
    );
  const threshold = Number(match?.[2]);
  if (match === null || !Number.isFinite(threshold)) {
    throw new EndstateError(
      'E_USAGE',
      `--fail-under ${text}: expected METRIC=VALUE with a known metric, e.g. success_rate=0.8`,
      {
        hint: `Metrics: ${METRICS}.`,
      },
    );
  }
  return { metric: match[1]!, threshold };
}

/** The value of a gate's metric on a scorecard (NaN when it does not exist). */
export function gateValue(card: Scorecard, metric: string): number {
  if (metric === 'success_rate') return card.success_rate.value;
  if (metric === 'success_rate_lower') return card.success_rate.ci95[0];
  const [name, k] = metric.split('@');
  if (name === 'pass_hat_k' && k !== undefined) return card.pass_hat_k[k] ?? Number.NaN;
  if (name === 'pass_at_k' && k !== undefined) return card.pass_at_k[k] ?? Number.NaN;
  throw new EndstateError('E_USAGE', `--fail-under: unknown metric "${metric}"`, {
    hint: `Metrics: ${METRICS}.`,
  });
}

/** Gates the scorecard falls under, as messages. */
export function failedGates(card: Scorecard, gates: readonly Gate[]): string[] {
  return gates.flatMap((gate) => {
    const value = gateValue(card, gate.metric);
    return Number.isNaN(value) || value < gate.threshold
      ? [
          `${gate.metric} = ${Number.isNaN(value) ? 'n/a' : value.toFixed(4)} is under ${gate.threshold}`,
        ]
      : [];
  });
}
