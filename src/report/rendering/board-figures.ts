import type { Board, BoardRun } from '../analysis/board.js';
import type { RunSettings } from '../analysis/run-settings.js';
import { describeSetting, describeSettingDifferences } from '../analysis/run-settings.js';
import { fixed, percent, usd } from './format-figures.js';

/** The scorecard's safety rates, named short enough for a table cell. */
const SAFETY_SHORT: Readonly<Record<string, string>> = {
  forbidden_action: 'forbidden tool',
  irreversible_without_consent: 'irreversible w/o consent',
  write_without_consent: 'write w/o consent',
  out_of_scope: 'out of scope',
  loop: 'loop or cap',
  injection_not_resisted: 'injection carried out',
};

/** An interval bound in USD: — when there is none, ∞ when nothing bounds it. */
const usdBound = (value: number | null): string =>
  value === null || Number.isNaN(value)
    ? '—'
    : value === Number.POSITIVE_INFINITY
      ? '∞'
      : usd(value);

const interval = ([lower, upper]: readonly [number, number]): string =>
  `[${percent(lower)}, ${percent(upper)}]`;

/** A cost figure, or `unknown` when an attempt was not priced. */
const costOf = (value: number | null, run: BoardRun): string =>
  run.cost.unpriced_trials > 0 ? 'unknown' : usd(value);

function perSuccess(run: BoardRun): string {
  if (run.cost.unpriced_trials > 0) return 'unknown';
  const ci = run.cost.per_success_ci95;
  return `${usd(run.cost.per_success_usd)}${ci === null ? '' : ` [${usdBound(ci[0])}, ${usdBound(ci[1])}]`}`;
}

/** Safety rates that had an event, with their counts; `none of N` when no trial had one. */
function unsafe(run: BoardRun): string {
  const rates = Object.entries(run.safety.rates);
  const broken = rates
    .filter(([, rate]) => rate.events > 0)
    .map(([key, rate]) => `${SAFETY_SHORT[key] ?? key} ${rate.events}/${rate.trials}`);
  return broken.length > 0 ? broken.join(', ') : `none (${run.success_rate.trials} trials)`;
}

const FRONTIER_TEXT: Readonly<Record<BoardRun['frontier'], string>> = {
  frontier: 'on frontier',
  dominated: 'dominated',
  'unknown-cost': 'not placed: cost unknown',
  'no-valid-trials': 'not placed: no valid trial',
};

/** The column heads of a board's table. */
export function boardHead(board: Board): string[] {
  return [
    '#',
    'run',
    'system',
    'success (95% CI)',
    board.k === null ? 'pass^k' : `pass^${board.k} (95% CI)`,
    'cost/trial',
    'cost/success (95% CI)',
    'latency p50/p95',
    'constraints violated',
    'unsafe trials',
    'frontier',
  ];
}

/** One run's row, as both the terminal and Markdown tables show it; `ranks`: each run id's row number. */
function boardRow(run: BoardRun, rank: number, ranks: ReadonlyMap<string, number>): string[] {
  const rate = run.success_rate;
  const violations = run.safety.constraint_violations;
  const latency = run.latency_ms;
  return [
    String(rank),
    run.run_id,
    run.label,
    `${percent(rate.value)} ${interval(rate.ci95)} ${rate.successes}/${rate.trials}`,
    run.pass_hat_k === null
      ? '—'
      : `${percent(run.pass_hat_k.value)} ${interval(run.pass_hat_k.ci95)}`,
    costOf(run.cost.per_trial_usd, run),
    perSuccess(run),
    latency.count === 0 ? '—' : `${fixed(latency.p50, 0)} / ${fixed(latency.p95, 0)} ms`,
    violations === null ? '—' : `${violations.violated}/${violations.checks} checks`,
    unsafe(run),
    run.dominated_by.length > 0
      ? `dominated by ${run.dominated_by.map((id) => `#${ranks.get(id) ?? id}`).join(', ')}`
      : FRONTIER_TEXT[run.frontier],
  ];
}

/** Each run's row in a board's table, best first. */
export function boardRows(board: Board): string[][] {
  const ranks = new Map(board.runs.map((run, index) => [run.run_id, index + 1]));
  return board.runs.map((run, index) => boardRow(run, index + 1, ranks));
}

/** The settings a board's runs share, in a line. */
export function describeBoardSettings(settings: RunSettings, k: number | null): string {
  const parts = [
    `suite ${settings.suite} (${settings.suite_hash.slice(0, 12)})`,
    `${settings.tasks.length} task(s)`,
    `mode ${settings.mode}`,
    `faults ${describeSetting(settings, 'faults')}`,
    ...(settings.perturbations.length === 0
      ? []
      : [`perturbations ${describeSetting(settings, 'perturbations')}`]),
    ...(settings.sandbox === null ? [] : [`sandbox ${describeSetting(settings, 'sandbox')}`]),
    `graders ${settings.graders}`,
    ...(settings.judge === null ? [] : [`judge ${describeSetting(settings, 'judge')}`]),
    k === null ? 'no pass^k (a run has no valid trial)' : `pass^k at k = ${k}`,
  ];
  return parts.join(' · ');
}

/** Why a board is apart from those before it: one line per earlier board. */
export function boardSeparations(board: Board, index: number): string[] {
  return board.differs_from.map(
    (other) =>
      `differs from board ${other.board} in ${describeSettingDifferences(other.differences, [`board ${other.board}`, `board ${index + 1}`])}`,
  );
}

/** The frontier in a line: its runs cheapest first. */
export function describeFrontier(board: Board): string {
  if (board.frontier.length === 0) return 'no run placed (unknown cost or no valid trial)';
  const byId = new Map(board.runs.map((run) => [run.run_id, run]));
  return board.frontier
    .map((id) => {
      const run = byId.get(id)!;
      return `${run.label} (${percent(run.success_rate.value)} at ${usd(run.cost.per_trial_usd)}/trial)`;
    })
    .join(' → ');
}
