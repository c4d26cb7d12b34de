import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STDERR_TAIL_BYTES, programName, startChildProcess } from './child-process.js';
import type { ChildStdio, RunningChild } from './child-process.js';

const isPosix = process.platform !== 'win32';
let folder: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'endstate-child-process-'));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `script` with node; fails the test if it cannot be started. */
async function startNode<S extends ChildStdio>(
  script: string,
  stdio: S,
  killAfterMs = 2000,
): Promise<RunningChild<S>> {
  const started = await startChildProcess({
    command: [process.execPath, '-e', script],
    stdio,
    killAfterMs,
  });
  if (started.type === 'start-error') throw started.error;
  return started.child;
}

/** The first line the program writes to `stream`. */
function firstLine(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end === -1) return;
      stream.off('data', onData);
      resolve(text.slice(0, end));
    };
    stream.on('data', onData);
    stream.once('end', () => reject(new Error(`the stream ended before a line: ${text}`)));
  });
}

/** Whether `pid` runs; a zombie (killed, not yet reaped by its new parent) does not. */
function isRunning(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (existsSync('/proc/self/stat')) {
    try {
      return readFileSync(stat, 'utf8').split(') ')[1]?.[0] !== 'Z';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends a process a test left running on purpose, if it still runs. */
function killLeftover(pid: number): void {
  if (isRunning(pid)) process.kill(pid, 'SIGKILL');
}

describe('startChildProcess', () => {
  it('reports the exit code and what the program wrote to stderr', async () => {
    const child = await startNode(
      `process.stderr.write('Traceback: KeyError\\n'); process.exit(3);`,
      'drain',
    );
    expect(await child.exited).toEqual({
      code: 3,
      signal: null,
      stderrTail: 'Traceback: KeyError\n',
    });
  });

  it(`keeps only the last ${STDERR_TAIL_BYTES} bytes of stderr`, async () => {
    const child = await startNode(
      `process.stderr.write('a'.repeat(5000)); process.stderr.write('THE END');`,
      'drain',
    );
    const { stderrTail } = await child.exited;
    expect(stderrTail).toBe(`${'a'.repeat(STDERR_TAIL_BYTES - 7)}THE END`);
  });

  it('cuts the stderr tail at a character boundary', async () => {
    // 1500 two-byte characters and one byte: the last 2048 bytes begin inside a character.
    const child = await startNode(`process.stderr.write('é'.repeat(1500) + 'x');`, 'drain');
    const { stderrTail } = await child.exited;
    expect(stderrTail).toBe(`${'é'.repeat(1023)}x`);
  });

  it.runIf(isPosix)('waits a moment after the exit for the last of stderr', async () => {
    // A grandchild shares the stderr pipe and writes to it just after the program exits.
    const child = await startNode(
      `const { spawn } = require('node:child_process');
      spawn('sh', ['-c', 'sleep 0.05; echo late >&2'], { stdio: 'inherit' });
      process.exit(0);`,
      'drain',
    );
    expect(await child.exited).toEqual({ code: 0, signal: null, stderrTail: 'late\n' });
  });

  it('gives the caller stdin and stdout to talk over, and lets the program exit when stdin closes', async () => {
    const child = await startNode(
      `process.stdin.on('data', (chunk) => process.stdout.write(String(chunk).toUpperCase()));`,
      'pipe',
    );
    const answer = firstLine(child.pipes.stdout);
    child.pipes.stdin.write('hello\n');
    expect(await answer).toBe('HELLO');
    expect(await child.stop(5000)).toEqual({ code: 0, signal: null, stderrTail: '' });
  });

  it('drains stdout and gives no stdin when asked to', async () => {
    // The write completes only once the megabyte has been read; stdin is at its end from the start.
    const child = await startNode(
      `process.stdout.write('x'.repeat(1 << 20), () => {
        process.stdin.on('end', () => process.exit(4)).resume();
      });`,
      'drain',
    );
    expect(child.pipes).toBeUndefined();
    expect((await child.exited).code).toBe(4);
  });

  it('says a program still runs, then gives it the grace to exit by itself', async () => {
    const child = await startNode(`setTimeout(() => process.exit(0), 300);`, 'drain');
    expect(await child.waitForExit(20)).toBeUndefined();
    expect(await child.stop(5000)).toEqual({ code: 0, signal: null, stderrTail: '' });
  });

  it('ends a program with SIGTERM after the grace', async () => {
    const child = await startNode(`setInterval(() => {}, 1000);`, 'drain');
    expect(await child.stop(50)).toMatchObject({ code: null, signal: 'SIGTERM' });
  });

  it('follows SIGTERM with SIGKILL for a program that ignores it', async () => {
    const child = await startNode(
      `process.on('SIGTERM', () => console.log('ignored')); console.log('ready'); setInterval(() => {}, 1000);`,
      'pipe',
      300,
    );
    expect(await firstLine(child.pipes.stdout)).toBe('ready');
    const stopping = Date.now();
    const ignored = firstLine(child.pipes.stdout);
    expect(await child.stop(0)).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(250);
    expect(await ignored).toBe('ignored');
  });

  it.runIf(isPosix)('ends the program’s own children with it (its process group)', async () => {
    const child = await startNode(
      `const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log(grandchild.pid);
      setInterval(() => {}, 1000);`,
      'pipe',
    );
    const grandchild = Number(await firstLine(child.pipes.stdout));
    try {
      expect(isRunning(grandchild)).toBe(true);
      await child.stop(0);
      await expect.poll(() => isRunning(grandchild), { timeout: 2000 }).toBe(false);
    } finally {
      killLeftover(grandchild);
    }
  });

  it.runIf(isPosix)(
    'kills what the program left in its group once stopped after its exit',
    async () => {
      const child = await startNode(
        `const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log(grandchild.pid);
      process.exit(0);`,
        'pipe',
      );
      const grandchild = Number(await firstLine(child.pipes.stdout));
      try {
        expect(await child.exited).toMatchObject({ code: 0 });
        expect(isRunning(grandchild)).toBe(true);
        await child.stop(0);
        await expect.poll(() => isRunning(grandchild), { timeout: 2000 }).toBe(false);
      } finally {
        killLeftover(grandchild);
      }
    },
  );

  it('does not wait on a grandchild that holds the pipes after the program exits', async () => {
    const child = await startNode(
      `const { spawn } = require('node:child_process');
      const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'inherit' });
      console.log(grandchild.pid);
      process.stderr.write('bye\\n');
      process.exit(0);`,
      'pipe',
    );
    const ended = new Promise<void>((resolve) => child.pipes.stdout.once('close', resolve));
    const grandchild = Number(await firstLine(child.pipes.stdout));
    try {
      const started = Date.now();
      expect(await child.exited).toEqual({ code: 0, signal: null, stderrTail: 'bye\n' });
      await ended;
      expect(isRunning(grandchild)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      killLeftover(grandchild);
    }
  });

  it.runIf(isPosix)('kills a program still running when endstate exits', async () => {
    const module = JSON.stringify(new URL('./child-process.ts', import.meta.url).href);
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { startChildProcess } = await import(${module});
      const started = await startChildProcess({
        command: [process.execPath, '-e', "process.on('SIGTERM', () => {}); console.log(process.pid); setInterval(() => {}, 1000)"],
        stdio: 'pipe',
        killAfterMs: 2000,
      });
      started.child.pipes.stdout.once('data', (pid) => {
        process.stdout.write(String(pid));
        process.exit(0);
      });`,
    ]);
    const orphan = Number(stdout.trim());
    try {
      expect(orphan).toBeGreaterThan(0);
      await expect.poll(() => isRunning(orphan), { timeout: 2000 }).toBe(false);
    } finally {
      killLeftover(orphan);
    }
  });
});

describe('startChildProcess start errors', () => {
  it('names a program that is not found', async () => {
    const started = await startChildProcess({
      command: ['endstate-no-such-program', '-v'],
      stdio: 'drain',
      killAfterMs: 2000,
    });
    expect(started.type).toBe('start-error');
    if (started.type !== 'start-error') return;
    expect(started.error.message).toBe(
      'command not found: endstate-no-such-program (from ["endstate-no-such-program","-v"]); ' +
        'give a path to the program or a program on PATH',
    );
    expect(started.error.systemMessage).toBe('spawn endstate-no-such-program ENOENT');
  });

  it.runIf(isPosix)('names a program that is not executable', async () => {
    const script = join(folder, 'agent.sh');
    writeFileSync(script, '#!/bin/sh\necho hi\n');
    chmodSync(script, 0o644);
    const started = await startChildProcess({
      command: [script],
      stdio: 'pipe',
      killAfterMs: 2000,
    });
    expect(started.type === 'start-error' && started.error.message).toBe(
      `${script} is not executable (EACCES); make it executable or run it through its interpreter`,
    );
  });

  it('names a working directory that does not exist', async () => {
    const cwd = join(folder, 'no-such-folder');
    const started = await startChildProcess({
      command: [process.execPath, '-e', ''],
      cwd,
      stdio: 'pipe',
      killAfterMs: 2000,
    });
    expect(started.type === 'start-error' && started.error.message).toBe(
      `could not start ${JSON.stringify([process.execPath, '-e', ''])}: ` +
        `its working directory ${cwd} does not exist`,
    );
  });
});

describe('programName', () => {
  it('names a program by its file, and an interpreter by the script it runs', () => {
    expect(programName(['/usr/local/bin/my-agent', '--fast'])).toBe('my-agent');
    expect(programName(['node', 'examples/agents/refund-agent.mjs'])).toBe('refund-agent.mjs');
    expect(programName(['python3', '-u', 'agent.py', '--model', 'x'])).toBe('agent.py');
    expect(programName(['uv', 'run', 'agent.py'])).toBe('agent.py');
    expect(programName(['node'])).toBe('node');
  });
});
