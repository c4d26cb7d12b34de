import type { RunRecord, TrialRecord } from '../../src/schema/index.js';
import { buildTrialRecord } from '../../src/testing/index.js';

/** A finished run record of `taskIds` × `trialsPerTask`, for report tests. */
export function buildRun(
  taskIds: readonly string[],
  trialsPerTask: number,
  suiteName = 'demo',
): RunRecord {
  return {
    run_id: 'run-20261130-000000-abcdef',
    created_at: '2026-11-30T00:00:00.000Z',
    finished_at: '2026-11-30T00:01:00.000Z',
    status: 'finished',
    suite: {
      name: suiteName,
      path: '/demo',
      hash: 'a'.repeat(64),
      task_ids: [...taskIds],
      revisions: Object.fromEntries(taskIds.map((id) => [id, 1])),
    },
    system: {
      agent: { kind: 'simulated', name: 'simulated', version: '1', options: {} },
      model: null,
      prompt: null,
      user: { kind: 'scripted', prompt_version: null },
      harness_version: '0.0.0',
      grader_version: '1',
    },
    system_hash: 'b'.repeat(64),
    trials_per_task: trialsPerTask,
    seed: 3,
    concurrency: 1,
    max_reruns: 2,
  };
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
