import { describe, expect, it } from 'vitest';
import type { Check, TrialRecord } from '../../schema/index.js';
import { clusteredUpperBound } from '../../stats/index.js';
import type { TaskEventCounts } from '../../stats/index.js';
import {
  buildFaultEvent,
  buildGrades,
  buildRunRecord,
  buildToolCallEvent,
  buildTrialRecord,
} from '../../testing/index.js';
import { buildSyntheticRun } from '../../testing/build-synthetic-run.js';
import { buildScorecard } from './build-scorecard.js';

// The work of a scorecard grows with the trials, not with their square:
// reads are counted (not timed) at n and 2n trials, tasks doubling with
// them, so that a pass over every trial per task, or over every task per
// event, shows as a ratio of 4 instead of 2.

const check = (id: string, kind: string, pass: boolean): Check => ({
  id,
  kind,
  pass,
  message: pass ? 'ok' : `${id} failed`,
  evidence: null,
});

/** Source trials of 6 tasks, 3 each: successes, failed checks, a broken consent, loops, faults, costs. */
function sourceTrials(): TrialRecord[] {
  const trials: TrialRecord[] = [];
  for (let task = 0; task < 6; task++) {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const success = (task + attempt) % 3 !== 0;
      const looped = !success && task % 2 === 0;
      trials.push(
        buildTrialRecord({
          task_id: `task-${task}`,
          attempt,
          success,
          labels: { area: task % 2 === 0 ? 'orders' : 'refunds' },
          exit_reason: looped ? 'loop_detected' : 'finished',
          terminal_reason: success ? 'success' : 'agent_failure',
          events: [
            buildToolCallEvent('get_order', { id: task }, 'c1'),
            ...(attempt === 2 ? [buildFaultEvent('timeout', { probability: 0.2 })] : []),
            buildToolCallEvent('refund', { id: task }, 'c2'),
          ],
          grades: buildGrades({
            outcome: [check('refund', 'update', success), check('note', 'insert', true)],
            constraints: [check('consent-1', 'consent', success || task % 3 !== 0)],
          }),
          usage: {
            ...buildTrialRecord({ task_id: 'x', attempt: 1 }).usage,
            steps: 2 + attempt + task,
            cost_usd: 0.001 * (1 + task),
            latency_ms: 10 * attempt,
          },
        }),
      );
    }
  }
  return trials;
}

/** Trial records that count every read of their fields, in an array that counts every read of an item. */
function countingTrials(trials: readonly TrialRecord[]): {
  trials: TrialRecord[];
  reads: () => number;
} {
  let reads = 0;
  const fields: ProxyHandler<TrialRecord> = {
    get(target, key, receiver) {
      reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  };
  const list = new Proxy(
    trials.map((trial) => new Proxy(trial, fields)),
    {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    },
  );
  return { trials: list, reads: () => reads };
}

function scorecardReads(tasks: number): number {
  const source = sourceTrials();
  const { run, trials } = buildSyntheticRun({
    run: buildRunRecord([...new Set(source.map((trial) => trial.task_id))]),
    trials: source,
    tasks,
    trialsPerTask: 4,
  });
  const counting = countingTrials(trials);
  buildScorecard(run, counting.trials);
  return counting.reads();
}

/** Per-task event counts whose every read (of the list or of a task's counts) is counted. */
function countingCounts(counts: readonly TaskEventCounts[]): {
  counts: TaskEventCounts[];
  reads: () => number;
} {
  let reads = 0;
  const tasks: ProxyHandler<TaskEventCounts> = {
    get(target, key, receiver) {
      reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  };
  const list: ProxyHandler<TaskEventCounts[]> = {
    get(target, key, receiver) {
      reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  };
  return {
    counts: new Proxy(
      counts.map((task) => new Proxy({ ...task }, tasks)),
      list,
    ),
    reads: () => reads,
  };
}

/** Loops of an agent on `tasks` tasks of 10 trials: a tenth loop every time, a fifth now and then. */
function boundReads(tasks: number): number {
  const counts = Array.from({ length: tasks }, (_, task) => ({
    events: task % 10 === 0 ? 10 : task % 5 === 0 ? (task % 7) + 1 : 0,
    trials: 10,
  }));
  const counting = countingCounts(counts);
  clusteredUpperBound(counting.counts);
  return counting.reads();
}

describe('the work of a scorecard', () => {
  it('reads the trials a number of times that doubles when the trials (and tasks) double', () => {
    const small = scorecardReads(100);
    const large = scorecardReads(200);
    expect(small).toBeGreaterThan(400);
    expect(large / small).toBeGreaterThan(1.8);
    expect(large / small).toBeLessThan(2.2);
  });

  it('bounds an event rate with reads of the per-task counts that double when the tasks double', () => {
    const small = boundReads(500);
    const large = boundReads(1000);
    expect(large / small).toBeGreaterThan(1.8);
    expect(large / small).toBeLessThan(2.3);
  });
});
