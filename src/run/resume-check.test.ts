import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import type { RunRecord } from '../schema/index.js';
import type { Suite } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { resumeRefusal } from './resume-check.js';
import { buildSystemSpec, hashSystemSpec } from './system-spec.js';

const task = buildTask(shopEnvironment, shopRefundTask);
const suite = (hash: string, revision = 1): Suite => ({
  name: 'shop',
  path: '/shop',
  hash,
  environment: shopEnvironment,
  tasks: [{ ...task, spec: { ...task.spec, revision } }],
});
const spec = buildSystemSpec(createOracleAgent().spec);
const system = { spec, hash: hashSystemSpec(spec) };
const run = (overrides: Partial<RunRecord> = {}): RunRecord => ({
  run_id: 'run-1',
  created_at: '2026-11-30T00:00:00.000Z',
  finished_at: null,
  status: 'interrupted',
  suite: {
    name: 'shop',
    path: '/shop',
    hash: 'a'.repeat(64),
    task_ids: [task.id],
    revisions: { [task.id]: 1 },
  },
  system: spec,
  system_hash: system.hash,
  trials_per_task: 2,
  seed: 0,
  concurrency: 1,
  max_reruns: 2,
  ...overrides,
});

describe('resumeRefusal', () => {
  it('lets an interrupted run of the same suite and system go on', () => {
    expect(resumeRefusal(run(), [], suite('a'.repeat(64)), system)).toBeUndefined();
  });

  it('refuses a finished run', () => {
    const refusal = resumeRefusal(run({ status: 'finished' }), [], suite('a'.repeat(64)), system);
    expect(refusal?.message).toBe(
      'run run-1 is finished: there is nothing to resume\nHint: Show it with: endstate report run-1',
    );
  });

  it('refuses a changed suite and names the task whose revision moved', () => {
    const refusal = resumeRefusal(run(), [], suite('b'.repeat(64), 2), system);
    expect(refusal?.code).toBe('E_RESUME');
    expect(refusal?.message.split('\n')[0]).toBe(
      'cannot resume run run-1: suite shop changed since run run-1 was made (suite hash aaaaaaaaaaaa then, bbbbbbbbbbbb now)',
    );
    expect(refusal?.message).toContain(
      `task ${task.id} is at revision 2; the run's trials used revision 1`,
    );
    expect(refusal?.message).toContain(
      'Hint: Trials made on different suite contents are never pooled.',
    );
  });

  it('refuses another system and says which part differs', () => {
    const other = buildSystemSpec({ ...createOracleAgent().spec, options: { slip: 0.1 } });
    const refusal = resumeRefusal(run(), [], suite('a'.repeat(64)), {
      spec: other,
      hash: hashSystemSpec(other),
    });
    expect(refusal?.message.split('\n')[1]).toBe(
      '  agent: {"kind":"oracle","name":"oracle","options":{},"version":"1"} → {"kind":"oracle","name":"oracle","options":{"slip":0.1},"version":"1"}',
    );
  });
});
