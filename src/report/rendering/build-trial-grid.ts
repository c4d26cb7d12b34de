import type { RunRecord, TrialRecord } from '../../schema/index.js';
import { EXIT_REASONS, INJECTION_FAULT, TERMINAL_REASONS } from '../../schema/index.js';
import { failureReasons } from '../analysis/build-scorecard.js';
import type { HtmlReportSummary, TrialCell, TrialStatus } from './html-report-data.js';
import { TRIAL_FLAGS, TRIAL_STATUS } from './html-report-data.js';

/** Interns strings into a table and returns their indexes. */
function createTable(initial: readonly string[] = []): {
  readonly values: string[];
  indexOf(value: string): number;
} {
  const values = [...initial];
  const positions = new Map(values.map((value, index) => [value, index]));
  return {
    values,
    indexOf(value) {
      let position = positions.get(value);
      if (position === undefined) {
        position = values.length;
        values.push(value);
        positions.set(value, position);
      }
      return position;
    },
  };
}

function statusOf(trial: TrialRecord): TrialStatus {
  if (!trial.valid) return TRIAL_STATUS.invalid;
  return trial.success ? TRIAL_STATUS.success : TRIAL_STATUS.failure;
}

function flagsOf(trial: TrialRecord): number {
  let flags = 0;
  for (const event of trial.events) {
    if (event.kind === 'blocked') flags |= TRIAL_FLAGS.blocked;
    else if (event.kind === 'fault')
      flags |= event.fault === INJECTION_FAULT ? TRIAL_FLAGS.injection : TRIAL_FLAGS.fault;
  }
  return flags;
}

/**
 * The compact grid of a run's trials (task × attempt → status, reasons),
 * in the order given: a trial's position is its index in the report.
 * Tasks are the run's, in its order, then any stored task it does not list.
 */
export function buildTrialGrid(
  run: RunRecord,
  trials: readonly TrialRecord[],
): HtmlReportSummary['grid'] {
  const tasks = createTable(run.suite.task_ids);
  const exits = createTable(EXIT_REASONS);
  const terminals = createTable(TERMINAL_REASONS);
  const reasons = createTable();
  const cells = trials.map((trial): TrialCell => [
    tasks.indexOf(trial.task_id),
    trial.attempt,
    trial.rerun,
    statusOf(trial),
    exits.indexOf(trial.exit_reason),
    terminals.indexOf(trial.terminal_reason),
    trial.usage.steps,
    trial.usage.cost_usd,
    flagsOf(trial),
    trial.valid && !trial.success
      ? failureReasons(trial).map((reason) => reasons.indexOf(reason))
      : [],
  ]);
  return {
    tasks: tasks.values,
    exit_reasons: exits.values,
    terminal_reasons: terminals.values,
    reasons: reasons.values,
    trials: cells,
  };
}
