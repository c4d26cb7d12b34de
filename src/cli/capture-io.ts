import type { CliIo } from './cli-io.js';

/** A CliIo that keeps what the CLI writes, for running `main` in a process of one's own. */
export function captureIo(
  cwd: string,
): CliIo & { readonly stdout: string[]; readonly stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    cwd,
    env: {},
    isTty: false,
    stdout,
    stderr,
    out: (text) => void stdout.push(text),
    err: (text) => void stderr.push(text),
  };
}
