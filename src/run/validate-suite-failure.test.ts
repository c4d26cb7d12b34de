import { describe, expect, it } from 'vitest';
import type { Check } from '../schema/index.js';
import { buildGrades, buildTrialRecord } from '../testing/index.js';
import { describePathFailure } from './validate-suite-failure.js';

const REFERENCE = { path: 'its reference path', message: 'the reference message' };

const setCheck: Check = {
  id: 'expect.changes[0]',
  kind: 'set',
  pass: false,
  message: 'orders/8842/status is "refunded", expected "reimbursed"',
  evidence: { record: 'orders/8842' },
  path: 'orders/8842/status',
  expected: 'reimbursed',
  actual: 'refunded',
};

/** A check written before checks recorded what they compared: its message speaks for it. */
const oldCheck: Check = {
  id: 'constraints[0]',
  kind: 'consent',
  pass: false,
  message: "1 irreversible call(s) without the user's confirmation",
  evidence: { call_ids: ['c3'] },
};

const failedWith = (overrides: Parameters<typeof buildTrialRecord>[0]) =>
  buildTrialRecord({ terminal_reason: 'agent_failure', ...overrides });

describe('describePathFailure', () => {
  it('names every failed check of a path that should succeed, with its detail or its message', () => {
    const record = failedWith({
      task_id: 't',
      attempt: 1,
      grades: buildGrades({ outcome: [setCheck], constraints: [oldCheck] }),
    });
    expect(describePathFailure(record, REFERENCE)).toBe(
      `the task is broken: its reference path fails checks expect.changes[0]: orders/8842/status expected "reimbursed", actual "refunded"; constraints[0]: 1 irreversible call(s) without the user's confirmation`,
    );
  });

  it('says when the path stopped early, and why', () => {
    const record = failedWith({
      task_id: 't',
      attempt: 1,
      exit_reason: 'max_steps',
      error: 'the step limit (10) was reached',
      grades: buildGrades({ outcome: [setCheck] }),
    });
    expect(describePathFailure(record, REFERENCE)).toBe(
      'the task is broken: its reference path stops (exit max_steps: the step limit (10) was reached) and fails check expect.changes[0]: orders/8842/status expected "reimbursed", actual "refunded"',
    );
  });

  it('does not call the task broken when the environment made the trial invalid', () => {
    const record = failedWith({
      task_id: 't',
      attempt: 1,
      valid: false,
      terminal_reason: 'environment_failure',
      exit_reason: 'tool_crash',
      error: 'process_refund threw: database is locked',
    });
    expect(describePathFailure(record, REFERENCE)).toBe(
      'its reference path makes the trial invalid (environment_failure, exit tool_crash): process_refund threw: database is locked',
    );
  });
});
