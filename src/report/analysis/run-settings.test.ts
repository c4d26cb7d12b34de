import { describe, expect, it } from 'vitest';
import { buildRunRecord } from '../../testing/build-run-record.js';
import { buildTrialRecord } from '../../testing/build-trial-record.js';
import type { RunRecord, SandboxSpec, TrialRecord } from '../../schema/index.js';
import { describeSettingDifferences, runSettings, settingDifferences } from './run-settings.js';

const TASKS = ['refund', 'cancel'];
const trials = (run: RunRecord): TrialRecord[] =>
  run.suite.task_ids.map((task_id) =>
    buildTrialRecord({ task_id, attempt: 1, run_id: run.run_id }),
  );
const settingsOf = (run: RunRecord, of: TrialRecord[] = trials(run)) => runSettings(run, of);
const differences = (a: RunRecord, b: RunRecord) =>
  settingDifferences(settingsOf(a), settingsOf(b));

const FAULTS: NonNullable<RunRecord['faults']> = {
  faults: [{ kind: 'timeout', tool: 'get_order', times: 1, delay_ms: 5 }],
  inject: [],
};

const SANDBOX: SandboxSpec = {
  kind: 'bubblewrap',
  network: 'relay',
  env: [],
  mounts: [],
  limits: { memory_mb: 512, max_processes: 64, file_size_mb: 64, tmp_mb: 64, cpu_s: 60 },
};

describe('settingDifferences', () => {
  it('finds nothing between runs that differ only in their system', () => {
    const a = buildRunRecord(TASKS, { run_id: 'a', agentOptions: { slip: 0.1 } });
    const b = buildRunRecord(TASKS, {
      run_id: 'b',
      agentOptions: { slip: 0.4 },
      trials_per_task: 5,
    });
    expect(differences(a, b)).toEqual([]);
  });

  it('says a run with --faults differs in faults from a clean one, naming the kinds', () => {
    const clean = buildRunRecord(TASKS);
    const flaky = buildRunRecord(TASKS, { faults: FAULTS });
    const [difference, ...rest] = differences(clean, flaky);
    expect(rest).toEqual([]);
    expect(difference).toMatchObject({ setting: 'faults', a: 'none' });
    expect(difference!.b).toMatch(/^timeout \([0-9a-f]{8}\)$/);
  });

  it('takes an empty faults file for no faults', () => {
    const clean = buildRunRecord(TASKS);
    const empty = buildRunRecord(TASKS, { faults: { faults: [], inject: [] } });
    expect(differences(clean, empty)).toEqual([]);
  });

  it('tells two faults files of the same kinds apart', () => {
    const one = buildRunRecord(TASKS, { faults: FAULTS });
    const other = buildRunRecord(TASKS, {
      faults: { faults: [{ ...FAULTS.faults[0]!, probability: 0.5 }], inject: [] },
    });
    const found = differences(one, other);
    expect(found.map((difference) => difference.setting)).toEqual(['faults']);
    expect(found[0]!.a).not.toBe(found[0]!.b);
  });

  it('names a diagnosis mode against a normal run', () => {
    const dialogue = buildRunRecord(TASKS);
    const noUser = buildRunRecord(TASKS, { system: { mode: 'no-user' } });
    expect(differences(dialogue, noUser)).toEqual([
      { setting: 'mode', a: 'dialogue', b: 'no-user' },
    ]);
  });

  it('names a pilot on fewer tasks, with the tasks only one run has', () => {
    const full = buildRunRecord(['a', 'b', 'c', 'd', 'e']);
    const pilot = buildRunRecord(['a']);
    expect(differences(full, pilot)).toEqual([
      { setting: 'tasks', a: '5 task(s), 4 only here (b, c, d, … (+1))', b: '1 task(s)' },
    ]);
  });

  it('names a different suite and suite hash', () => {
    const a = buildRunRecord(TASKS);
    const b = buildRunRecord(TASKS, { suite: { name: 'airline', hash: 'c'.repeat(64) } });
    expect(differences(a, b)).toEqual([
      { setting: 'suite', a: 'demo', b: 'airline' },
      { setting: 'suite_hash', a: 'a'.repeat(12), b: 'c'.repeat(12) },
    ]);
  });

  it('names the perturbations of variant tasks among the trials', () => {
    const base = buildRunRecord(TASKS);
    const variants = buildRunRecord(TASKS);
    const perturbed = trials(variants).map((trial, index) => ({
      ...trial,
      ...(index === 0 ? { variant: { base: 'refund', perturbation: 'typos' } } : {}),
    }));
    expect(settingDifferences(settingsOf(base), settingsOf(variants, perturbed))).toEqual([
      { setting: 'perturbations', a: 'none', b: 'typos' },
    ]);
  });

  it('compares sandboxes when both runs had one: network and limits, not the mounts', () => {
    const relay = buildRunRecord(TASKS, { system: { sandbox: SANDBOX } });
    const host = buildRunRecord(TASKS, { system: { sandbox: { ...SANDBOX, network: 'host' } } });
    const mounted = buildRunRecord(TASKS, {
      system: { sandbox: { ...SANDBOX, mounts: ['/opt/tools'], env: ['HOME'] } },
    });
    const found = differences(relay, host);
    expect(found.map((difference) => difference.setting)).toEqual(['sandbox']);
    expect(found[0]!.a).toContain('network relay');
    expect(found[0]!.b).toContain('network host');
    expect(differences(relay, mounted)).toEqual([]);
    // An in-process agent has no sandbox: comparing it with a program compares agents, not conditions.
    expect(differences(buildRunRecord(TASKS), relay)).toEqual([]);
  });

  it('names graders and judges', () => {
    const a = buildRunRecord(TASKS);
    const b = buildRunRecord(TASKS, {
      system: { grader_version: '2', judge: { provider: 'openai', id: 'gpt-x' } },
    });
    const found = differences(a, b);
    expect(found.map((difference) => [difference.setting, difference.a])).toEqual([
      ['graders', '1'],
      ['judge', 'none'],
    ]);
    expect(found[1]!.b).toMatch(/^openai:gpt-x \([0-9a-f]{8}\)$/);
  });

  it('is symmetric: swapping the runs swaps the values', () => {
    const a = buildRunRecord(TASKS);
    const b = buildRunRecord(['refund'], { faults: FAULTS, system: { mode: 'oracle-plan' } });
    const forward = differences(a, b);
    const backward = differences(b, a);
    expect(
      backward.map(({ setting, a: left, b: right }) => ({ setting, a: right, b: left })),
    ).toEqual(forward);
  });

  it('describes differences as every output names them', () => {
    const a = buildRunRecord(TASKS);
    const b = buildRunRecord(TASKS, { system: { mode: 'no-user' } });
    expect(describeSettingDifferences(differences(a, b))).toBe('mode (A dialogue; B no-user)');
  });
});
