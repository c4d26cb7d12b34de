import type { RunRecord, TrialRecord } from '../../src/schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../../src/testing/index.js';

/** A finished run record of `taskIds` × `trialsPerTask`, for report tests. */
export function buildRun(
  taskIds: readonly string[],
  trialsPerTask: number,
  suiteName = 'demo',
): RunRecord {
  return buildRunRecord(taskIds, {
    run_id: 'run-20261130-000000-abcdef',
    trials_per_task: trialsPerTask,
    suite: { name: suiteName },
  });
}

/**
 * One task's trial records from a pattern per attempt: '1' success, '0'
 * failure, 'x' invalid attempt (rerun as the next character). `failure`
 * goes into each failed trial (its failed checks), `labels` into all.
 */
export function buildTrials(
  taskId: string,
  attempts: readonly string[],
  options: {
    readonly labels?: Readonly<Record<string, string>>;
    readonly failure?: Partial<TrialRecord>;
  } = {},
): TrialRecord[] {
  return attempts.flatMap((pattern, index) =>
    [...pattern].map((char, rerun) =>
      buildTrialRecord({
        task_id: taskId,
        attempt: index + 1,
        rerun,
        seed: 100 + index,
        success: char === '1',
        valid: char !== 'x',
        usage: { ...buildTrialRecord({ task_id: taskId, attempt: 1 }).usage, latency_ms: 250 },
        labels: { ...options.labels },
        ...(char === '0' ? options.failure : {}),
      }),
    ),
  );
}
