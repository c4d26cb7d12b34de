import type { RunRecord, SystemSpec } from '../schema/index.js';

export interface RunRecordOverrides extends Partial<Omit<RunRecord, 'suite' | 'system'>> {
  readonly suite?: Partial<RunRecord['suite']>;
  readonly system?: Partial<SystemSpec>;
  /** The simulated agent's options (its slip, say). */
  readonly agentOptions?: SystemSpec['agent']['options'];
}

/**
 * A finished run record of a simulated agent on a suite `demo` whose tasks
 * are all at revision 1, for tests of aggregates and reports. Pass what the
 * test is about.
 */
export function buildRunRecord(
  taskIds: readonly string[],
  overrides: RunRecordOverrides = {},
): RunRecord {
  const { suite, system, agentOptions, ...rest } = overrides;
  return {
    run_id: 'run',
    created_at: '2026-11-30T00:00:00.000Z',
    finished_at: '2026-11-30T00:01:00.000Z',
    status: 'finished',
    system_hash: 'b'.repeat(64),
    trials_per_task: 2,
    seed: 3,
    concurrency: 1,
    max_reruns: 2,
    ...rest,
    suite: {
      name: 'demo',
      path: '/demo',
      hash: 'a'.repeat(64),
      task_ids: [...taskIds],
      revisions: Object.fromEntries(taskIds.map((id) => [id, 1])),
      ...suite,
    },
    system: {
      agent: { kind: 'simulated', name: 'simulated', version: '1', options: agentOptions ?? {} },
      model: null,
      prompt: null,
      user: { kind: 'scripted', prompt_version: null },
      harness_version: '0.0.0',
      grader_version: '1',
      ...system,
    },
  };
}
