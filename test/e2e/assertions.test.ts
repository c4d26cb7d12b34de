import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, runCli } from './run-cli.js';

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
  it('fails validate, naming the task, its file, expect.assert[i], the expression and the error', () => {
    const refunds = 'sT.refunds.filter(r, r.order_id == "8842")';
    const assertion = `${refunds}.size() == 0 || ${refunds}[0].amount_cents * 2 > 0`;
    const result = runCli(['validate', 'support'], supportWithAssertion(assertion));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL refund-8842 (tasks/refund-8842.yaml)');
    expect(result.stdout).toContain(
      `✗ expect.assert[2]: ${assertion} cannot be evaluated on the reference path's final state: no such overload: dyn<double> * int`,
    );
    expect(result.stdout).toMatch(/1 of \d+ tasks unusable/);
  });

  it('is refused at load, at its line, when it type-checks with no state', () => {
    const assertion = 'sT.refunds.map(r, r.amount_cents).sum() == 4299';
    const result = runCli(['validate', 'support'], supportWithAssertion(assertion));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `tasks/refund-8842.yaml:28:7 expect.assert[2]: CEL does not type-check: found no matching overload for 'list.sum()' in ${assertion}`,
    );
  });
});
