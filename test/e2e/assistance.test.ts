import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, runCliHere, tempFolder } from './run-cli.js';

interface Rate {
  readonly value: number;
  readonly successes: number;
  readonly trials: number;
}

describe('human assistance in a run', () => {
  it('reports unassisted success and assisted completion, adding up to success', async () => {
    const cwd = tempFolder();
    const run = await runCliHere(
      [
        'run',
        example('support'),
        '--agent',
        'simulated',
        '--trials',
        '4',
        '--tasks',
        'refund-8842{,-assisted}',
        '--json',
        'run.json',
      ],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}Unassisted success: \d+\.\d% \(95% CI \[/m);
    expect(run.stdout).toMatch(/^ {2}Assisted completion: \d+\.\d% \(95% CI \[/m);

    const output = JSON.parse(readFileSync(join(cwd, 'run.json'), 'utf8')) as {
      scorecard: {
        success_rate: Rate;
        assistance: {
          assist_tasks: number;
          unassisted_success: Rate;
          assisted_completion: Rate;
        };
      };
      trials: {
        task_id: string;
        success: boolean;
        valid: boolean;
        events: { kind: string; by?: string; type?: string; source?: string }[];
      }[];
    };
    const { success_rate: success, assistance } = output.scorecard;
    expect(assistance.assist_tasks).toBe(1);
    expect(assistance.unassisted_success.trials).toBe(success.trials);
    expect(assistance.unassisted_success.successes + assistance.assisted_completion.successes).toBe(
      success.successes,
    );
    expect(
      Math.abs(
        assistance.unassisted_success.value + assistance.assisted_completion.value - success.value,
      ),
    ).toBeLessThan(1e-12);

    // Every success of the assisted task had the customer's help; refund-8842's never did.
    const helped = (trial: (typeof output.trials)[number]) =>
      trial.events.some((event) => event.kind === 'assist');
    const assisted = output.trials.filter((trial) => trial.task_id === 'refund-8842-assisted');
    const plain = output.trials.filter((trial) => trial.task_id === 'refund-8842');
    expect(assisted.some((trial) => trial.success)).toBe(true);
    for (const trial of assisted.filter((one) => one.success)) {
      expect(trial.events.filter((event) => event.kind === 'assist')).toEqual([
        expect.objectContaining({ type: 'hint', source: 'user.script[0]' }),
        expect.objectContaining({ type: 'take_over', source: 'user.script[1]' }),
      ]);
      expect(trial.events).toContainEqual(
        expect.objectContaining({ kind: 'tool_call', by: 'user' }),
      );
    }
    expect(plain.some(helped)).toBe(false);
    expect(assistance.assisted_completion.successes).toBe(
      assisted.filter((trial) => trial.success).length,
    );

    const report = await runCliHere(['report', 'latest', '--md', 'summary.md'], cwd);
    expect(report.code).toBe(0);
    const markdown = readFileSync(join(cwd, 'summary.md'), 'utf8');
    expect(markdown).toMatch(/\| Unassisted success \| \d+\.\d% \(95% CI/);
    expect(markdown).toMatch(/\| Assisted completion \| \d+\.\d% \(95% CI/);
  });
});
