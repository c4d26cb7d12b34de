/**
 * Every numeric option and every size cap, with its documented range: the
 * CLI's flag parsers and the task schema both read this table, and
 * docs/cli.md ("Bounds") and docs/task-format.md print it. A value outside
 * its range is a usage error before anything runs.
 */
export interface NumericRange {
  /** Where the value is set: a flag (`--concurrency`) or a task field (`limits.timeout_s`). */
  readonly name: string;
  readonly min: number;
  /** When true, `min` itself is refused (a timeout of 0 s is no timeout). */
  readonly minExclusive?: boolean;
  readonly max: number;
  readonly integer: boolean;
  readonly unit?: string;
  readonly default?: number;
  /** Why the upper end is where it is. */
  readonly why: string;
}

const MIB = 1024 * 1024;

/**
 * The largest file read whole and parsed: task, fixture, sequence and
 * lock files of a suite, and the files given to `--faults`,
 * `--trajectory`, `--pricing` and `--system-prompt`. Parsing YAML with
 * line numbers takes some 60 times a file's size in memory (a 40 MB task
 * file took 2.7 GB and over a minute), so a larger file is refused from
 * its size, before a byte of it is parsed.
 */
export const MAX_INPUT_FILE_BYTES = 4 * MIB;

/**
 * The longest line of a JSON-lines file (labels for `judge validate` and
 * `labels`, and the labels and judge validations kept beside the store).
 * These files are read a line at a time, so the file itself has no bound.
 */
export const MAX_JSON_LINE_BYTES = 4 * MIB;

/** Node's timers hold at most 2^31-1 ms (about 24.8 days); longer ones fire after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const BOUNDS = {
  trials: {
    name: '--trials',
    min: 1,
    max: 10_000,
    integer: true,
    default: 1,
    why: 'trials per task; the run plans every trial up front',
  },
  plannedTrials: {
    name: 'tasks × --trials',
    min: 1,
    max: 1_000_000,
    integer: true,
    why: 'every planned trial is held in memory, and its record in the store',
  },
  concurrency: {
    name: '--concurrency',
    min: 1,
    max: 1024,
    integer: true,
    default: 4,
    why: 'each running trial holds an agent, and a process for command agents',
  },
  seed: {
    name: '--seed',
    min: 0,
    max: 2 ** 32 - 1,
    integer: true,
    default: 0,
    why: 'trial seeds derive from it as 32-bit integers',
  },
  perturbVariants: {
    name: '--variants',
    min: 1,
    max: 20,
    integer: true,
    default: 1,
    why: 'variants per task and kind written by perturb: each is a task file, run k times',
  },
  maxReruns: {
    name: '--max-reruns',
    min: 0,
    max: 100,
    integer: true,
    default: 2,
    why: 'reruns of one invalid trial',
  },
  maxRetries: {
    name: '--max-retries',
    min: 0,
    max: 100,
    integer: true,
    default: 5,
    why: 'retries of one model call',
  },
  requestTimeoutS: {
    name: '--request-timeout',
    min: 1,
    max: 3600,
    integer: false,
    unit: 's',
    default: 120,
    why: 'long enough for a slow answer, short enough to notice a hung provider',
  },
  maxConcurrentRequests: {
    name: '--max-concurrent-requests',
    min: 1,
    max: 1024,
    integer: true,
    default: 8,
    why: 'requests in flight per provider endpoint',
  },
  requestsPerMinute: {
    name: '--requests-per-minute',
    min: 1,
    max: 100_000,
    integer: true,
    why: 'requests started per rolling minute per provider endpoint; the Redis limiter keeps one entry per request of the last minute',
  },
  maxSteps: {
    name: 'limits.max_steps',
    min: 1,
    max: 10_000,
    integer: true,
    default: 30,
    why: 'tool calls and messages per trial',
  },
  maxTokens: {
    name: 'limits.max_tokens',
    min: 1,
    max: 1_000_000_000,
    integer: true,
    why: 'tokens per trial',
  },
  timeoutS: {
    name: 'limits.timeout_s',
    min: 0,
    minExclusive: true,
    max: 86_400,
    integer: false,
    unit: 's',
    default: 600,
    why: "one day; Node's timers cannot go past 24.8 days",
  },
  toolTimeoutS: {
    name: 'limits.tool_timeout_s',
    min: 0,
    minExclusive: true,
    max: 3600,
    integer: false,
    unit: 's',
    why: 'one tool call; below timeout_s (default 30 s or half of timeout_s)',
  },
  maxCostUsd: {
    name: 'limits.max_cost_usd',
    min: 0,
    minExclusive: true,
    max: 1_000_000,
    integer: false,
    unit: 'USD',
    why: 'spend per trial',
  },
  maxMessageBytes: {
    name: 'limits.max_message_bytes',
    min: 1,
    max: 64 * MIB,
    integer: true,
    unit: 'bytes',
    default: MIB,
    why: 'one message of the agent (to the user, final answer, note), UTF-8',
  },
  maxToolArgsBytes: {
    name: 'limits.max_tool_args_bytes',
    min: 1,
    max: 64 * MIB,
    integer: true,
    unit: 'bytes',
    default: MIB,
    why: "one tool call's arguments, as JSON",
  },
  maxLineBytes: {
    name: 'limits.max_line_bytes',
    min: 1024,
    max: 256 * MIB,
    integer: true,
    unit: 'bytes',
    default: 4 * MIB,
    why: 'one stdout line of a command agent (and one MCP request body); never buffered past it',
  },
  maxEvents: {
    name: 'limits.max_events',
    min: 10,
    max: 1_000_000,
    integer: true,
    default: 10_000,
    why: 'events recorded per trial (messages, tool calls, usage, notes)',
  },
  maxNotes: {
    name: 'limits.max_notes',
    min: 1,
    max: 100_000,
    integer: true,
    default: 1000,
    why: "the agent's notes per trial",
  },
  memoryMb: {
    name: 'limits.memory_mb',
    min: 64,
    max: 1_048_576,
    integer: true,
    default: 2048,
    why: "data memory of each of the agent's processes, MiB (command and mcp agents; --agent-memory-mb)",
  },
  maxProcesses: {
    name: 'limits.max_processes',
    min: 4,
    max: 65_536,
    integer: true,
    default: 256,
    why: "processes and threads of one trial's agent (command and mcp agents; --agent-max-processes)",
  },
  fileSizeMb: {
    name: 'limits.file_size_mb',
    min: 1,
    max: 1_048_576,
    integer: true,
    default: 256,
    why: 'largest file the agent may write, MiB (command and mcp agents; --agent-file-size-mb)',
  },
  tmpMb: {
    name: 'limits.tmp_mb',
    min: 1,
    max: 65_536,
    integer: true,
    default: 256,
    why: "size of the agent's /tmp, held in memory, MiB (command and mcp agents; --agent-tmp-mb)",
  },
  cpuS: {
    name: 'limits.cpu_s',
    min: 1,
    max: 86_400,
    integer: true,
    default: 600,
    why: "CPU time of each of the agent's processes, s (command and mcp agents; --agent-cpu-s)",
  },
} as const satisfies Record<string, NumericRange>;

/** A size as people read it and exactly: "5.0 MiB (5,242,880 bytes)", "4 MiB (4,194,304 bytes)". */
export function describeBytes(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} byte${bytes === 1 ? '' : 's'}`;
  const [unit, size] = bytes >= MIB ? ['MiB', MIB] : bytes >= 1024 ? ['KiB', 1024] : ['', 1];
  if (size === 1) return exact;
  const amount = bytes % size === 0 ? String(bytes / size) : (bytes / size).toFixed(1);
  return `${amount} ${unit} (${exact})`;
}

/** "a whole number from 1 to 1024", "a number above 0 and at most 86400 (s)". */
export function describeRange(range: NumericRange): string {
  const kind = range.integer ? 'a whole number' : 'a number';
  const unit = range.unit === undefined ? '' : ` ${range.unit}`;
  const low = range.minExclusive === true ? `above ${range.min}` : `from ${range.min}`;
  const high = range.minExclusive === true ? `and at most ${range.max}` : `to ${range.max}`;
  return `${kind} ${low} ${high}${unit}`;
}

/** Why `value` is outside `range` ("… expected a whole number from 1 to 1024; got 1e7"), or undefined. */
export function rangeProblem(range: NumericRange, value: number): string | undefined {
  const isInside =
    Number.isFinite(value) &&
    (!range.integer || Number.isInteger(value)) &&
    (range.minExclusive === true ? value > range.min : value >= range.min) &&
    value <= range.max;
  return isInside
    ? undefined
    : `${range.name}: expected ${describeRange(range)}; got ${String(value)}`;
}
