import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunRecord, TrialRecord } from '../../src/schema/index.js';
import { REPO, example, runCli, tempFolder } from '../e2e/run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from '../e2e/bubblewrap.js';

const SANDBOX = sandboxForTests();
// Said in the test summary, not only counted among the skipped tests.
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

/**
 * Flooding: hostile agents send more than any trial may hold (an endless
 * line, notes for ever, a 300 MB tool argument). Each trial must end as that
 * agent's error naming the cap, the run must finish, and the store must stay
 * readable. The harness runs with a 200 MB heap: holding what the agents
 * send would make it run out of memory instead.
 */
const HOSTILE = join(REPO, 'test/fixtures/hostile');
const HEAP_MB = 200;

interface Flooded {
  readonly code: number | null;
  readonly stderr: string;
  readonly run: RunRecord;
  readonly trials: readonly TrialRecord[];
  readonly cwd: string;
}

function runFlood(agent: 'command' | 'mcp', command: string): Flooded {
  const cwd = tempFolder();
  const result = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${HEAP_MB}`,
      join(REPO, 'bin/endstate.js'),
      'run',
      example('support'),
      '--agent',
      agent,
      '--command',
      `${process.execPath} ${command}`,
      '--tasks',
      'refund-8842',
      '--trials',
      '2',
      '--no-canary',
      // The preflight would stop the run at the flood (exit 4); here the trials must contain it.
      '--no-preflight',
      '--json',
      'out.json',
    ],
    { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );
  const written = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
    run: RunRecord;
    trials: TrialRecord[];
  };
  return { code: result.status, stderr: result.stderr, cwd, ...written };
}

/** The run finished, every trial is the agent's error naming the cap, and the store reads back. */
function expectContained(flooded: Flooded, error: RegExp): void {
  expect(flooded.code, flooded.stderr).toBe(0);
  expect(flooded.run.status).toBe('finished');
  expect(flooded.trials).toHaveLength(2);
  for (const trial of flooded.trials) {
    expect(trial).toMatchObject({ exit_reason: 'agent_error', terminal_reason: 'agent_failure' });
    expect(trial.error).toMatch(error);
    expect(trial.success).toBe(false);
  }
  const report = runCli(['report', 'latest', '--verbose'], flooded.cwd);
  expect(report.code, report.stderr).toBe(0);
  expect(report.stdout).toContain('2 valid of 2 planned');
  expect(report.stdout).toContain('agent_error 2');
}

describe.runIf(SANDBOX)('flooding agents', { timeout: 120_000 }, () => {
  it('an endless stdout line is cut at limits.max_line_bytes, never buffered', () => {
    const flooded = runFlood('command', join(HOSTILE, 'endless-line.mjs'));
    expectContained(
      flooded,
      /^agent error: line 1 of the program's stdout is longer than the cap of 4194304 bytes \(limits\.max_line_bytes\)/,
    );
  });

  it('notes sent for ever end the trial at limits.max_notes, with the notes before it kept', () => {
    const flooded = runFlood('command', join(HOSTILE, 'note-flood.mjs'));
    expectContained(
      flooded,
      /^agent error: the agent sent more than 1000 notes \(limits\.max_notes\)$/,
    );
    for (const trial of flooded.trials) {
      const notes = trial.events.filter(
        (event) => event.kind === 'note' && event.text.startsWith('flood '),
      );
      expect(notes).toHaveLength(1000);
    }
  });

  it('a 300 MB tool argument from a command agent is cut at the line cap; the tool never runs', () => {
    const flooded = runFlood('command', join(HOSTILE, 'huge-argument.mjs'));
    expectContained(flooded, /longer than the cap of 4194304 bytes \(limits\.max_line_bytes\)/);
    for (const trial of flooded.trials)
      expect(trial.events.some((event) => event.kind === 'tool_call')).toBe(false);
  });

  it('a 2 MB tool argument in one line is refused at limits.max_tool_args_bytes', () => {
    const flooded = runFlood('command', `${join(HOSTILE, 'huge-argument.mjs')} 2097152`);
    expectContained(
      flooded,
      /^agent error: the arguments of a get_order call are 2097167 bytes of JSON, over the cap of 1048576 bytes \(limits\.max_tool_args_bytes\)$/,
    );
    for (const trial of flooded.trials)
      expect(trial.events.some((event) => event.kind === 'tool_call')).toBe(false);
  });

  it('a 300 MB tool call posted to the MCP endpoint is refused (413) at the cap', () => {
    const flooded = runFlood('mcp', join(HOSTILE, 'mcp-huge-argument.mjs'));
    expectContained(
      flooded,
      /^agent error: an MCP request body is over the cap of 4194304 bytes \(limits\.max_line_bytes\)$/,
    );
  });
});
