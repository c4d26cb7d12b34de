import { createRng, deriveSeed } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import type { TaskFile } from '../schema/index.js';
import type { ExtraFile, Perturbation, SuiteContext } from './perturbation.js';

export interface PerturbTaskOptions {
  readonly raw: JsonObject;
  readonly spec: TaskFile;
  readonly context: SuiteContext;
  readonly perturbations: readonly Perturbation[];
  readonly seed: number;
  /** Variants per kind (ids gain `-1`, `-2`, ... when above 1). */
  readonly variants: number;
}

export type VariantOutcome =
  | {
      readonly type: 'variant';
      readonly id: string;
      readonly kind: string;
      readonly task: JsonObject;
      readonly detail: string;
      readonly files: readonly ExtraFile[];
    }
  | {
      readonly type: 'skipped';
      readonly id: string;
      readonly kind: string;
      readonly reason: string;
    };

/** The id of a variant: `<base>~<kind>`, or `<base>~<kind>-<i>` when a kind makes several. */
export function variantId(base: string, kind: string, index: number, variants: number): string {
  return variants === 1 ? `${base}~${kind}` : `${base}~${kind}-${index}`;
}

/**
 * The variants of one task: for each kind, `variants` of them, each from
 * its own RNG (seed, task, kind, index), so a variant does not change when
 * other tasks or kinds are added. Each keeps the task's revision and
 * names its base, kind and what changed.
 */
export function perturbTask(options: PerturbTaskOptions): VariantOutcome[] {
  const { raw, spec, context, seed, variants } = options;
  const outcomes: VariantOutcome[] = [];
  for (const perturbation of options.perturbations) {
    for (let index = 1; index <= variants; index++) {
      const id = variantId(spec.id, perturbation.kind, index, variants);
      const rng = createRng(deriveSeed(seed, spec.id, perturbation.kind, index));
      const result = perturbation.perturb({ raw, spec, context, variantId: id, rng });
      if (result.type === 'skipped') {
        outcomes.push({ type: 'skipped', id, kind: perturbation.kind, reason: result.reason });
        continue;
      }
      const { id: _base, variant: _variant, ...rest } = result.task;
      const task: JsonObject = {
        id,
        ...rest,
        variant: { base: spec.id, perturbation: perturbation.kind, detail: result.detail },
      };
      outcomes.push({ ...result, id, kind: perturbation.kind, task });
    }
  }
  return outcomes;
}
