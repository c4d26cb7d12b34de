import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TrialRecordSchema } from '../../src/schema/index.js';
import { copyExample, runCliHere } from './run-cli.js';

interface JsonTrial {
  task_id: string;
  attempt: number;
  success: boolean;
  sequence?: { id: string; episode: number; task: string; session: string; version: string | null };
}

describe('sequences on the command line', () => {
  it('validates and runs examples/memory, each episode a record with its sequence', async () => {
    const cwd = copyExample('memory');
    const validated = await runCliHere(['validate', 'memory'], cwd);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain('ok   lena-new-session (sequences/lena-new-session.yaml)');

    const ran = await runCliHere(
      [
        'run',
        'memory',
        '--agent',
        'simulated',
        '--slip',
        '0',
        '--trials',
        '2',
        '--json',
        'out.json',
      ],
      cwd,
    );
    expect(ran.code).toBe(0);
    const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      trials: JsonTrial[];
    };
    expect(trials).toHaveLength(16);
    expect(trials.every((trial) => trial.success)).toBe(true);
    const second = trials.find(
      (trial) => trial.task_id === 'lena-same-session@2' && trial.attempt === 1,
    );
    expect(second?.sequence).toEqual({
      id: 'lena-same-session',
      episode: 2,
      task: 'lena-refund-m200',
      // The simulated agent plays each episode's reference, so it starts a new session.
      session: 'new',
      version: null,
    });
    for (const trial of trials) expect(TrialRecordSchema.safeParse(trial).success).toBe(true);
  });

  it('plays a sequence whole when --tasks names one of its episodes, and refuses --queue', async () => {
    const cwd = copyExample('drift');
    const ran = await runCliHere(
      ['run', 'drift', '--tasks', 'window-shrinks@2', '--no-canary', '--json', 'out.json'],
      cwd,
    );
    expect(ran.code).toBe(0);
    const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      trials: JsonTrial[];
    };
    expect(trials.map((trial) => [trial.task_id, trial.sequence?.version])).toEqual([
      ['window-shrinks@1', '1.0.0'],
      ['window-shrinks@2', '14-day-window'],
    ]);
    const queued = await runCliHere(['run', 'drift', '--queue', 'redis://127.0.0.1:6379'], cwd);
    expect(queued.code).toBe(2);
    expect(queued.stderr).toContain('--queue cannot play the sequences of suite drift');
  });
});
