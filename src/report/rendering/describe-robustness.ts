import { points, pointsInterval } from './comparison-figures.js';
import { percent } from './format-figures.js';
import type { RobustnessKind } from '../analysis/robustness-summary.js';

const METHOD_WORDS = {
  'paired-t': 'paired t over base tasks',
  'sign-flip-hoeffding': 'exact: sign-flip and Hoeffding',
} as const;

/**
 * One perturbation kind's gap as every report prints it: the gap in points
 * with its interval and method, both rates and the denominators.
 */
export function describeRobustnessKind(kind: RobustnessKind): string {
  const unpaired =
    kind.unpaired_variants > 0
      ? ` · ${kind.unpaired_variants} variant(s) left out: base task not in the run`
      : '';
  if (kind.tasks === 0) return `not shown: no variant has its base task in the run${unpaired}`;
  const how = METHOD_WORDS[kind.gap.method];
  return `gap ${points(kind.gap.value)} (95% CI ${pointsInterval(kind.gap.ci95)} pts, ${how}) · original ${percent(kind.original_rate)} → variants ${percent(kind.variant_rate)} · ${kind.tasks} base tasks, ${kind.variants} variants${unpaired}`;
}

/** What the gap means, once under the section. */
export const ROBUSTNESS_NOTE =
  'gap = success on the original task − mean success over its variants of the kind, task-weighted over base tasks run beside their variants; a positive gap is success lost to the perturbation.';
