import type { TrialRecord } from '../../schema/index.js';
import type { PairedDifference } from './comparison.js';
import { pairedDifference } from './paired-difference.js';

/** One perturbation kind's robustness gap over the base tasks run beside their variants. */
export interface RobustnessKind {
  readonly perturbation: string;
  /** Base tasks paired with at least one of their variants of this kind (the gap's n). */
  readonly tasks: number;
  /** Variant tasks of this kind in those pairs. */
  readonly variants: number;
  /** Task-weighted mean success rate of the paired base tasks. */
  readonly original_rate: number;
  /** Task-weighted mean, over the same base tasks, of the mean success rate of their variants. */
  readonly variant_rate: number;
  /**
   * original − variant: mean of the per-task differences d_i with its 95%
   * paired interval (paired t over base tasks; sign-flip and Hoeffding when
   * that is degenerate: see docs/statistics.md, Robustness gap).
   */
  readonly gap: PairedDifference;
  /** Variant tasks of this kind whose base task has no valid trial in the run: left out of the gap. */
  readonly unpaired_variants: number;
}

export interface RobustnessSummary {
  readonly kinds: readonly RobustnessKind[];
}

/** What the robustness gap needs of each task: its rate, valid trials and weight. */
export interface RobustnessTask {
  readonly task_id: string;
  readonly weight: number;
  readonly trials: number;
  readonly success_rate: number;
}

/** Each variant task's base and kind, from its trial records (the task's `variant`). */
export function variantsOf(
  trials: readonly TrialRecord[],
): Map<string, { readonly base: string; readonly perturbation: string }> {
  const variants = new Map<string, { base: string; perturbation: string }>();
  for (const trial of trials) {
    if (trial.variant !== undefined && !variants.has(trial.task_id))
      variants.set(trial.task_id, trial.variant);
  }
  return variants;
}

const weightedMean = (values: readonly number[], weights: readonly number[]): number => {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return values.reduce((sum, value, index) => sum + value * weights[index]!, 0) / total;
};

/**
 * The robustness gap of each perturbation kind in a run: for every base
 * task with valid trials and at least one variant of the kind with valid
 * trials, d_i = its success rate − the mean success rate of those
 * variants; the gap is the task-weighted mean of d_i with the paired
 * interval of `compare`. Null when the run holds no variant task.
 */
export function summariseRobustness(
  tasks: readonly RobustnessTask[],
  variants: ReadonlyMap<string, { readonly base: string; readonly perturbation: string }>,
  options: { readonly seed: number },
): RobustnessSummary | null {
  if (variants.size === 0) return null;
  const byId = new Map(tasks.map((task) => [task.task_id, task]));
  const kinds = [...new Set([...variants.values()].map((variant) => variant.perturbation))].sort();
  const summaries = kinds.map((kind) => {
    const groups = new Map<string, RobustnessTask[]>();
    let unpaired = 0;
    for (const [taskId, variant] of variants) {
      if (variant.perturbation !== kind) continue;
      const task = byId.get(taskId);
      if (task === undefined || task.trials === 0) continue;
      const base = byId.get(variant.base);
      if (base === undefined || base.trials === 0 || variants.has(base.task_id)) {
        unpaired++;
        continue;
      }
      groups.set(base.task_id, [...(groups.get(base.task_id) ?? []), task]);
    }
    const pairs = [...groups].map(([baseId, members]) => {
      const base = byId.get(baseId)!;
      const variantRate =
        members.reduce((sum, member) => sum + member.success_rate, 0) / members.length;
      return { base, members, variantRate };
    });
    const weights = pairs.map((pair) => pair.base.weight);
    const { difference } = pairedDifference(
      pairs.map((pair) => ({
        difference: pair.base.success_rate - pair.variantRate,
        trialsA: pair.base.trials,
        trialsB: pair.members.reduce((sum, member) => sum + member.trials, 0),
        weight: pair.base.weight,
      })),
      options,
    );
    return {
      perturbation: kind,
      tasks: pairs.length,
      variants: pairs.reduce((sum, pair) => sum + pair.members.length, 0),
      original_rate:
        pairs.length === 0
          ? Number.NaN
          : weightedMean(
              pairs.map((pair) => pair.base.success_rate),
              weights,
            ),
      variant_rate:
        pairs.length === 0
          ? Number.NaN
          : weightedMean(
              pairs.map((pair) => pair.variantRate),
              weights,
            ),
      gap: difference,
      unpaired_variants: unpaired,
    };
  });
  return { kinds: summaries };
}
