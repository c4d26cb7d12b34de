import type { Check, Grade, GraderRole } from '../schema/index.js';

export interface GradeOptions {
  /** Default `gate`. */
  readonly role?: GraderRole;
  /** Default: every check passed. */
  readonly pass?: boolean;
  readonly score?: number | null;
  readonly error?: string | null;
  readonly version?: string;
}

/**
 * A grade as a trial record holds it, for tests of what reads records.
 *
 * @example
 * buildTrialRecord({ task_id: 't', attempt: 1, grades: { constraints: buildGrade([consentCheck], { role: 'constraint' }) } });
 */
export function buildGrade(checks: readonly Check[] = [], options: GradeOptions = {}): Grade {
  return {
    version: options.version ?? '1',
    role: options.role ?? 'gate',
    pass: options.pass ?? checks.every((check) => check.pass),
    score: options.score ?? null,
    checks: [...checks],
    evidence: null,
    error: options.error ?? null,
  };
}

/**
 * The grades of the built-in graders from their checks: `outcome` and
 * `response` as gates, `constraints` as a constraint grade; a part left out
 * has no grade (its grader did not apply).
 *
 * @example
 * buildTrialRecord({ task_id: 't', attempt: 1, grades: buildGrades({ constraints: [consentCheck] }) });
 */
export function buildGrades(parts: {
  readonly outcome?: readonly Check[];
  readonly response?: readonly Check[];
  readonly constraints?: readonly Check[];
}): Record<string, Grade> {
  const grades: Record<string, Grade> = {};
  if (parts.outcome !== undefined) grades.outcome = buildGrade(parts.outcome);
  if (parts.response !== undefined) grades.response = buildGrade(parts.response);
  if (parts.constraints !== undefined)
    grades.constraints = buildGrade(parts.constraints, { role: 'constraint' });
  return grades;
}
