import { describe, expect, it } from 'vitest';
import { isEndstateError } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import { buildTrialRecord } from '../testing/index.js';
import { selectTrial } from './select-trial.js';

const trials: TrialRecord[] = [
  buildTrialRecord({ task_id: 'refund', attempt: 1, success: true }),
  buildTrialRecord({ task_id: 'refund', attempt: 2, rerun: 0, valid: false }),
  buildTrialRecord({ task_id: 'refund', attempt: 2, rerun: 1, success: true }),
  buildTrialRecord({ task_id: 'refund', attempt: 3, success: false }),
  buildTrialRecord({ task_id: 'quote', attempt: 1, success: true }),
  buildTrialRecord({ task_id: 'quote', attempt: 2, success: true }),
];

const select = (request: { taskId: string; attempt?: number; rerun?: number }) =>
  selectTrial(trials, { runId: 'run-1', ...request });

function usageError(request: { taskId: string; attempt?: number; rerun?: number }): string {
  try {
    select(request);
  } catch (error) {
    if (isEndstateError(error) && error.code === 'E_USAGE') return error.message;
    throw error;
  }
  throw new Error('expected a usage error');
}

describe('selectTrial', () => {
  it('shows the first attempt that did not succeed when none is given, judged by its last rerun', () => {
    const { trial, note } = select({ taskId: 'refund' });
    expect([trial.attempt, trial.rerun]).toEqual([3, 0]);
    expect(note).toContain('showing attempt 3 of 3, the first that did not succeed');
  });

  it('shows the first attempt when every attempt succeeded', () => {
    const { trial, note } = select({ taskId: 'quote' });
    expect(trial.attempt).toBe(1);
    expect(note).toBe('every attempt of quote succeeded; showing attempt 1 of 2');
  });

  it("shows an attempt's last rerun unless a rerun is named", () => {
    expect(select({ taskId: 'refund', attempt: 2 }).trial.rerun).toBe(1);
    expect(select({ taskId: 'refund', attempt: 2 }).note).toContain('showing its last, rerun 1');
    expect(select({ taskId: 'refund', attempt: 2, rerun: 0 }).trial.valid).toBe(false);
    expect(select({ taskId: 'refund', attempt: 1 }).note).toBeUndefined();
  });

  it('names the tasks, attempts and reruns that exist when asked for another', () => {
    expect(usageError({ taskId: 'refnd' })).toMatchInlineSnapshot(`
      "run run-1 has no trial of task "refnd"
      Hint: Its tasks: quote, refund. Pass another run with --run ID."
    `);
    expect(usageError({ taskId: 'refund', attempt: 4 })).toMatchInlineSnapshot(`
      "task "refund" has no attempt 4 in run run-1
      Hint: Its attempts: 1, 2, 3."
    `);
    expect(usageError({ taskId: 'refund', attempt: 2, rerun: 5 })).toMatchInlineSnapshot(`
      "attempt 2 of task "refund" has no rerun 5 in run run-1
      Hint: Its reruns: 0, 1."
    `);
  });
});
