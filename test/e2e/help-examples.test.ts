import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_EXAMPLES, shellWord } from '../../src/cli/help-examples.js';
import type { HelpExample } from '../../src/cli/help-examples.js';
import type { CliResult } from './run-cli.js';
import { REPO, runCliHere, tempFolder } from './run-cli.js';

/**
 * Every example of every command's `--help` (src/cli/help-examples.ts), run
 * as written and in order in one fresh project folder, offline and with no
 * API key: each must end with the exit code it is listed with.
 */

/** A project as `npm install endstate` leaves it: endstate in node_modules (a link here). */
function project(): string {
  const cwd = tempFolder();
  writeFileSync(join(cwd, 'package.json'), '{ "name": "my-evals", "type": "module" }\n');
  mkdirSync(join(cwd, 'node_modules'));
  symlinkSync(REPO, join(cwd, 'node_modules', 'endstate'), 'dir');
  return cwd;
}

const jsonLines = (rows: readonly object[]): string =>
  rows.map((row) => JSON.stringify(row)).join('\n') + '\n';

/** The files a person makes by hand before an example, as they would make them. */
const INPUTS: Record<string, (cwd: string) => string> = {
  // Ana labels every exported trial with the proposed label; Ben differs on the first.
  'ana.jsonl': (cwd) => labelled(cwd, 'ana', () => undefined),
  'ben.jsonl': (cwd) =>
    labelled(cwd, 'ben', (index, proposed) =>
      index === 0 ? (proposed === 'other' ? 'budget' : 'other') : undefined,
    ),
  // A tau2-bench retail domain folder: the test data of our own, in a checkout's layout.
  ...Object.fromEntries(
    ['db.json', 'tasks.json', 'policy.md'].map((file) => [
      `tau2-bench/data/tau2/domains/retail/${file}`,
      (cwd: string) => {
        mkdirSync(join(cwd, 'tau2-bench/data/tau2/domains/retail'), { recursive: true });
        return readFileSync(join(REPO, 'test/fixtures/tau2-retail-mini', file), 'utf8');
      },
    ]),
  ),
  'judge-labels.jsonl': () =>
    jsonLines(
      ['refund', 'refund', 'refund', 'cancel', 'cancel', 'cancel', 'address', 'address'].map(
        (task, index) => ({
          id: `t${index + 1}`,
          task_id: task,
          human: index % 3 === 0 ? 'fail' : 'pass',
          judge: index === 4 || index % 3 === 0 ? 'fail' : 'pass',
        }),
      ),
    ),
};

function labelled(
  cwd: string,
  labeller: string,
  differ: (index: number, proposed: string) => string | undefined,
): string {
  const lines = readFileSync(join(cwd, 'labels.jsonl'), 'utf8').split('\n').filter(Boolean);
  expect(lines.length, 'labels export wrote failed trials to label').toBeGreaterThan(0);
  return jsonLines(
    lines.map((line, index) => {
      const row = JSON.parse(line) as { proposed_label: string };
      return { ...row, label: differ(index, row.proposed_label) ?? row.proposed_label, labeller };
    }),
  );
}

/** Whether something answers on 127.0.0.1:6379 (the worker example needs Redis). */
function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a serving example with the binary, waits until it prints `ready`,
 * stops it as a person (Ctrl-C) or its MCP client (closing stdin) would,
 * and returns how it ended.
 */
function serve(example: HelpExample, cwd: string): Promise<CliResult> {
  const { ready, stop } = example.serves!;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'bin/endstate.js'), ...example.argv], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const look = (): void => {
      if (stopped || !`${stdout}${stderr}`.includes(ready)) return;
      stopped = true;
      // A command prints its address once it handles Ctrl-C: the signal goes at once.
      if (stop === 'interrupt') child.kill('SIGINT');
      else child.stdin.end();
    };
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), look()));
    child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), look()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (!stopped) reject(new Error(`ended before printing "${ready}": ${stdout}${stderr}`));
      else resolve({ code, stdout, stderr });
    });
  });
}

const hasRedis = await redisAnswers();

describe('the examples of every command help, run in order in a new project', () => {
  const cwd = project();

  for (const { command, examples } of HELP_EXAMPLES) {
    for (const example of examples) {
      const shown = `endstate ${example.argv.map(shellWord).join(' ')}`;
      it.skipIf(example.needs === 'redis' && !hasRedis)(
        `${command}: ${shown} exits ${example.exit ?? 0}`,
        async () => {
          for (const input of example.inputs ?? []) {
            const make = INPUTS[input];
            expect(make, `the test knows how to make ${input}`).toBeDefined();
            writeFileSync(join(cwd, input), make!(cwd));
          }
          const result =
            example.serves === undefined
              ? await runCliHere(example.argv, cwd)
              : await serve(example, cwd);
          expect(result.code, `${shown}\n${result.stdout}\n${result.stderr}`).toBe(
            example.exit ?? 0,
          );
        },
        120_000,
      );
    }
  }
});
