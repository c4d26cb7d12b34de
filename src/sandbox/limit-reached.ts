import type { SandboxLimits } from './sandbox-settings.js';

/** How a program ended, as far as telling a limit apart needs. */
export interface ProgramEnd {
  readonly code: number | null;
  readonly signal: string | null;
  readonly stderrTail: string;
}

/** bubblewrap exits with 128 + the signal's number when its program was killed by one. */
const SIGXCPU_EXIT = 128 + 24;
const SIGXFSZ_EXIT = 128 + 25;

const SIGNS: readonly { limit: keyof SandboxLimits; pattern: RegExp }[] = [
  {
    limit: 'memory_mb',
    pattern:
      /allocation failed|out of memory|cannot allocate memory|\bENOMEM\b|\bMemoryError\b|std::bad_alloc/i,
  },
  { limit: 'file_size_mb', pattern: /\bEFBIG\b|file too large/i },
  { limit: 'tmp_mb', pattern: /\bENOSPC\b|no space left on device/i },
  {
    limit: 'max_processes',
    pattern:
      /\b(spawn|fork)\b.*\bEAGAIN\b|resource temporarily unavailable|fork: retry|cannot fork/i,
  },
];

const WHAT: Record<keyof SandboxLimits, (limits: SandboxLimits) => string> = {
  memory_mb: (l) => `memory limit (limits.memory_mb: ${l.memory_mb} MiB per process)`,
  max_processes: (l) => `process limit (limits.max_processes: ${l.max_processes})`,
  file_size_mb: (l) => `file size limit (limits.file_size_mb: ${l.file_size_mb} MiB)`,
  tmp_mb: (l) => `/tmp size limit (limits.tmp_mb: ${l.tmp_mb} MiB)`,
  cpu_s: (l) => `CPU time limit (limits.cpu_s: ${l.cpu_s} s per process)`,
};

/**
 * Which of its sandbox's limits a program that ended early most likely ran
 * into, from its exit (SIGXCPU, SIGXFSZ) or the error its stderr ends with;
 * undefined when nothing points to one. The kernel says which limit only
 * for CPU time and file size: for the others the program's own error
 * message is the evidence, so the wording says "reached", quoting it.
 *
 * @example
 * limitReached({ code: 152, signal: null, stderrTail: '' }, limits); // 'CPU time limit (limits.cpu_s: 600 s per process)'
 */
export function limitReached(end: ProgramEnd, limits: SandboxLimits): string | undefined {
  if (end.signal === 'SIGXCPU' || end.code === SIGXCPU_EXIT) return WHAT.cpu_s(limits);
  if (end.signal === 'SIGXFSZ' || end.code === SIGXFSZ_EXIT) return WHAT.file_size_mb(limits);
  const sign = SIGNS.find(({ pattern }) => pattern.test(end.stderrTail));
  return sign === undefined ? undefined : WHAT[sign.limit](limits);
}
