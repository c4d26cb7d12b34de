import { canonicalJson, hashJson, jsonEqual } from '../../core/index.js';
import type { DiagnosisMode, RunRecord, SandboxSpec, TrialRecord } from '../../schema/index.js';

/**
 * The part of a sandbox that changes what an agent can do, and so what its
 * results mean: whether it was isolated, its network and the hosts it could
 * reach, its limits. The variables passed through, the mounts and the
 * agent's folder belong to the agent program itself, and where the seccomp
 * filter was built to the machine.
 */
export interface SandboxSettings {
  readonly kind: SandboxSpec['kind'];
  readonly network: SandboxSpec['network'];
  readonly allow_hosts: readonly string[];
  /** Null when the run recorded none (older runs). */
  readonly limits: NonNullable<SandboxSpec['limits']> | null;
}

/**
 * What a run was played under besides the system it evaluated: the
 * conditions two runs must share before their figures are ranked or paired
 * as one measurement. Read from the run record (and its trials, for the
 * perturbations of its variant tasks).
 */
export interface RunSettings {
  /** The suite's name. */
  readonly suite: string;
  /** The suite's content hash: every file of the suite. */
  readonly suite_hash: string;
  /** The tasks the run played, sorted (a `--tasks` pilot plays fewer). */
  readonly tasks: readonly string[];
  /** `dialogue` for a normal run, else the diagnosis mode. */
  readonly mode: DiagnosisMode;
  /** Faults and injections added to every task (`--faults`); null without. */
  readonly faults: NonNullable<RunRecord['faults']> | null;
  /** Perturbation kinds of the variant tasks among the run's trials, sorted; empty when none. */
  readonly perturbations: readonly string[];
  /** Command and mcp agents' sandbox; null for agents that run inside endstate (and older runs). */
  readonly sandbox: SandboxSettings | null;
  /** The run's grader version. */
  readonly graders: string;
  /** The judge model of the tasks' rubrics (`--judge`); null when none. */
  readonly judge: Readonly<Record<string, unknown>> | null;
}

/** A setting by its name in `RunSettings`. */
export type SettingName = keyof RunSettings;

/** One setting two runs differ in, each side's value in words. */
export interface SettingDifference {
  readonly setting: SettingName;
  /** The first run's value, as the reports show it. */
  readonly a: string;
  /** The second run's value. */
  readonly b: string;
}

/** The settings of a run, read from its record and its trials. */
export function runSettings(run: RunRecord, trials: readonly TrialRecord[]): RunSettings {
  const perturbations = new Set<string>();
  for (const trial of trials) {
    if (trial.variant !== undefined) perturbations.add(trial.variant.perturbation);
  }
  const sandbox = run.system.sandbox;
  const faults = run.faults;
  const hasFaults = faults !== undefined && (faults.faults.length > 0 || faults.inject.length > 0);
  return {
    suite: run.suite.name,
    suite_hash: run.suite.hash,
    tasks: [...run.suite.task_ids].sort(),
    mode: run.system.mode ?? 'dialogue',
    faults: hasFaults ? faults : null,
    perturbations: [...perturbations].sort(),
    sandbox:
      sandbox === undefined
        ? null
        : {
            kind: sandbox.kind,
            network: sandbox.network,
            allow_hosts: [...(sandbox.allow_hosts ?? [])].sort(),
            limits: sandbox.limits ?? null,
          },
    graders: run.system.grader_version,
    judge: run.system.judge ?? null,
  };
}

function describeFaults(faults: RunSettings['faults']): string {
  if (faults === null) return 'none';
  const kinds = new Map<string, number>();
  for (const fault of faults.faults) kinds.set(fault.kind, (kinds.get(fault.kind) ?? 0) + 1);
  const parts = [...kinds].map(([kind, count]) => (count === 1 ? kind : `${kind} ×${count}`));
  if (faults.inject.length > 0) parts.push(`${faults.inject.length} injection(s)`);
  // Two files of the same kinds differ in their targets or rates: the hash tells them apart.
  return `${parts.join(', ')} (${hashJson(faults).slice(0, 8)})`;
}

function describeSandboxSettings(sandbox: SandboxSettings | null): string {
  if (sandbox === null) return 'none (in-process agent)';
  if (sandbox.kind === 'none') return `unisolated (--no-sandbox), network ${sandbox.network}`;
  const hosts = sandbox.allow_hosts.length === 0 ? '' : ` to ${sandbox.allow_hosts.join(', ')}`;
  const { limits: bounds } = sandbox;
  const limits =
    bounds === null
      ? ''
      : `, ${bounds.memory_mb} MiB, ${bounds.max_processes} processes, ${bounds.file_size_mb} MiB files, ${bounds.tmp_mb} MiB /tmp, ${bounds.cpu_s} s CPU`;
  return `bubblewrap, network ${sandbox.network}${hosts}${limits}`;
}

function describeTasks(tasks: readonly string[], other: readonly string[]): string {
  const inOther = new Set(other);
  const only = tasks.filter((task) => !inOther.has(task));
  const shown = only.slice(0, 3).join(', ');
  const more = only.length > 3 ? `, … (+${only.length - 3})` : '';
  return only.length === 0
    ? `${tasks.length} task(s)`
    : `${tasks.length} task(s), ${only.length} only here (${shown}${more})`;
}

const listOrNone = (values: readonly string[]): string =>
  values.length === 0 ? 'none' : values.join(', ');

function describeJudge(judge: RunSettings['judge']): string {
  if (judge === null) return 'none';
  const { provider, id } = judge;
  return typeof provider === 'string' && typeof id === 'string'
    ? `${provider}:${id} (${hashJson(judge).slice(0, 8)})`
    : canonicalJson(judge);
}

/**
 * Each setting, how to tell whether two runs share it, and how to show it.
 * Sandboxes are compared only when both runs had one: an in-process agent
 * has none, and comparing it with a sandboxed program compares agents, not
 * conditions.
 */
const SETTINGS: readonly {
  readonly setting: SettingName;
  readonly differs: (a: RunSettings, b: RunSettings) => boolean;
  readonly describe: (own: RunSettings, other: RunSettings) => string;
}[] = [
  {
    setting: 'suite',
    differs: (a, b) => a.suite !== b.suite,
    describe: (own) => own.suite,
  },
  {
    setting: 'suite_hash',
    differs: (a, b) => a.suite_hash !== b.suite_hash,
    describe: (own) => own.suite_hash.slice(0, 12),
  },
  {
    setting: 'tasks',
    differs: (a, b) => !jsonEqual(a.tasks, b.tasks),
    describe: (own, other) => describeTasks(own.tasks, other.tasks),
  },
  { setting: 'mode', differs: (a, b) => a.mode !== b.mode, describe: (own) => own.mode },
  {
    setting: 'faults',
    differs: (a, b) => !jsonEqual(a.faults, b.faults),
    describe: (own) => describeFaults(own.faults),
  },
  {
    setting: 'perturbations',
    differs: (a, b) => !jsonEqual(a.perturbations, b.perturbations),
    describe: (own) => listOrNone(own.perturbations),
  },
  {
    setting: 'sandbox',
    differs: (a, b) => a.sandbox !== null && b.sandbox !== null && !jsonEqual(a.sandbox, b.sandbox),
    describe: (own) => describeSandboxSettings(own.sandbox),
  },
  {
    setting: 'graders',
    differs: (a, b) => a.graders !== b.graders,
    describe: (own) => own.graders,
  },
  {
    setting: 'judge',
    differs: (a, b) => !jsonEqual(a.judge, b.judge),
    describe: (own) => describeJudge(own.judge),
  },
];

/**
 * The settings two runs differ in, in a fixed order (suite, suite hash,
 * tasks, mode, faults, perturbations, sandbox, graders, judge), each with
 * both values in words; empty when their figures measure the same thing.
 * What differs in the systems themselves (agent, model, prompt) is
 * `systemDifferences`' to say; a run's mode and sandbox are in both.
 *
 * @example
 * settingDifferences(runSettings(clean, cleanTrials), runSettings(flaky, flakyTrials));
 * // [{ setting: 'faults', a: 'none', b: 'timeout, rate_limit, 1 injection(s) (3f2a9c01)' }]
 */
export function settingDifferences(a: RunSettings, b: RunSettings): SettingDifference[] {
  return SETTINGS.filter((entry) => entry.differs(a, b)).map((entry) => ({
    setting: entry.setting,
    a: entry.describe(a, b),
    b: entry.describe(b, a),
  }));
}

/** One setting of a run in words, as the differences show it (`timeout, lost_ack (3f2a9c01)`). */
export function describeSetting(settings: RunSettings, setting: SettingName): string {
  const entry = SETTINGS.find((candidate) => candidate.setting === setting)!;
  return entry.describe(settings, settings);
}

/** `faults (A none; B timeout, …)`, one per difference, joined: how every output names them. */
export function describeSettingDifferences(
  differences: readonly SettingDifference[],
  labels: readonly [string, string] = ['A', 'B'],
): string {
  return differences
    .map(
      (difference) =>
        `${difference.setting} (${labels[0]} ${difference.a}; ${labels[1]} ${difference.b})`,
    )
    .join(' · ');
}
