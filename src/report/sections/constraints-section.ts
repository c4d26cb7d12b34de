import { summariseConstraints } from '../analysis/constraint-summary.js';
import type { ConstraintSummary } from '../analysis/constraint-summary.js';
import { percent } from '../rendering/format-figures.js';
import type { ScorecardSection } from '../scorecard-section.js';

/** Whether some constraint check failed: else every rate is 100%. */
export function constraintsInformative(pass: ConstraintSummary): boolean {
  return pass.micro.passed < pass.micro.checks;
}

/** The pass rates, then each kind's tally (with `compact`, of the kinds that failed a check). */
function terminalLines(pass: ConstraintSummary, compact = false): string[] {
  const kinds = Object.entries(pass.by_kind)
    .filter(([, of]) => !compact || of.passed < of.checks)
    .map(([kind, of]) => `${kind} ${of.passed}/${of.checks}`)
    .join(' · ');
  const label = compact
    ? 'failed in'
    : `mean of ${pass.kind_mean.kinds} kind(s) ${percent(pass.kind_mean.rate)}:`;
  return [
    `Constraints micro ${percent(pass.micro.rate)} (${pass.micro.passed}/${pass.micro.checks} checks; by task ${percent(pass.micro.task_rate)}, 95% CI [${percent(pass.micro.ci95[0])}, ${percent(pass.micro.ci95[1])}]) · ${label} ${kinds}`,
  ];
}

/** Pooled (micro) and per-kind mean pass rates of the process constraints. */
export const constraintsSection: ScorecardSection<'constraints_pass'> = {
  key: 'constraints_pass',
  weights: 'task',
  summarise: ({ valid, weights }) => summariseConstraints(valid, weights),
  informative: constraintsInformative,
  terminal: {
    slot: 'behaviour',
    lines: (pass) => terminalLines(pass),
    compact: (pass) => terminalLines(pass, true),
  },
};
