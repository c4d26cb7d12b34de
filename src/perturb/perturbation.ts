import type { JsonObject, JsonValue, Rng } from '../core/index.js';
import type { ToolDescriptor } from '../environment/index.js';
import type { TaskFile } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';

/** What a perturbation knows of the suite beyond the task itself. */
export interface SuiteContext {
  /** The environment's tools, as the agent would see them without `tools.present`. */
  readonly tools: readonly ToolDescriptor[];
  /** The task's s0: its `fixture:` file or the environment's own. */
  readonly initialState: StateSnapshot;
}

export interface PerturbationInput {
  /** The task file as written (no defaults filled in): variants copy it and change a part. */
  readonly raw: JsonObject;
  /** The same file, parsed: what the perturbation reads. */
  readonly spec: TaskFile;
  readonly context: SuiteContext;
  /** The variant's own id, e.g. `refund-8842~distractors`, for the files it writes. */
  readonly variantId: string;
  readonly rng: Rng;
}

/** A file a variant needs beside its task file, relative to the suite folder. */
export interface ExtraFile {
  readonly path: string;
  readonly content: JsonValue;
}

/**
 * One variant: the changed task file (id and `variant` are set by the
 * caller), what changed in a few words, and the files it names.
 */
export type PerturbationResult =
  | {
      readonly type: 'variant';
      readonly task: JsonObject;
      readonly detail: string;
      readonly files: readonly ExtraFile[];
    }
  /** The task offers nothing to change (no tools to shuffle, no words to reword). */
  | { readonly type: 'skipped'; readonly reason: string };

/** A kind of perturbation: pure, deterministic for its RNG. */
export interface Perturbation {
  readonly kind: string;
  /** One line for `--help` and the docs. */
  readonly summary: string;
  perturb(input: PerturbationInput): PerturbationResult;
}
