import { describe, expect, it } from 'vitest';
import { RunRecordSchema } from '../../schema/index.js';
import type { RunRecord } from '../../schema/index.js';
import { buildTrialRecord } from '../../testing/index.js';
import { buildScorecard } from './build-scorecard.js';

function runOf(revisions: Record<string, number> | undefined): RunRecord {
  return RunRecordSchema.parse({
    run_id: 'run-1',
    created_at: '2026-11-30T00:00:00.000Z',
    finished_at: '2026-11-30T00:01:00.000Z',
    status: 'finished',
    suite: {
      name: 'demo',
      path: '/demo',
      hash: 'a'.repeat(64),
      task_ids: ['refund-8842', 'quote-8843'],
      ...(revisions === undefined ? {} : { revisions }),
    },
    system: {
      agent: { kind: 'oracle', name: 'oracle', version: '1', options: {} },
      model: null,
      prompt: null,
      user: { kind: 'scripted', prompt_version: null },
      harness_version: '0.0.0',
      grader_version: '1',
    },
    system_hash: 'b'.repeat(64),
    trials_per_task: 2,
    seed: 0,
    concurrency: 1,
    max_reruns: 0,
  });
}

const trial = (taskId: string, attempt: number, revision: number) =>
  buildTrialRecord({ task_id: taskId, attempt, task_revision: revision, success: true });

describe('buildScorecard and task revisions', () => {
  it('scores trials whose revisions match the run', () => {
    const card = buildScorecard(runOf({ 'refund-8842': 2, 'quote-8843': 1 }), [
      trial('refund-8842', 1, 2),
      trial('refund-8842', 2, 2),
      trial('quote-8843', 1, 1),
      trial('quote-8843', 2, 1),
    ]);
    expect(card.success_rate.value).toBe(1);
  });

  it('refuses to pool trials of one task from two revisions, naming the task', () => {
    const build = () =>
      buildScorecard(runOf({ 'refund-8842': 1, 'quote-8843': 1 }), [
        trial('refund-8842', 1, 1),
        trial('refund-8842', 2, 2),
        trial('quote-8843', 1, 1),
      ]);
    expect(build).toThrow(expect.objectContaining({ code: 'E_MIXED_REVISIONS' }));
    expect(build).toThrowErrorMatchingInlineSnapshot(`
      [EndstateError: cannot pool these trials into one scorecard of run run-1:
        task refund-8842 has trials of revision 1 (1) and revision 2 (1)
      Hint: Results of different task revisions are never pooled: build each scorecard from the trials of one run.]
    `);
  });

  it('refuses trials of a revision other than the one the run recorded', () => {
    expect(() =>
      buildScorecard(runOf({ 'refund-8842': 1, 'quote-8843': 1 }), [trial('refund-8842', 1, 2)]),
    ).toThrow('task refund-8842 has trials of revision 2, but run run-1 ran revision 1');
  });

  it('reads a stored run from before revisions were recorded', () => {
    const run = runOf(undefined);
    expect(run.suite.revisions).toEqual({});
    expect(buildScorecard(run, [trial('refund-8842', 1, 3)]).counts.valid_trials).toBe(1);
  });
});
