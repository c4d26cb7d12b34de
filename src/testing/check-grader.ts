import { canonicalJson } from '../core/index.js';
import { roleOf, runGraders } from '../grade/index.js';
import type { GradeContext, Grader } from '../grade/index.js';
import { GRADER_ROLES, GraderOutputSchema } from '../schema/index.js';

/** One trial a grader is checked on, and the verdict it must reach. */
export interface GraderCase {
  /** e.g. `known-good`, `known-bad: refund not made`, `near-miss: wrong amount`. */
  readonly name: string;
  readonly context: GradeContext;
  /** `pass` for a known-good trial; `fail` for known-bad and near-miss ones. */
  readonly expect: 'pass' | 'fail';
}

/**
 * The contract every grader keeps, built-in or user-written. Returns the
 * problems found (empty when the grader holds to it), so any test runner
 * can assert on it:
 *
 * - a lowercase id, a version, a declared role;
 * - at least one known-good case that passes and one case that fails;
 * - on every case: it applies, its output is a valid grader output of
 *   plain JSON, with unique check ids; a gate or constraint grader with a
 *   failed check does not pass; it reaches the expected verdict;
 * - it leaves the context as it found it, and (unless it declares itself
 *   not deterministic, as a model judge does) grades the same trial the same way twice;
 * - run by the harness (`runGraders`) it gives a grade without error.
 *
 * @example
 * expect(await checkGrader(myGrader, [
 *   { name: 'known-good', context: buildGradeContext(task, { events: good }), expect: 'pass' },
 *   { name: 'near-miss', context: buildGradeContext(task, { events: almost }), expect: 'fail' },
 * ])).toEqual([]);
 */
export async function checkGrader(grader: Grader, cases: readonly GraderCase[]): Promise<string[]> {
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9_-]*$/.test(grader.id)) {
    problems.push(`id "${grader.id}" must be lowercase letters, digits, _ or -`);
  }
  if (typeof grader.version !== 'string' || grader.version.length === 0) {
    problems.push('version must be a non-empty string');
  }
  if (!cases.some((one) => one.expect === 'pass'))
    problems.push('no known-good case that must pass');
  if (!cases.some((one) => one.expect === 'fail')) problems.push('no case that must fail');
  for (const one of cases) {
    problems.push(...(await checkCase(grader, one)).map((problem) => `${one.name}: ${problem}`));
  }
  return problems;
}

async function checkCase(grader: Grader, { context, expect }: GraderCase): Promise<string[]> {
  const problems: string[] = [];
  const role = roleOf(grader, context.task);
  if (!GRADER_ROLES.includes(role))
    problems.push(`role "${String(role)}" is not one of ${GRADER_ROLES.join(', ')}`);
  if (!grader.appliesTo(context.task)) return [...problems, 'does not apply to the task'];

  const before = contextJson(context);
  let output: unknown;
  try {
    output = await grader.grade(context);
  } catch (error) {
    return [...problems, `threw: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (contextJson(context) !== before)
    problems.push('changed its context (s0, diff, events or task)');
  const parsed = GraderOutputSchema.safeParse(output);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return [...problems, `invalid output at ${issue.path.join('.') || '(root)'}: ${issue.message}`];
  }
  const grade = parsed.data;
  let json: string;
  try {
    json = canonicalJson(output);
  } catch (error) {
    return [...problems, `output is not plain JSON: ${(error as Error).message}`];
  }
  if (JSON.stringify(JSON.parse(JSON.stringify(output))) !== JSON.stringify(output)) {
    problems.push('output does not survive a JSON round trip');
  }
  const ids = grade.checks.map((check) => check.id);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length > 0) problems.push(`check ids repeat: ${[...new Set(repeated)].join(', ')}`);
  if (role !== 'diagnostic' && grade.pass && grade.checks.some((check) => !check.pass)) {
    problems.push('passes although one of its checks failed');
  }
  if (grade.pass !== (expect === 'pass')) {
    const failed = grade.checks.filter((check) => !check.pass).map((check) => check.message);
    problems.push(
      `expected it to ${expect} but it ${grade.pass ? 'passed' : 'failed'}${failed.length > 0 ? ` (${failed.join('; ')})` : ''}`,
    );
  }
  if (grader.deterministic) {
    const again = canonicalJson(await grader.grade(context));
    if (again !== json) problems.push('graded the same trial differently the second time');
  }
  const run = await runGraders([grader], context);
  const recorded = run.grades[grader.id];
  if (recorded === undefined) problems.push('runGraders left no grade under its id');
  else if (recorded.error !== null)
    problems.push(`runGraders recorded an error: ${recorded.error}`);
  return problems;
}

function contextJson(context: GradeContext): string {
  return canonicalJson({
    task: context.task,
    s0: context.s0,
    diff: context.diff,
    events: context.events,
    finalAnswer: context.finalAnswer,
  });
}
