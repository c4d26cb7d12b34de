import type { HtmlReportSummary, TrialCell } from '../rendering/html-report-data.js';
import { TRIAL_STATUS } from '../rendering/html-report-data.js';

/** The summary with what several sections derive from the grid, computed once. */
export interface ReportModel {
  readonly summary: HtmlReportSummary;
  readonly cells: readonly TrialCell[];
  /** Trial indexes of each task (by the task's index in `summary.grid.tasks`). */
  readonly trialsByTask: readonly (readonly number[])[];
  /** Per task: cost of every attempt, and mean steps of its valid trials. */
  /** Null for a task with a trial whose cost is unknown (an unpriced model). */
  readonly taskCostUsd: readonly (number | null)[];
  readonly taskMeanSteps: readonly number[];
  /** Indexes of valid trials that failed, and of invalid attempts, in report order. */
  readonly failed: readonly number[];
  readonly invalid: readonly number[];
  /** Opens a trial's trace (through the address, so Back closes it). */
  open(index: number): void;
}

export function createReportModel(
  summary: HtmlReportSummary,
  open: (index: number) => void,
): ReportModel {
  const cells = summary.grid.trials;
  const trialsByTask: number[][] = summary.grid.tasks.map(() => []);
  const cost: (number | null)[] = summary.grid.tasks.map(() => 0);
  const steps = summary.grid.tasks.map(() => ({ sum: 0, count: 0 }));
  const failed: number[] = [];
  const invalid: number[] = [];
  cells.forEach((cell, index) => {
    const [task, , , status, , , stepCount, costUsd] = cell;
    trialsByTask[task]?.push(index);
    const sofar = cost[task];
    cost[task] = sofar === null || costUsd === null ? null : (sofar ?? 0) + costUsd;
    if (status === TRIAL_STATUS.invalid) invalid.push(index);
    else {
      const taskSteps = steps[task];
      if (taskSteps !== undefined) {
        taskSteps.sum += stepCount;
        taskSteps.count++;
      }
      if (status === TRIAL_STATUS.failure) failed.push(index);
    }
  });
  return {
    summary,
    cells,
    trialsByTask,
    taskCostUsd: cost,
    taskMeanSteps: steps.map(({ sum, count }) => (count === 0 ? Number.NaN : sum / count)),
    failed,
    invalid,
    open,
  };
}

export const STATUS_NAMES = ['success', 'failure', 'invalid'] as const;

/** `refund-8842 · attempt 2` (with the rerun when there was one). */
export function trialLabel(model: ReportModel, index: number): string {
  const cell = model.cells[index];
  if (cell === undefined) return `trial ${index}`;
  const [task, attempt, rerun] = cell;
  const rerunText = rerun > 0 ? ` (rerun ${rerun})` : '';
  return `${model.summary.grid.tasks[task] ?? '?'} · attempt ${attempt}${rerunText}`;
}

/** The reasons a failed trial failed, as words. */
export function reasonsOf(model: ReportModel, cell: TrialCell): string[] {
  return cell[9].map((reason) => model.summary.grid.reasons[reason] ?? '?');
}
