import { describe, expect, it } from 'vitest';
import type { TrialEvent } from '../schema/index.js';
import { buildTrialRecord } from '../testing/index.js';
import { summariseFaults } from './fault-summary.js';

const fault = (kind: string): TrialEvent => ({
  t_ms: 1,
  kind: 'fault',
  call_id: 'c1',
  tool: 't',
  fault: kind,
});

const trial = (attempt: number, success: boolean, kinds: string[]) =>
  buildTrialRecord({ task_id: 'a', attempt, success, events: kinds.map(fault) });

describe('summariseFaults', () => {
  it('is null when no fault or injection fired', () => {
    expect(summariseFaults([trial(1, true, []), trial(2, false, [])])).toBeNull();
  });

  it('splits success by faults, recovery by kind, and resistance to injections', () => {
    // Worked example: 6 trials.
    //   1 ok    timeout           2 fail  timeout, lost_ack   3 ok  lost_ack, lost_ack
    //   4 ok    (none)            5 fail  inject              6 ok  inject, malformed
    const summary = summariseFaults([
      trial(1, true, ['timeout']),
      trial(2, false, ['timeout', 'lost_ack']),
      trial(3, true, ['lost_ack', 'lost_ack']),
      trial(4, true, []),
      trial(5, false, ['inject']),
      trial(6, true, ['inject', 'malformed']),
    ])!;
    // With faults: 1, 2, 3, 6 (3 successes); without: 4 and 5 (an injection alone is no fault).
    expect(summary.with_faults).toEqual({ trials: 4, successes: 3, rate: 0.75 });
    expect(summary.without_faults).toEqual({ trials: 2, successes: 1, rate: 0.5 });
    expect(summary.recovery).toEqual({
      lost_ack: { trials: 2, successes: 1, rate: 0.5 },
      malformed: { trials: 1, successes: 1, rate: 1 },
      timeout: { trials: 2, successes: 1, rate: 0.5 },
    });
    expect(summary.injection).toEqual({ trials: 2, successes: 1, rate: 0.5 });
  });
});
