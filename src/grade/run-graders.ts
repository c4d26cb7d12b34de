import type { Grade, GraderOutput } from '../schema/index.js';
import { GraderOutputSchema, successOf } from '../schema/index.js';
import type { GradeContext, Grader } from './grader.js';
import { roleOf } from './grader.js';
import { GraderError } from './grader-error.js';
import { BUILT_IN_GRADERS } from './built-in-graders.js';

/**
 * endstate's own graders, whose outputs their types and the grader
 * contract tests already hold to the schema: checking each output again
 * would parse every check's evidence on every trial. Every other grader's
 * output is checked.
 */
const CHECKED_BY_CONTRACT: ReadonlySet<Grader> = new Set(BUILT_IN_GRADERS);

/** The graders' verdicts on one trial, under their ids, and what they add up to. */
export interface GradedTrial {
  readonly grades: Record<string, Grade>;
  /** Y = G · Π C_j over the grades (see `successOf`); false when a grader failed. */
  readonly success: boolean;
  /** The first grader that could not give a verdict, and why: the trial is a grader failure. */
  readonly failure: { readonly grader: string; readonly message: string } | null;
}

/**
 * Runs every grader that applies to the task, in order, on one trial. A
 * grader that throws, or returns something that is not a grader output,
 * gives a grade with `error` set (and the checks it had, for a
 * GraderError), never a silent fail.
 */
export async function runGraders(
  graders: readonly Grader[],
  context: GradeContext,
): Promise<GradedTrial> {
  const grades: Record<string, Grade> = {};
  let failure: GradedTrial['failure'] = null;
  for (const grader of graders) {
    if (!grader.appliesTo(context.task)) continue;
    if (Object.hasOwn(grades, grader.id)) {
      throw new Error(`two graders have the id "${grader.id}": give each its own id`);
    }
    const role = roleOf(grader, context.task);
    const base = { version: grader.version, role };
    try {
      const raw = await grader.grade(context);
      const output = CHECKED_BY_CONTRACT.has(grader) ? raw : checkOutput(grader, raw);
      grades[grader.id] = {
        ...base,
        pass: output.pass,
        score: output.score ?? null,
        checks: output.checks,
        evidence: output.evidence ?? null,
        error: null,
      };
    } catch (error) {
      const message = errorMessage(error);
      grades[grader.id] = {
        ...base,
        pass: false,
        score: null,
        checks: error instanceof GraderError ? [...error.checks] : [],
        evidence: null,
        error: message,
      };
      failure ??= { grader: grader.id, message };
    }
  }
  return { grades, success: failure === null && successOf(grades), failure };
}

function checkOutput(grader: Grader, output: GraderOutput): GraderOutput {
  const parsed = GraderOutputSchema.safeParse(output);
  if (parsed.success) return parsed.data;
  const problem = parsed.error.issues[0]!;
  throw new Error(
    `grader ${grader.id} returned an invalid grade: ${problem.path.join('.') || '(root)'}: ${problem.message}`,
  );
}

/** A grader error names its check first, as the task file places it. */
function errorMessage(error: unknown): string {
  if (error instanceof GraderError) {
    const checkId = error.checkId;
    return checkId === undefined || error.message.startsWith(checkId)
      ? error.message
      : `${checkId}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
