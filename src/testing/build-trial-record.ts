import type { TrialRecord } from '../schema/index.js';
import { TRIAL_RECORD_VERSION } from '../schema/index.js';

/**
 * A trial record with plausible defaults, for tests of aggregates. Pass
 * what the test is about; `success` and `valid` set the terminal reason.
 */
export function buildTrialRecord(
  overrides: Partial<TrialRecord> & { task_id: string; attempt: number },
): TrialRecord {
  const success = overrides.success ?? false;
  const valid = overrides.valid ?? true;
  const rerun = overrides.rerun ?? 0;
  return {
    record_version: TRIAL_RECORD_VERSION,
    trial_id: `run/${overrides.task_id}/${overrides.attempt}.${rerun}`,
    run_id: 'run',
    task_revision: 1,
    labels: {},
    suite_hash: 'suite',
    system_hash: 'system',
    rerun,
    seed: 1,
    initial_state_hash: 'a',
    final_state_hash: 'b',
    state_diff: {},
    events: [],
    final_answer: null,
    exit_reason: valid ? 'finished' : 'tool_crash',
    terminal_reason: !valid ? 'environment_failure' : success ? 'success' : 'agent_failure',
    grades: {
      outcome: {
        version: '3',
        role: 'gate',
        pass: success,
        score: null,
        checks: [],
        evidence: null,
        error: null,
      },
    },
    partial_score: null,
    error: null,
    usage: {
      steps: 1,
      tool_calls: 1,
      model_calls: 0,
      input_tokens: 0,
      output_tokens: 0,
      cached_input_tokens: 0,
      cost_usd: 0,
      latency_ms: 1,
      wait_ms: 0,
      retries: 0,
      user_model_calls: 0,
      user_cost_usd: 0,
    },
    started_at: '2026-11-30T00:00:00.000Z',
    success,
    valid,
    ...overrides,
  };
}
