/**
 * The closed catalogue of error codes. Usage errors (exit 2) stop before a
 * run; failures inside a trial are data on the trial record, never these.
 */
export const ERROR_CODES = {
  E_USAGE: 'the command line was not understood',
  E_FILE_NOT_FOUND: 'a file or folder named on the command line or in a task does not exist',
  E_FILE_EXISTS: 'a file a command would write already exists (and --force was not given)',
  E_SYNTAX: 'a YAML or JSON file does not parse',
  E_TASK_INVALID: 'a task file does not match the task format',
  E_SUITE_INVALID: 'a suite refers to something that does not exist or does not parse',
  E_SUITE_LOCKED:
    'a locked suite has a task that changed without a revision bump, or its lock file is out of date',
  E_MIXED_REVISIONS: 'trials of one task from different revisions were given to one aggregate',
  E_NOT_COMPARABLE:
    'two runs cannot be compared: they ran different suites, or a task they share at different revisions',
  E_ENVIRONMENT_INVALID: 'an environment module does not export a valid environment',
  E_TRAJECTORY_INVALID: 'a trajectory file for the replay agent is not valid',
  E_SUITE_CHANGED:
    'the suite changed since the run was made, so its trials would be graded against other tasks',
  E_FAULTS_INVALID: 'a --faults file does not match the fault format',
  E_LABELS_INVALID:
    'a labels file for `judge validate` is not JSON lines of {id, human, judge}, or names an item twice',
  E_CANARY:
    "the suite's canary task failed its reset check or its oracle, or two plays of it differed (state leaking between trials), before the run: the environment or the suite is broken",
  E_RESUME: 'a stored run cannot be resumed: it is finished, or its suite or system differs',
  E_PROVIDER:
    'a model provider refused a request that no retry can fix (a wrong key, model name or base URL, a request it cannot serve), or a recording has no answer for a call',
  E_AGENT_PREFLIGHT:
    'the agent program (command or mcp), started once in its sandbox before the run, could not start, ended before its first message or did not speak its protocol',
  E_STORE: 'the result store could not be opened, read or written',
  E_RUN_NOT_FOUND: 'no stored run matches the given id',
  E_QUEUE:
    'the job queue (Redis) cannot be reached, or a queued trial still failed for reasons outside the agent after its retries',
  E_TAMPERED:
    'a stored run does not match the seals endstate wrote with it: its records were changed, added or removed outside endstate',
  E_STATE_NOT_JSON:
    'a tool wrote a value JSON cannot hold (NaN, Infinity, undefined, a function, a BigInt, a cycle) into the state',
  E_STATE_MISUSE:
    'a tool called a method of its `state` wrongly (an object where a function belongs, an id that is not a string, a misspelt collection) or changed a record that does not exist',
  E_SANDBOX:
    'the agent sandbox cannot be set up: bubblewrap is missing, the system is not Linux, or the agent folder holds what the agent must not see',
  E_PACKAGE_MISSING:
    'a feature asked for (a PostgreSQL store, a queue, OpenTelemetry export) needs an optional package that is not installed',
  E_INTERNAL: 'a bug in endstate: please report it with the command that caused it',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One problem found in an input, located as precisely as possible. */
export interface Problem {
  readonly message: string;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  /** Field path inside the file, e.g. `expect.changes[0].set`. */
  readonly path?: string;
}

export interface EndstateErrorOptions {
  readonly problems?: readonly Problem[];
  /** Problems found past those listed, only counted (see `createProblemList`). */
  readonly unlistedProblems?: number;
  readonly hint?: string;
  readonly retryable?: boolean;
  readonly details?: Record<string, unknown>;
  readonly cause?: unknown;
}

/** The one error type endstate throws across module boundaries. */
export class EndstateError extends Error {
  override readonly name = 'EndstateError';
  readonly code: ErrorCode;
  readonly problems: readonly Problem[];
  /** How many more problems were found than `problems` lists. */
  readonly unlistedProblems: number;
  readonly hint: string | undefined;
  readonly retryable: boolean;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, summary: string, options: EndstateErrorOptions = {}) {
    super(
      formatErrorMessage(
        summary,
        options.problems ?? [],
        options.unlistedProblems ?? 0,
        options.hint,
      ),
      { cause: options.cause },
    );
    this.code = code;
    this.problems = options.problems ?? [];
    this.unlistedProblems = options.unlistedProblems ?? 0;
    this.hint = options.hint;
    this.retryable = options.retryable ?? false;
    this.details = options.details ?? {};
  }
}

export function isEndstateError(value: unknown): value is EndstateError {
  return value instanceof Error && (value as { name?: unknown }).name === 'EndstateError';
}

/** `file:line:column path: message`, leaving out the parts that are unknown. */
export function formatProblem(problem: Problem): string {
  let place = problem.file ?? '';
  if (problem.file !== undefined && problem.line !== undefined) {
    place += `:${problem.line}`;
    if (problem.column !== undefined) place += `:${problem.column}`;
  }
  const field = problem.path !== undefined && problem.path !== '' ? problem.path : '';
  const where = [place, field].filter((part) => part !== '').join(' ');
  return where === '' ? problem.message : `${where}: ${problem.message}`;
}

function formatErrorMessage(
  summary: string,
  problems: readonly Problem[],
  unlisted: number,
  hint: string | undefined,
): string {
  const lines = [summary];
  for (const problem of problems) lines.push(`  ${formatProblem(problem)}`);
  if (unlisted > 0) {
    lines.push(
      `  … and ${unlisted.toLocaleString('en-US')} more problem${unlisted === 1 ? '' : 's'}`,
    );
  }
  if (hint !== undefined) lines.push(`Hint: ${hint}`);
  return lines.join('\n');
}
