/** A line that starts with an error's name: `Error: …`, `ModuleNotFoundError: …`, `fatal: …`, `panic: …`. */
const ERROR_LINE = /^(?:[\w.]*(?:Error|Exception)|error|fatal|panic)\b/i;
/** A stack frame (JavaScript `at …`, Python `File "…", line N`): where, not what. */
const FRAME_LINE = /^(?:at\s|File\s")/;

/**
 * The first line of an error and, when that line only announces what
 * follows (`… its stderr ends with:`), the line below that says what went
 * wrong: the first that names an error (`Error: Cannot find module '…'`,
 * a Python traceback's last line), else the last line the program wrote.
 * Nothing is masked: this is the line a person reads to see the cause.
 *
 * @example
 * errorHeadline("the program exited with exit code 1 …; its stderr ends with:\nnode:internal/…\n\nError: Cannot find module '/a.mjs'\n    at …")
 * // "the program exited with exit code 1 …; its stderr ends with: Error: Cannot find module '/a.mjs'"
 */
export function errorHeadline(message: string): string {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const first = lines[0] ?? '';
  if (!first.endsWith(':') || lines.length === 1) return first;
  const rest = lines.slice(1).filter((line) => !FRAME_LINE.test(line));
  const cause = rest.find((line) => ERROR_LINE.test(line)) ?? rest.at(-1);
  return cause === undefined ? first : `${first} ${cause}`;
}
