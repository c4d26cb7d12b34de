import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, runCliHere } from './run-cli.js';

/** A copy of the support example whose refund-8842 task has one more assertion. */
function supportWithAssertion(assertion: string): string {
  const cwd = copyExample('support');
  const file = join(cwd, 'support/tasks/refund-8842.yaml');
  const text = readFileSync(file, 'utf8');
  const anchor = '    - sT_by_id.orders["8843"] == s0_by_id.orders["8843"]\n';
  expect(text).toContain(anchor);
  writeFileSync(file, text.replace(anchor, `${anchor}    - ${assertion}\n`));
  return cwd;
}

describe('a CEL assertion that cannot work', () => {
  it('fails validate, naming the task, its file, expect.assert[i], the expression and the error', async () => {
    const refunds = 'sT.refunds.filter(r, r.order_id == "8842")';
    const assertion = `${refunds}.size() == 0 || ${refunds}[0].amount_cents * 2 > 0`;
    const result = await runCliHere(['validate', 'support'], supportWithAssertion(assertion));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL refund-8842 (tasks/refund-8842.yaml)');
    expect(result.stdout).toContain(
      `✗ expect.assert[2]: ${assertion} cannot be evaluated on the reference path's final state: no such overload: dyn<double> * int`,
    );
    expect(result.stdout).toMatch(/1 of \d+ tasks unusable/);
  });

  it('is refused at load, at its line, when it type-checks with no state', async () => {
    const assertion = 'sT.refunds.map(r, r.amount_cents).sum() == 4299';
    const result = await runCliHere(['validate', 'support'], supportWithAssertion(assertion));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `tasks/refund-8842.yaml:28:7 expect.assert[2]: CEL does not type-check: found no matching overload for 'list.sum()' in ${assertion}`,
    );
  });

  it('makes each trial of a run an invalid grader failure naming the check, rerun and counted apart', async () => {
    const refunds = 'sT.refunds.filter(r, r.order_id == "8842")';
    const assertion = `${refunds}.size() == 0 || ${refunds}[0].amount_cents * 2 > 0`;
    const cwd = supportWithAssertion(assertion);
    const args = ['run', 'support', '--tasks', 'refund-8842', '--max-reruns', '1'];
    await runCliHere([...args, '--no-canary', '--json', 'out.json'], cwd);
    const { scorecard, trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      scorecard: { terminal_reasons: Record<string, number> };
      trials: { rerun: number; terminal_reason: string; valid: boolean; error: string }[];
    };
    expect(trials.map((trial) => [trial.rerun, trial.terminal_reason, trial.valid])).toEqual([
      [0, 'grader_failure', false],
      [1, 'grader_failure', false],
    ]);
    expect(trials[0]?.error).toBe(
      `grader failed: expect.assert[2]: ${assertion}: no such overload: dyn<double> * int`,
    );
    expect(scorecard.terminal_reasons).toMatchObject({ grader_failure: 2 });
    expect(scorecard.terminal_reasons.agent_failure ?? 0).toBe(0);
  });
});
