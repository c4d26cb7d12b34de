import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, example, runCliHere, tempFolder } from './run-cli.js';

interface Output {
  trials: {
    task_id: string;
    success: boolean;
    usage: { tool_calls: number };
    state_diff: Record<string, Record<string, unknown>>;
    grades: { outcome?: { checks: { id: string; pass: boolean }[] } };
    events: { kind: string; tool?: string; by?: string; side?: string }[];
  }[];
}

const read = (cwd: string): Output =>
  JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as Output;

describe('two sides of the world (examples/phone-settings)', () => {
  it("passes when the user changes their phone's settings as the agent asks", async () => {
    const cwd = tempFolder();
    const run = await runCliHere(
      ['run', example('phone-settings'), '--agent', 'oracle', '--json', 'out.json'],
      cwd,
    );
    expect(run.code).toBe(0);
    const { trials } = read(cwd);
    expect(trials.map((trial) => [trial.task_id, trial.success]).sort()).toEqual([
      ['airplane-mode-on', true],
      ['suspended-line-data-off', true],
    ]);
    const suspended = trials.find((trial) => trial.task_id === 'suspended-line-data-off')!;
    const userCalls = suspended.events.filter(
      (event) => event.kind === 'tool_call' && event.by === 'user',
    );
    expect(userCalls).toEqual([
      expect.objectContaining({ tool: 'toggle_mobile_data', by: 'user', side: 'user' }),
    ]);
    // The agent's own calls only: the lookup and the resume.
    expect(suspended.usage.tool_calls).toBe(2);
    // Both sides changed: the line (the agent's) and the phone (the user's, partly by sync).
    expect(Object.keys(suspended.state_diff).sort()).toEqual(['device', 'lines']);

    const show = await runCliHere(['show', 'airplane-mode-on'], cwd);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/user's own tool toggle_airplane_mode/);
    expect(show.stdout).toMatch(/tool call get_line_by_phone/);
  });

  it('fails on the device assertion when the user does not change the setting', async () => {
    const cwd = copyExample('phone-settings');
    const file = join(cwd, 'phone-settings', 'tasks', 'airplane-mode-on.yaml');
    const original = readFileSync(file, 'utf8');
    const changed = original.replace(
      /- when: airplane\n\s+user_tool: \{ tool: toggle_airplane_mode \}\n/,
      '- when: airplane\n',
    );
    expect(changed).not.toBe(original);
    writeFileSync(file, changed);
    const run = await runCliHere(
      [
        'run',
        join(cwd, 'phone-settings'),
        '--agent',
        'oracle',
        '--tasks',
        'airplane-mode-on',
        // The canary would stop the run: the oracle's path no longer solves the changed task.
        '--no-canary',
        '--json',
        'out.json',
      ],
      cwd,
    );
    expect(run.code, run.stderr).toBe(0);
    const [trial] = read(cwd).trials;
    expect(trial?.success).toBe(false);
    expect(trial?.events.some((event) => event.by === 'user')).toBe(false);
    const failed = trial?.grades.outcome?.checks.filter((check) => !check.pass).map((c) => c.id);
    expect(failed).toContain('expect.assert[0]');
  });

  it('refuses at load a script that calls a tool the user does not have', async () => {
    const cwd = copyExample('phone-settings');
    const file = join(cwd, 'phone-settings', 'tasks', 'airplane-mode-on.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        'user_tool: { tool: toggle_airplane_mode }',
        'user_tool: { tool: resume_line }',
      ),
    );
    const run = await runCliHere(['validate', join(cwd, 'phone-settings')], cwd);
    expect(run.code).toBe(2);
    expect(run.stderr + run.stdout).toContain(
      'unknown user tool "resume_line" (environment phone-settings\'s user has: check_status_bar, toggle_airplane_mode, toggle_mobile_data)',
    );
  });
});
