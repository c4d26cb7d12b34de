import { describe, expect, it } from 'vitest';
import { buildRunRecord, buildTrialRecord } from '../testing/index.js';
import { addToTally, emptyTally, runSpanEnd, runSpanStart } from './plan-run-span.js';

const run = buildRunRecord(['a', 'b'], { created_at: '2026-11-30T10:00:00.000Z' });

describe('the run span', () => {
  it('starts when the run was created, or when it was resumed', () => {
    expect(runSpanStart(run).startMs).toBe(Date.parse('2026-11-30T10:00:00.000Z'));
    const resumed = runSpanStart(run, Date.parse('2026-12-01T08:00:00.000Z'));
    expect(resumed.startMs).toBe(Date.parse('2026-12-01T08:00:00.000Z'));
    expect(resumed.attributes['endstate.run.resumed']).toBe(true);
  });

  it('counts the trials and successes and sums their cost', () => {
    const tally = emptyTally();
    for (const [taskId, success, cost] of [
      ['a', true, 0.25],
      ['b', false, 0.5],
    ] as const) {
      addToTally(tally, {
        ...buildTrialRecord({ task_id: taskId, attempt: 1, success }),
        usage: { ...buildTrialRecord({ task_id: taskId, attempt: 1 }).usage, cost_usd: cost },
      });
    }
    const end = runSpanEnd('finished', '2026-11-30T10:05:00.000Z', tally);
    expect(end).toEqual({
      endMs: Date.parse('2026-11-30T10:05:00.000Z'),
      attributes: {
        'endstate.run.status': 'finished',
        'endstate.run.trials': 2,
        'endstate.run.successes': 1,
        'endstate.cost_usd': 0.75,
      },
      error: null,
    });
  });

  it('leaves the cost out once a trial’s cost is unknown, and marks an interrupted run', () => {
    const tally = emptyTally();
    addToTally(tally, {
      ...buildTrialRecord({ task_id: 'a', attempt: 1 }),
      usage: { ...buildTrialRecord({ task_id: 'a', attempt: 1 }).usage, cost_usd: null },
    });
    const end = runSpanEnd('interrupted', '2026-11-30T10:05:00.000Z', tally);
    expect(end.attributes).not.toHaveProperty('endstate.cost_usd');
    expect(end.attributes['error.type']).toBe('interrupted');
    expect(end.error?.type).toBe('interrupted');
  });
});
