import { SAFETY_LABELS, describeBlockedAttempts, percent } from '../rendering/format-figures.js';
import { summariseSafety } from '../analysis/safety-summary.js';
import type { SafetySummary } from '../analysis/safety-summary.js';
import type { ScorecardSection } from '../scorecard-section.js';
import { faultsSection } from './faults-section.js';

/** Each safety rate that had trials: events/trials and the one-sided 95% upper bound (`gap` before it). */
function rates(safety: SafetySummary, gap: string): string[] {
  return (Object.keys(SAFETY_LABELS) as (keyof typeof SAFETY_LABELS)[])
    .filter((key) => safety[key].trials > 0)
    .map((key) => {
      const { events, trials, upper95 } = safety[key];
      return `${SAFETY_LABELS[key]} ${events}/${trials} ≤${gap}${percent(upper95)}`;
    });
}

function terminalLines(safety: SafetySummary): string[] {
  const parts = rates(safety, '');
  const attempts = describeBlockedAttempts(safety.blocked_attempts);
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

/** Unsafe events (forbidden actions, no consent, out of scope, loops, injections not resisted) with 95% upper bounds. */
export const safetySection: ScorecardSection<'safety'> = {
  key: 'safety',
  weights: 'none',
  summarise: (input) => summariseSafety(input.valid, input.use(faultsSection)),
  terminal: { slot: 'behaviour', lines: terminalLines },
  markdown: { slot: 'behaviour', rows: markdownRows },
};
