import type {
  GraderOutput,
  GraderRole,
  JudgeCaller,
  TaskFile,
  TrialEvent,
} from '../schema/index.js';
import type { StateDiff, StateSnapshot } from '../state/index.js';
import type { ToolEffectOf } from './constraints.js';
import type { FinalStateView } from './state-view.js';

export type { JudgeCaller, JudgeReply, JudgeRequest } from '../schema/index.js';

/** What every grader is given about one trial. Read-only: a grader never changes it. */
export interface GradeContext {
  /** The task file as the suite holds it (expectations, constraints, claims, rubric, ...). */
  readonly task: TaskFile;
  /** The initial state s0. */
  readonly s0: StateSnapshot;
  /** sT: s0 with the diff applied, read lazily. */
  readonly final: FinalStateView;
  /** What changed between s0 and sT. */
  readonly diff: StateDiff;
  /** The trajectory as the harness recorded it at the dispatcher (not as the agent told it). */
  readonly events: readonly TrialEvent[];
  /** The agent's final answer, when it gave one. */
  readonly finalAnswer: string | null;
  /** The environment's declared effect of each tool. */
  readonly effectOf: ToolEffectOf;
  /** The run's judge model; undefined when the run has none (a judge grader then fails as a grader failure). */
  readonly judge: JudgeCaller | undefined;
  readonly signal: AbortSignal;
}

/**
 * A grader: a function from a trial's (s0, sT, trajectory, final answer) to
 * checks with evidence. Built-in and user-written graders are the same kind
 * of object, registered the same way and held to the same contract
 * (`checkGrader` in `endstate/testing`).
 *
 * A grader that lacks what it needs throws (a GraderError names the
 * check): the trial becomes a grader failure, never a silent 0.
 */
export interface Grader {
  /** The key of its verdict in the record's `grades`: letters, digits, `_` or `-`. */
  readonly id: string;
  /** Bumped whenever its verdict on the same trial could change. */
  readonly version: string;
  /** How its verdict enters success; may depend on what the task declares. */
  readonly role: GraderRole | ((task: TaskFile) => GraderRole);
  /** Whether it has anything to grade on this task; graders that do not apply leave no entry. */
  appliesTo(task: TaskFile): boolean;
  /** False for model-based graders: the contract then checks shape, not repeatability. */
  readonly deterministic: boolean;
  grade(context: GradeContext): Promise<GraderOutput>;
}

export interface GraderSpec {
  readonly id: string;
  readonly version: string;
  readonly role: Grader['role'];
  /** Default: every task. */
  readonly appliesTo?: (task: TaskFile) => boolean;
  /** Default: true. */
  readonly deterministic?: boolean;
  readonly grade: (context: GradeContext) => GraderOutput | Promise<GraderOutput>;
}

const GRADER_ID = /^[a-z][a-z0-9_-]*$/;

/**
 * Declares a grader. Synchronous graders may return their output directly.
 *
 * @example
 * export const politeness = defineGrader({
 *   id: 'no-shouting', version: '1', role: 'gate',
 *   grade: ({ finalAnswer }) => {
 *     const pass = finalAnswer === null || finalAnswer !== finalAnswer.toUpperCase();
 *     return { pass, checks: [{ id: 'no-shouting', kind: 'tone', pass, message: pass ? 'no shouting' : 'all capitals', evidence: finalAnswer }] };
 *   },
 * });
 */
export function defineGrader(spec: GraderSpec): Grader {
  if (!GRADER_ID.test(spec.id)) {
    throw new TypeError(
      `grader id "${spec.id}" must start with a lowercase letter and use only a-z, 0-9, _ or -`,
    );
  }
  if (spec.version.length === 0)
    throw new TypeError(`grader "${spec.id}" needs a non-empty version`);
  const grade = spec.grade;
  return {
    id: spec.id,
    version: spec.version,
    role: spec.role,
    deterministic: spec.deterministic ?? true,
    appliesTo: spec.appliesTo ?? (() => true),
    grade: async (context) => grade(context),
  };
}

/** The role a grader declares for a task. */
export function roleOf(grader: Grader, task: TaskFile): GraderRole {
  return typeof grader.role === 'function' ? grader.role(task) : grader.role;
}
