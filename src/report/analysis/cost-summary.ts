import type { RunPricing, TrialRecord } from '../../schema/index.js';
import { costPerSuccessInterval } from './cost-per-success-interval.js';
import { usd } from '../rendering/format-figures.js';

/**
 * The system under test's model spend over every attempt, invalid ones
 * included. A trial with a model call no pricing table priced has an
 * unknown cost (null): every figure it enters is then null (unknown),
 * never a sum that counts it as $0; `priced_usd` keeps what is known.
 */
export interface CostSummary {
  /** Null when some attempt's cost is unknown (`unpriced_trials` > 0). */
  readonly total_usd: number | null;
  /** The spend of the attempts whose cost is known: the total when all are, a lower bound otherwise. */
  readonly priced_usd: number;
  /** Attempts with a model call no pricing table priced (`--pricing FILE` prices it). */
  readonly unpriced_trials: number;
  /** Null when unknown. */
  readonly per_trial_usd: number | null;
  /** Total cost / successes (what a success costs, failures paid for); null when nothing succeeded or the total is unknown. */
  readonly per_success_usd: number | null;
  /**
   * 95% interval of per_success_usd from a bootstrap over tasks (seeded by
   * the run seed); null when nothing succeeded or the cost is unknown. Bounds are NaN (null in
   * JSON) with one task; the upper is +Infinity (null) when too few tasks succeed to bound it.
   */
  readonly per_success_ci95: readonly [number, number] | null;
  /** Cost given success: the mean cost of the successful trials alone; null when nothing succeeded or one's cost is unknown. */
  readonly mean_success_usd: number | null;
  /** The simulated user's model spend: the harness's, not the system's, so outside the figures above; null when unknown. */
  readonly user_simulator_usd: number | null;
  /** Model-based graders (the judge), apart from the system's cost; null when unknown. */
  readonly graders_usd: number | null;
}

/** A sum where one unknown (null) makes the sum unknown. */
function sumKnown(values: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const value of values) {
    if (value === null) return null;
    sum += value;
  }
  return sum;
}

export function summariseCost(
  trials: readonly TrialRecord[],
  succeeded: readonly TrialRecord[],
  successes: number,
  seed: number,
): CostSummary {
  const total = sumKnown(trials.map((trial) => trial.usage.cost_usd));
  const successCost = sumKnown(succeeded.map((trial) => trial.usage.cost_usd));
  return {
    total_usd: total,
    priced_usd: trials.reduce((sum, trial) => sum + (trial.usage.cost_usd ?? 0), 0),
    unpriced_trials: trials.filter((trial) => trial.usage.cost_usd === null).length,
    per_trial_usd: total === null ? null : trials.length === 0 ? 0 : total / trials.length,
    per_success_usd: total === null || successes === 0 ? null : total / successes,
    per_success_ci95: total === null ? null : costPerSuccessInterval(trials, seed),
    mean_success_usd:
      successCost === null || succeeded.length === 0 ? null : successCost / succeeded.length,
    user_simulator_usd: sumKnown(trials.map((trial) => trial.usage.user_cost_usd)),
    graders_usd: sumKnown(trials.map((trial) => trial.usage.grader_cost_usd)),
  };
}

/** A cost figure: its value, or "unknown" when a trial it covers was not priced. */
export function costFigure(value: number | null, cost: CostSummary): string {
  return value === null && cost.unpriced_trials > 0 ? 'unknown' : usd(value);
}

/** The total, or what is known of it: `unknown (≥ $0.0123 priced; 3 of 8 trials unpriced)`. */
export function describeTotalCost(cost: CostSummary, trials: number): string {
  if (cost.unpriced_trials === 0) return usd(cost.total_usd);
  return `unknown (≥ ${usd(cost.priced_usd)} priced; ${cost.unpriced_trials} of ${trials} trials unpriced)`;
}

/**
 * The prices the run applied, in a line: each table with the start of its
 * sha256, then each model's price per million tokens (or "unpriced"), with
 * the reason when the run recorded one (a model called at another endpoint
 * than its provider's own).
 */
export function describePricing(pricing: RunPricing): string {
  const tables = pricing.sources.map(
    (source) => `${source.path} (sha256 ${source.sha256.slice(0, 12)})`,
  );
  const models = Object.entries(pricing.models).map(([model, applied]) => {
    const note = pricing.notes?.[model];
    const text =
      applied === null
        ? `${model} unpriced`
        : `${model} $${applied.price.input} in / $${applied.price.output} out per 1M tokens from ${applied.source}`;
    return note === undefined ? text : `${text} (${note})`;
  });
  return [...tables, ...models].join(' · ');
}
