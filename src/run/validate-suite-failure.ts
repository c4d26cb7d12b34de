import { isHedgedFact } from '../grade/index.js';
import { NORMAL_EXIT_REASONS, describeCheckDetail, failedChecks } from '../schema/index.js';
import type { GradedCheck, TrialRecord } from '../schema/index.js';

/** How validate names a path that should succeed, and its messages. */
export interface PathNames {
  /** The path as the sentence names it: `its reference path`, `its known-good path no-consent`. */
  readonly path: string;
  /** Its messages to the user: `the reference message`, `the path's message`. */
  readonly message: string;
}

/**
 * One failed check: its id, then what it expected and found (or the
 * values its assertion read) where it records them, else its message. A
 * fact the path does say, but beside rival values, reads like a typo in
 * the task unless the text says the message itself is the problem.
 */
function describeCheck(check: GradedCheck, names: PathNames): string {
  if (isHedgedFact(check))
    return `${check.id}: ${names.message} states conflicting values: ${check.message}`;
  return `${check.id}: ${describeCheckDetail(check) ?? check.message}`;
}

/**
 * Why a trial that is not a success fails, for any path validate plays:
 * the exit and terminal reason, the failed checks with their detail, the
 * error. For known-bad and do-nothing paths, where failing is the point,
 * only their invalid trials are described with it.
 */
export function describeTrialFailure(record: TrialRecord, names: PathNames): string {
  if (record.terminal_reason === 'grader_failure' && record.error !== null)
    return `${record.terminal_reason} (exit ${record.exit_reason}): ${record.error}`;
  const failed = failedChecks(record);
  const detail =
    failed.length > 0
      ? `failed ${failed.map((check) => describeCheck(check, names)).join('; ')}`
      : (record.error ?? 'no check failed');
  return `${record.terminal_reason} (exit ${record.exit_reason}): ${detail}`;
}

/**
 * Why a path the task says succeeds (its reference, a known-good path)
 * did not. A path the author wrote that fails a check, or that the graders
 * cannot grade, is a broken task, whatever the trial's verdict records
 * (`agent_failure`: the path played the agent): `the task is broken: its
 * reference path fails check expect.changes[0]: orders/8842/status
 * expected "reimbursed", actual "refunded"`. A trial made invalid by the
 * environment or the harness says so instead: the task may be sound.
 */
export function describePathFailure(record: TrialRecord, names: PathNames): string {
  if (record.terminal_reason === 'grader_failure')
    return `the task is broken: ${names.path} cannot be graded: ${record.error ?? 'a grader failed'}`;
  if (!record.valid)
    return `${names.path} makes the trial invalid (${record.terminal_reason}, exit ${record.exit_reason}): ${record.error ?? 'no error recorded'}`;
  const stopped = NORMAL_EXIT_REASONS.includes(record.exit_reason)
    ? undefined
    : `${names.path} stops (exit ${record.exit_reason}${record.error === null ? '' : `: ${record.error}`})`;
  const failed = failedChecks(record);
  if (failed.length === 0)
    return `the task is broken: ${stopped ?? `${names.path} does not succeed: ${record.error ?? 'no check failed'}`}`;
  const checks = failed.map((check) => describeCheck(check, names)).join('; ');
  const fails = `fails check${failed.length > 1 ? 's' : ''} ${checks}`;
  return `the task is broken: ${stopped === undefined ? `${names.path} ${fails}` : `${stopped} and ${fails}`}`;
}
