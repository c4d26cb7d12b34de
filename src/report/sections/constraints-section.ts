import { summariseConstraints } from '../analysis/constraint-summary.js';
import type { ConstraintSummary } from '../analysis/constraint-summary.js';
import { percent } from '../rendering/format-figures.js';
import type { ScorecardSection } from '../scorecard-section.js';

function terminalLines(pass: ConstraintSummary): string[] {
  const kinds = Object.entries(pass.by_kind)
    .map(([kind, of]) => `${kind} ${of.passed}/${of.checks}`)
    .join(' · ');
  return [
    `Constraints micro ${percent(pass.micro.rate)} (${pass.micro.passed}/${pass.micro.checks} checks; by task ${percent(pass.micro.task_rate)}, 95% CI [${percent(pass.micro.ci95[0])}, ${percent(pass.micro.ci95[1])}]) · mean of ${pass.kind_mean.kinds} kind(s) ${percent(pass.kind_mean.rate)}: ${kinds}`,
  ];
}

/** Pooled (micro) and per-kind mean pass rates of the process constraints. */
export const constraintsSection: ScorecardSection<'constraints_pass'> = {
  key: 'constraints_pass',
  weights: 'task',
  summarise: ({ valid, weights }) => summariseConstraints(valid, weights),
  terminal: { slot: 'behaviour', lines: terminalLines },
};
