import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../src/cli/index.js';

export const REPO = resolve(import.meta.dirname, '../..');
const BIN = join(REPO, 'bin/endstate.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI (as a user would) in `cwd`. */
export function runCli(args: readonly string[], cwd: string): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * Runs the CLI in this process, as the binary would in `cwd` (its `main`
 * with that folder, the environment plus `env`, no terminal), for tests in
 * which no process of its own matters: no signal, no standard input, no
 * start-up. Spawn the binary with `runCli` for those.
 */
export async function runCliHere(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', ...env },
    isTty: false,
    isOutTty: false,
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
  });
  return { code, stdout, stderr };
}

/**
 * A fresh folder, readable by others as a project folder usually is: as
 * root the sandbox runs agents as an unprivileged user, which must be able
 * to read an agent kept there.
 */
export function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-e2e-'));
  chmodSync(folder, 0o755);
  return folder;
}

export const example = (name: string): string => join(REPO, 'examples', name);

/** Runs the CLI without blocking this process (for tests that serve HTTP to it). */
export function runCliAsync(
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A copy of an example suite in a temp folder, as a user's own suite: its
 * environment imports only `endstate`, which resolves through a link.
 * Returns the folder that holds the copy (under the example's name).
 */
export function copyExample(name: string): string {
  const cwd = tempFolder();
  writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(cwd, 'node_modules'));
  symlinkSync(REPO, join(cwd, 'node_modules', 'endstate'), 'dir');
  cpSync(example(name), join(cwd, name), {
    recursive: true,
    filter: (source) => !source.endsWith('.test.ts'),
  });
  return cwd;
}

/**
 * How many tasks of an example suite a run without `--judge` plays: every
 * task but those graded by a judge rubric, which such a run leaves out.
 */
export function tasksRunWithoutJudge(name: string): number {
  const folder = join(example(name), 'tasks');
  return readdirSync(folder).filter(
    (file) => file.endsWith('.yaml') && !/^judge:/m.test(readFileSync(join(folder, file), 'utf8')),
  ).length;
}
