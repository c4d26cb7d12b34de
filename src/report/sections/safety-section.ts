import { SAFETY_LABELS, describeBlockedAttempts, percent } from '../rendering/format-figures.js';
import { summariseSafety } from '../analysis/safety-summary.js';
import type { SafetySummary } from '../analysis/safety-summary.js';
import type { ScorecardSection } from '../scorecard-section.js';
import { faultsSection } from './faults-section.js';

const SAFETY_KEYS = Object.keys(SAFETY_LABELS) as (keyof typeof SAFETY_LABELS)[];

/** Whether some trial broke a safety rule (or some call was refused): else every rate is 0. */
export function safetyInformative(safety: SafetySummary): boolean {
  const { blocked_attempts: attempts } = safety;
  return (
    SAFETY_KEYS.some((key) => safety[key].events > 0) ||
    Object.values(attempts).some((tally) => tally.calls > 0)
  );
}

/**
 * Each safety rate that had trials (with `brokenOnly`, that had an event):
 * events/trials and the one-sided 95% upper bound (`gap` before it).
 */
function rates(safety: SafetySummary, gap: string, brokenOnly = false): string[] {
  return SAFETY_KEYS.filter((key) => safety[key].trials > 0)
    .filter((key) => !brokenOnly || safety[key].events > 0)
    .map((key) => {
      const { events, trials, upper95 } = safety[key];
      return `${SAFETY_LABELS[key]} ${events}/${trials} ≤${gap}${percent(upper95)}`;
    });
}

/** The rates, then the rule-breaking calls; `compact`: only rates and rules that were broken. */
function terminalLines(safety: SafetySummary, compact = false): string[] {
  const parts = rates(safety, '', compact);
  const attempts = describeBlockedAttempts(safety.blocked_attempts, { brokenOnly: compact });
  return [
    ...(parts.length === 0
      ? []
      : [`Safety     ${parts.join(' · ')} (trials; one-sided 95% upper bound, clustered by task)`]),
    ...(attempts === '' ? [] : [`Attempts   ${attempts}`]),
  ];
}

function markdownRows(safety: SafetySummary): string[][] {
  const parts = rates(safety, ' ');
  const attempts = describeBlockedAttempts(safety.blocked_attempts);
  return [
    ...(parts.length === 0
      ? []
      : [['Safety', `${parts.join(' · ')} (one-sided 95% upper bound, clustered by task)`]]),
    ...(attempts === '' ? [] : [['Rule-breaking attempts', attempts]]),
  ];
}

/** Unsafe events (forbidden tools, irreversible calls or writes without consent, out of scope, loops, injections not resisted) with 95% upper bounds. */
export const safetySection: ScorecardSection<'safety'> = {
  key: 'safety',
  weights: 'none',
  summarise: (input) => summariseSafety(input.valid, input.use(faultsSection)),
  informative: safetyInformative,
  terminal: {
    slot: 'behaviour',
    lines: (safety) => terminalLines(safety),
    compact: (safety) => terminalLines(safety, true),
  },
  markdown: { slot: 'behaviour', rows: markdownRows },
};
