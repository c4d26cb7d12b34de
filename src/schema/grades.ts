import type { Check, Grade, GraderRole } from './trial-record.js';

/** A check with the grader that made it and that grader's role. */
export interface GradedCheck extends Check {
  readonly grader: string;
  readonly role: GraderRole;
}

/**
 * The success rule, Y = G · Π C_j: every grade of a `gate` grader and of a
 * `constraint` grader passes, and no grader failed. `diagnostic` grades
 * (trajectory match, partial credit, plan adherence) never enter it.
 */
export function successOf(grades: Readonly<Record<string, Grade>>): boolean {
  return Object.values(grades).every(
    (grade) => grade.error === null && (grade.role === 'diagnostic' || grade.pass),
  );
}

/** The order of a trial's checks by their grader's role. */
const ROLES: readonly GraderRole[] = ['gate', 'constraint', 'diagnostic'];

/**
 * Every check of a trial, gates first, then constraints, then diagnostics,
 * each grader's in the order it was graded. The one way reports, canaries,
 * regrade, the MCP verdict and CI outputs read checks.
 */
export function trialChecks(trial: {
  readonly grades: Readonly<Record<string, Grade>>;
}): GradedCheck[] {
  return checksWhere(trial, () => true);
}

/** The checks that decide success and failed: of gate and constraint graders. */
export function failedChecks(trial: {
  readonly grades: Readonly<Record<string, Grade>>;
}): GradedCheck[] {
  return checksWhere(trial, (check, role) => role !== 'diagnostic' && !check.pass);
}

/** The checks of constraint graders (C_j: process rules), for the constraint and safety figures. */
export function constraintChecks(trial: {
  readonly grades: Readonly<Record<string, Grade>>;
}): GradedCheck[] {
  return checksWhere(trial, (_check, role) => role === 'constraint');
}

/**
 * The checks of the graders of one role, each grader's in grading order,
 * as the record holds them: not copied, with no grader or role added. For
 * reading many trials' checks (a report's constraint figures); the same
 * checks as {@link constraintChecks} gives for `constraint`.
 */
export function checksOfRole(
  trial: { readonly grades: Readonly<Record<string, Grade>> },
  role: GraderRole,
): readonly Check[] {
  const kept: Check[] = [];
  for (const grade of Object.values(trial.grades)) {
    if (grade.role === role) for (const check of grade.checks) kept.push(check);
  }
  return kept;
}

/**
 * The trial's checks that `keep` accepts, in {@link trialChecks}' order.
 * Reports read every trial's checks several times, so only the kept ones
 * are copied, and with `Object.assign`: on records parsed from JSON, whose
 * checks differ in shape, a spread (`{ ...check }`) is about ten times slower.
 */
function checksWhere(
  trial: { readonly grades: Readonly<Record<string, Grade>> },
  keep: (check: Check, role: GraderRole) => boolean,
): GradedCheck[] {
  const { grades } = trial;
  const graders = Object.keys(grades);
  const kept: GradedCheck[] = [];
  // One pass per role, gates first: the graders of a role keep their order.
  for (const role of ROLES) {
    for (const grader of graders) {
      const grade = grades[grader]!;
      if (grade.role !== role) continue;
      for (const check of grade.checks) {
        if (keep(check, role)) kept.push(Object.assign({}, check, { grader, role }));
      }
    }
  }
  return kept;
}

/**
 * What model-based graders spent on a trial: the sum of the `cost_usd` each
 * reports in its evidence (the judge does), 0 when none does; null when one
 * reports `cost_usd: null` (an unpriced judge model: unknown).
 */
export function graderCostOf(grades: Readonly<Record<string, Grade>>): number | null {
  let cost: number | null = 0;
  for (const grade of Object.values(grades)) {
    const evidence = grade.evidence;
    if (typeof evidence === 'object' && evidence !== null && !Array.isArray(evidence)) {
      const value = evidence.cost_usd;
      if (value === null) cost = null;
      else if (cost !== null && typeof value === 'number' && Number.isFinite(value) && value > 0)
        cost += value;
    }
  }
  return cost;
}

/** The grader whose score is a trial's `partial_score` (weighted sub-goals met). */
export const PARTIAL_GRADER_ID = 'partial';

/** A trial's partial score: the `partial` grader's score, null when the task declares no sub-goals. */
export function partialScoreOf(grades: Readonly<Record<string, Grade>>): number | null {
  const grade = Object.hasOwn(grades, PARTIAL_GRADER_ID) ? grades[PARTIAL_GRADER_ID] : undefined;
  return grade === undefined || grade.error !== null ? null : grade.score;
}
