import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TrialRecord } from '../../src/schema/index.js';
import { failedChecks } from '../../src/schema/index.js';
import { example, runCliHere, tempFolder } from './run-cli.js';

const ESCAPE = '\u001b';

describe('endstate show', () => {
  let cwd = '';
  let trials: TrialRecord[] = [];
  let runId = '';

  beforeAll(async () => {
    cwd = tempFolder();
    const run = await runCliHere(
      [
        'run',
        example('support'),
        '--agent',
        'simulated',
        '--slip',
        '0.3',
        '--trials',
        '2',
        '--seed',
        '7',
        '--json',
        'run.json',
      ],
      cwd,
    );
    expect([0, 1], run.stderr).toContain(run.code);
    const stored = JSON.parse(readFileSync(join(cwd, 'run.json'), 'utf8')) as {
      run: { run_id: string };
      trials: TrialRecord[];
    };
    trials = stored.trials;
    runId = stored.run.run_id;
  }, 120_000);

  it("shows a failed trial's conversation, tool calls, state diff and every failed check", async () => {
    const failed = trials.find(
      (trial) =>
        trial.valid &&
        !trial.success &&
        failedChecks(trial).length > 0 &&
        Object.keys(trial.state_diff ?? {}).length > 0,
    );
    expect(failed, 'the seeded run has a failed trial that changed the state').toBeDefined();
    const trial = failed!;
    const result = await runCliHere(['show', trial.task_id, String(trial.attempt)], cwd);
    expect(result.code, result.stderr).toBe(0);
    const out = result.stdout;
    expect(out.split('\n')[0]).toBe(`${trial.task_id} · attempt ${trial.attempt} · FAILED`);
    expect(out).toContain(`trial ${trial.trial_id}`);
    for (const check of failedChecks(trial)) expect(out).toContain(`${check.grader} ${check.id} (`);
    for (const [collection, byId] of Object.entries(trial.state_diff!))
      for (const id of Object.keys(byId)) expect(out).toContain(`  ${collection}/${id} `);
    const firstCall = trial.events.find((event) => event.kind === 'tool_call');
    if (firstCall?.kind === 'tool_call')
      expect(out).toContain(`tool call ${firstCall.tool} ${firstCall.call_id}`);
    expect(out).not.toContain(ESCAPE);
  });

  it('shows the first attempt that did not succeed when no attempt is given', async () => {
    const failed = trials
      .filter((trial) => !trial.success)
      .sort((a, b) => a.attempt - b.attempt)[0]!;
    const result = await runCliHere(['show', failed.task_id, '--run', runId], cwd);
    expect(result.code, result.stderr).toBe(0);
    const attempt = trials
      .filter((trial) => trial.task_id === failed.task_id && !trial.success)
      .map((trial) => trial.attempt)
      .sort((a, b) => a - b)[0];
    expect(result.stdout.split('\n')[0]).toContain(`${failed.task_id} · attempt ${attempt} ·`);
    expect(result.stderr).toContain('the first that did not succeed');
  });

  it('colours with --color always', async () => {
    const result = await runCliHere(['show', trials[0]!.task_id, '1', '--color', 'always'], cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`${ESCAPE}[1m${trials[0]!.task_id}${ESCAPE}[22m`);
  });

  it('exits 2 naming what exists for an unknown task, attempt or run', async () => {
    const task = await runCliHere(['show', 'no-such-task'], cwd);
    expect(task.code).toBe(2);
    expect(task.stderr).toContain('has no trial of task "no-such-task"');
    expect(task.stderr).toContain('refund-8842');
    const attempt = await runCliHere(['show', 'refund-8842', '9'], cwd);
    expect(attempt.code).toBe(2);
    expect(attempt.stderr).toContain('Its attempts: 1, 2.');
    const run = await runCliHere(['show', 'refund-8842', '--run', 'run-nope'], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(runId);
    expect((await runCliHere(['show', 'refund-8842', '0'], cwd)).code).toBe(2);
  });
});
