import type { JsonObject } from '../core/index.js';
import type {
  GraderOutput,
  Step,
  TrajectoryMatchMode,
  TrajectorySpec,
  TrialEvent,
} from '../schema/index.js';
import { GraderError } from './grader-error.js';
import { matchTrajectory, unmatchedCalls } from './trajectory-match.js';
import type { TrajectoryMatch } from './trajectory-match.js';

/** The reference calls a `trajectory` section compares with: its own, or the task's reference path. */
export function trajectoryReference(
  spec: TrajectorySpec,
  reference: readonly Step[],
): { readonly tool: string; readonly args: JsonObject }[] {
  if (spec.reference !== undefined) return [...spec.reference];
  return reference.flatMap((step) =>
    'tool' in step ? [{ tool: step.tool, args: step.args }] : [],
  );
}

const MODE_FIELD = {
  exact: 'exact',
  in_order: 'inOrder',
  any_order: 'anyOrder',
  subset: 'subset',
  superset: 'superset',
} as const satisfies Record<TrajectoryMatchMode, keyof TrajectoryMatch>;

const MODE_MEANING: Record<TrajectoryMatchMode, string> = {
  exact: 'the same calls in the same order, nothing more',
  in_order: 'the reference calls in order, other calls allowed between them',
  any_order: 'every reference call, in any order, extra calls allowed',
  subset: 'no call beyond the reference',
  superset: 'every reference call, extra calls allowed',
};

/** Calls listed in the evidence on each side. */
const MAX_LISTED = 20;

export interface TrajectoryInput {
  readonly spec: TrajectorySpec;
  /** The task's reference path (used when the section lists no reference of its own). */
  readonly reference: readonly Step[];
  readonly events: readonly TrialEvent[];
}

/**
 * The agent's tool calls (every attempt the dispatcher recorded, blocked
 * and failed ones included) against the reference, under the section's
 * `match` mode. Passes when the mode's test holds; the score is F1, the
 * harmonic mean of precision and recall (1 only when every reference call
 * was made and no call was extra; 0 when none matched). Precision, recall,
 * every mode's verdict and the missing and extra calls are the evidence.
 */
export function gradeTrajectory({ spec, reference, events }: TrajectoryInput): GraderOutput {
  const expected = trajectoryReference(spec, reference);
  if (expected.length === 0) {
    throw new GraderError(
      'trajectory: no reference calls to compare with (give trajectory.reference or the task a reference path with tool calls)',
      { checkId: 'trajectory' },
    );
  }
  // The user's own calls (a take-over) are not the agent's trajectory.
  const actual = events.flatMap((event) =>
    event.kind === 'tool_call' && event.by !== 'user'
      ? [{ tool: event.tool, args: event.args }]
      : [],
  );
  const options = {
    compareArgs: spec.args === 'exact',
    ...(spec.compare_args === undefined ? {} : { compareArgsByTool: spec.compare_args }),
  };
  const result = matchTrajectory(expected, actual, options);
  const { missing, extra } = unmatchedCalls(expected, actual, options);
  const { precision, recall } = result;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const pass = result[MODE_FIELD[spec.match]];
  const figures = `precision ${round(precision)}, recall ${round(recall)}`;
  const gap = [
    missing.length > 0 ? `missing ${list(missing)}` : '',
    extra.length > 0 ? `extra ${list(extra)}` : '',
  ]
    .filter((part) => part !== '')
    .join('; ');
  return {
    pass,
    score: f1,
    checks: [
      {
        id: 'trajectory',
        kind: 'trajectory',
        pass,
        message: pass
          ? `${spec.match}: the ${actual.length} call(s) hold ${MODE_MEANING[spec.match]} (${figures})`
          : `${spec.match}: the ${actual.length} call(s) do not hold ${MODE_MEANING[spec.match]} (${figures}${gap === '' ? '' : `; ${gap}`})`,
        evidence: { match: spec.match, args: spec.args, precision, recall, f1 },
      },
    ],
    evidence: {
      match: spec.match,
      args: spec.args,
      precision,
      recall,
      f1,
      redundant: result.redundant,
      modes: {
        exact: result.exact,
        in_order: result.inOrder,
        any_order: result.anyOrder,
        subset: result.subset,
        superset: result.superset,
      },
      reference_calls: expected.length,
      actual_calls: actual.length,
      missing: missing.slice(0, MAX_LISTED),
      extra: extra.slice(0, MAX_LISTED),
    },
  };
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function list(keys: readonly string[]): string {
  const shown = keys.slice(0, 5).join(', ');
  return keys.length > 5 ? `${shown} and ${keys.length - 5} more` : shown;
}
