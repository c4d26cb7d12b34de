import { describe, expect, it } from 'vitest';
import type { StoredFailureLabel } from '../../schema/index.js';
import { buildTrialRecord } from '../../testing/index.js';
import { failureLabelRows } from '../rendering/failure-label-rows.js';
import { summariseFailureLabels } from './failure-label-summary.js';

const trials = [
  buildTrialRecord({ task_id: 'a', attempt: 1, success: true }),
  buildTrialRecord({ task_id: 'a', attempt: 2, exit_reason: 'max_steps' }),
  buildTrialRecord({ task_id: 'b', attempt: 1, exit_reason: 'agent_error' }),
  buildTrialRecord({ task_id: 'b', attempt: 2, exit_reason: 'loop_detected' }),
  buildTrialRecord({ task_id: 'b', attempt: 2, rerun: 1, valid: false }),
];

const label = (
  task_id: string,
  attempt: number,
  labelled: StoredFailureLabel['label'],
  labeller: string,
  run_id = 'run',
): StoredFailureLabel => ({
  run_id,
  task_id,
  attempt,
  rerun: 0,
  proposed_label: 'budget',
  label: labelled,
  labeller,
});

describe('summariseFailureLabels', () => {
  it('counts the proposed label of each failed valid trial', () => {
    const summary = summariseFailureLabels(trials);
    expect(summary.failed_trials).toBe(3);
    expect(summary.proposed.budget).toBe(2);
    expect(summary.proposed.agent_error).toBe(1);
    expect(Object.values(summary.proposed).reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(summary.human).toEqual([]);
  });

  it("counts each labeller's labels of this run's failed trials, and agreement with the proposals", () => {
    const summary = summariseFailureLabels(trials, [
      label('a', 2, 'budget', 'ben'),
      label('b', 1, 'other', 'ben'),
      label('a', 2, 'budget', 'ana'),
      label('a', 1, 'other', 'ana'), // a success: not a failure to label
      label('b', 2, 'budget', 'ana', 'another-run'),
    ]);
    expect(summary.human).toEqual([
      expect.objectContaining({ labeller: 'ana', labelled: 1, agreed_with_proposed: 1 }),
      expect.objectContaining({ labeller: 'ben', labelled: 2, agreed_with_proposed: 1 }),
    ]);
    expect(summary.human[1]!.counts.other).toBe(1);
    const rows = failureLabelRows(summary)!;
    expect(rows.head).toEqual(['label', 'proposed', 'ana', 'ben']);
    expect(rows.rows).toEqual([
      ['budget', '2', '1', '1'],
      ['agent_error', '1', '0', '0'],
      ['other', '0', '0', '1'],
    ]);
  });

  it('has no table when no valid trial failed', () => {
    expect(failureLabelRows(summariseFailureLabels(trials.slice(0, 1)))).toBeUndefined();
  });
});
