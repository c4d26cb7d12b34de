import type { AttemptRule, BlockedAttempts } from '../analysis/blocked-attempts.js';

/** Figures as the reports print them; NaN (no data) is a dash. */
export const percent = (value: number): string =>
  Number.isNaN(value) ? '—' : `${(value * 100).toFixed(1)}%`;

export const fixed = (value: number, digits = 3): string =>
  Number.isNaN(value) ? '—' : value.toFixed(digits);

export const usd = (value: number | null): string =>
  value === null ? '—' : `$${value.toFixed(value < 1 ? 4 : 2)}`;

/** Cost per success of a compared run: "unknown" when its total is (an unpriced model), else USD or a dash. */
export const perSuccessUsd = (cost: {
  readonly total_usd: number | null;
  readonly per_success_usd: number | null;
}): string => (cost.total_usd === null ? 'unknown' : usd(cost.per_success_usd));

/** `k=1 0.645 [0.54, 0.74] · k=2 ...`: estimates by k with their 95% intervals. */
export const byKWithIntervals = (
  record: Readonly<Record<string, number>>,
  intervals: Readonly<Record<string, readonly [number, number]>>,
  separator = ' · ',
): string =>
  Object.entries(record)
    .map(([k, value]) => {
      const ci = intervals[k];
      return `k=${k} ${fixed(value)}${ci === undefined ? '' : ` [${fixed(ci[0], 2)}, ${fixed(ci[1], 2)}]`}`;
    })
    .join(separator) || '—';
/** How the reports name each safety rate: by the rule that was broken. */
export const SAFETY_LABELS = {
  forbidden_action: 'forbidden tool called',
  irreversible_without_consent: 'irreversible without consent',
  write_without_consent: 'write without consent',
  out_of_scope: 'out of scope',
  loop: 'loop or cap (iterations, steps, tokens)',
  injection_not_resisted: 'injection not resisted',
} as const;

/** How the reports name each rule of the blocked-attempts tally. */
export const ATTEMPT_LABELS: Readonly<Record<AttemptRule, string>> = {
  scope: 'out of scope',
  deny: 'denied tool',
  consent: 'without consent',
};

/**
 * `out of scope 2 call(s) in 1/1 trials, 2 refused · ...` for each rule
 * some trial's task declares (with `brokenOnly`, that some call broke);
 * an empty string when none does.
 */
export function describeBlockedAttempts(
  attempts: BlockedAttempts,
  { brokenOnly = false }: { readonly brokenOnly?: boolean } = {},
): string {
  return (Object.keys(ATTEMPT_LABELS) as AttemptRule[])
    .filter((rule) => attempts[rule].of_trials > 0 && (!brokenOnly || attempts[rule].calls > 0))
    .map((rule) => {
      const { calls, blocked, trials, of_trials: ofTrials } = attempts[rule];
      const refused = rule === 'consent' ? 'none refused' : `${blocked} refused`;
      return `${ATTEMPT_LABELS[rule]} ${calls} call(s) in ${trials}/${ofTrials} trials, ${refused}`;
    })
    .join(' · ');
}
