import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, runCliHere } from './run-cli.js';

/**
 * The support example reduced to refund-8842 with an author's mistake in
 * its expected outcome, and a second copy of it with a mistaken assertion.
 */
function mistakenSuite(): string {
  const cwd = copyExample('support');
  const tasks = join(cwd, 'support/tasks');
  for (const file of readdirSync(tasks)) if (file !== 'refund-8842.yaml') rmSync(join(tasks, file));
  const text = readFileSync(join(tasks, 'refund-8842.yaml'), 'utf8');
  const set = '- { set: orders/8842/status, to: refunded }';
  const assert = 'sT.refunds.filter(r, r.order_id == "8842").size() == 1';
  expect(text).toContain(set);
  expect(text).toContain(assert);
  writeFileSync(
    join(tasks, 'refund-8842.yaml'),
    text.replace(set, '- { set: orders/8842/status, to: reimbursed }'),
  );
  writeFileSync(
    join(tasks, 'refund-8842-assert.yaml'),
    text
      .replace('id: refund-8842', 'id: refund-8842-assert')
      .replace(assert, assert.replace('== 1', '== 2')),
  );
  return cwd;
}

describe('endstate validate on a task whose expected outcome is wrong', () => {
  it('calls the task broken and prints the path, expected and actual value, and the values an assertion read', async () => {
    const result = await runCliHere(['validate', 'support'], mistakenSuite());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('FAIL refund-8842 (tasks/refund-8842.yaml)');
    expect(result.stdout).toContain(
      '✗ oracle: the task is broken: its reference path fails check expect.changes[0]: orders/8842/status expected "reimbursed", actual "refunded"\n',
    );
    expect(result.stdout).toContain(
      '✗ known_good:asks-before-looking-up: the task is broken: its known-good path asks-before-looking-up fails check expect.changes[0]: orders/8842/status expected "reimbursed", actual "refunded"\n',
    );
    expect(result.stdout).toContain('FAIL refund-8842-assert (tasks/refund-8842-assert.yaml)');
    expect(result.stdout).toContain(
      '✗ oracle: the task is broken: its reference path fails check expect.assert[0]: sT.refunds.filter(r, r.order_id == "8842").size() == 2 is false: sT.refunds.filter(r, r.order_id == "8842").size() = 1\n',
    );
    expect(result.stdout).not.toContain('agent_failure');
    expect(result.stdout).toContain('2 of 2 tasks unusable');
  }, 60_000);
});
