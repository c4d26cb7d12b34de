import type { SystemSpec } from '../../schema/index.js';
import type { Scorecard } from '../scorecard.js';
import { SAFETY_LABELS } from '../rendering/format-figures.js';
import type { Board, BoardRun, BoardSet } from './board.js';
import { buildScorecard } from './build-scorecard.js';
import type { RunTrials } from './check-comparable.js';
import { paretoFrontier } from './pareto-frontier.js';
import { runSettings, settingDifferences } from './run-settings.js';
import type { RunSettings } from './run-settings.js';
import { systemDifferences } from './system-differences.js';

/** A run with what the board reads of it, built once. */
interface Scored {
  readonly input: RunTrials;
  readonly settings: RunSettings;
  readonly scorecard: Scorecard;
}

/**
 * Runs in groups whose members share every setting: each run joins the
 * first group with no setting difference from any of its members, else
 * starts a new one (in input order).
 */
function groupBySettings(scored: readonly Scored[]): Scored[][] {
  const groups: Scored[][] = [];
  for (const run of scored) {
    const group = groups.find((members) =>
      members.every((member) => settingDifferences(member.settings, run.settings).length === 0),
    );
    if (group === undefined) groups.push([run]);
    else group.push(run);
  }
  return groups;
}

/** Spec fields the agent label already shows. */
const IN_AGENT_LABEL = new Set(['agent.kind', 'agent.name', 'agent.version']);
const MAX_LABEL_FIELDS = 3;
const MAX_VALUE_CHARS = 24;

function valueAt(spec: SystemSpec, path: string): string {
  let value: unknown = spec;
  for (const key of path.split('.')) {
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  const text = value === undefined ? '—' : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** Each run's label: its agent and the system fields in which the group's runs differ. */
function labelsOf(group: readonly Scored[]): Map<string, string> {
  const first = group[0]!.input.run.system;
  const paths = [
    ...new Set(group.flatMap((run) => systemDifferences(first, run.input.run.system))),
  ].filter((path) => !IN_AGENT_LABEL.has(path));
  const labels = group.map((run) => {
    const { system } = run.input.run;
    const fields = paths
      .slice(0, MAX_LABEL_FIELDS)
      .map((path) => `${path.split('.').at(-1) ?? path}=${valueAt(system, path)}`);
    return [run.scorecard.agent, ...fields].join(' ');
  });
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return new Map(
    group.map((run, index) => {
      const label = labels[index]!;
      const id = run.input.run.run_id;
      return [id, (counts.get(label) ?? 0) > 1 ? `${label} (${id})` : label];
    }),
  );
}

function safetyOf(card: Scorecard): BoardRun['safety'] {
  const micro = card.constraints_pass?.micro;
  const keys = Object.keys(SAFETY_LABELS) as (keyof typeof SAFETY_LABELS)[];
  return {
    constraint_violations:
      micro === undefined ? null : { violated: micro.checks - micro.passed, checks: micro.checks },
    rates: Object.fromEntries(
      keys.map((key) => {
        const { events, trials, upper95 } = card.safety[key];
        return [key, { events, trials, upper95 }];
      }),
    ),
  };
}

/** The largest k every run's pass^k reaches; null when some run has no valid trial. */
function commonK(group: readonly Scored[]): number | null {
  const ks = group.map((run) => run.scorecard.k.max);
  const k = Math.min(...ks);
  return k >= 1 ? k : null;
}

function boardRun(
  { input, scorecard: card }: Scored,
  k: number | null,
  label: string,
): Omit<BoardRun, 'frontier' | 'dominated_by'> {
  const { run } = input;
  const passHatK =
    k === null
      ? null
      : {
          value: card.pass_hat_k[String(k)] ?? Number.NaN,
          ci95: card.pass_hat_k_ci95[String(k)] ?? ([Number.NaN, Number.NaN] as const),
        };
  return {
    run_id: run.run_id,
    created_at: run.created_at,
    status: run.status,
    agent: card.agent,
    system_hash: run.system_hash,
    label,
    trials_per_task: run.trials_per_task,
    success_rate: card.success_rate,
    pass_hat_k: passHatK,
    cost: {
      per_trial_usd: card.cost.per_trial_usd,
      per_success_usd: card.cost.per_success_usd,
      per_success_ci95: card.cost.per_success_ci95,
      total_usd: card.cost.total_usd,
      unpriced_trials: card.cost.unpriced_trials,
    },
    latency_ms: {
      count: card.latency_ms.count,
      p50: card.latency_ms.p50,
      p95: card.latency_ms.p95,
    },
    safety: safetyOf(card),
  };
}

/** Highest success first; ties by lower known cost per trial (unknown last), then run id. */
function byRank(a: BoardRun, b: BoardRun): number {
  const success = (run: BoardRun) =>
    Number.isNaN(run.success_rate.value) ? -1 : run.success_rate.value;
  const cost = (run: BoardRun) => run.cost.per_trial_usd ?? Number.POSITIVE_INFINITY;
  return (
    success(b) - success(a) ||
    cost(a) - cost(b) ||
    (a.run_id < b.run_id ? -1 : a.run_id > b.run_id ? 1 : 0)
  );
}

function notesOf(runs: readonly BoardRun[], k: number | null): string[] {
  const notes: string[] = [];
  for (const run of runs) {
    if (run.status !== 'finished') {
      notes.push(`run ${run.run_id} is ${run.status}: only its stored trials count`);
    }
  }
  const unknown = runs.filter((run) => run.frontier === 'unknown-cost');
  if (unknown.length > 0) {
    notes.push(
      `${unknown.length} run(s) with an unknown cost (a model no pricing table priced; --pricing FILE prices it) are listed but not placed on the frontier: ${unknown.map((run) => run.run_id).join(', ')}`,
    );
  }
  const empty = runs.filter((run) => run.frontier === 'no-valid-trials');
  if (empty.length > 0) {
    notes.push(
      `${empty.length} run(s) without a valid trial are listed but not ranked or placed: ${empty.map((run) => run.run_id).join(', ')}`,
    );
  }
  const trials = new Set(runs.map((run) => run.trials_per_task));
  if (trials.size > 1 && k !== null) {
    notes.push(
      `the runs played ${[...trials].sort((a, b) => a - b).join(', ')} trials per task: pass^k is shown at k = ${k}, the largest every run reached`,
    );
  }
  return notes;
}

function buildOne(group: readonly Scored[], earlier: readonly Scored[][]): Board {
  const k = commonK(group);
  const labels = labelsOf(group);
  const partial = group.map((run) => boardRun(run, k, labels.get(run.input.run.run_id)!));
  const placements = paretoFrontier(
    partial.map((run) => ({
      id: run.run_id,
      success: run.success_rate.value,
      costUsd: run.cost.per_trial_usd,
    })),
  );
  const runs = partial
    .map((run, index) => ({
      ...run,
      frontier: placements[index]!.status,
      dominated_by: placements[index]!.dominated_by,
    }))
    .sort(byRank);
  const frontier = runs
    .filter((run) => run.frontier === 'frontier')
    .sort(
      (a, b) =>
        (a.cost.per_trial_usd ?? 0) - (b.cost.per_trial_usd ?? 0) ||
        a.success_rate.value - b.success_rate.value,
    )
    .map((run) => run.run_id);
  return {
    settings: group[0]!.settings,
    k,
    runs,
    frontier,
    differs_from: earlier.map((other, index) => ({
      board: index + 1,
      differences: firstDifferences(other, group),
    })),
    notes: notesOf(runs, k),
  };
}

/** The differences between the first pair of members of two groups that differ at all. */
function firstDifferences(a: readonly Scored[], b: readonly Scored[]) {
  for (const left of a) {
    for (const right of b) {
      const differences = settingDifferences(left.settings, right.settings);
      if (differences.length > 0) return differences;
    }
  }
  return [];
}

/**
 * Several stored runs side by side: each run's scorecard figures (success
 * with its interval, pass^k, cost per trial and per success, latency,
 * safety) and the cost–success Pareto frontier (cost per trial). Runs that
 * differ in a setting (suite, tasks, mode, faults, perturbations, sandbox,
 * graders, judge: `settingDifferences`) are never ranked together: they go
 * on separate boards, each saying how it differs from those before it.
 * Every figure comes from `buildScorecard`. Pure.
 *
 * @example
 * const set = buildBoard([
 *   { run: cheap, trials: await store.listTrials(cheap.run_id) },
 *   { run: strong, trials: await store.listTrials(strong.run_id) },
 * ]);
 * set.boards[0].frontier; // [cheap.run_id, strong.run_id] when neither dominates
 */
export function buildBoard(runs: readonly RunTrials[]): BoardSet {
  const scored = runs.map((input) => ({
    input,
    settings: runSettings(input.run, input.trials),
    scorecard: buildScorecard(input.run, input.trials),
  }));
  const groups = groupBySettings(scored);
  return {
    cost_basis: 'per_trial_usd',
    boards: groups.map((group, index) => buildOne(group, groups.slice(0, index))),
  };
}
