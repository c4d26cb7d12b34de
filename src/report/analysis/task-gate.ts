import { EndstateError } from '../../core/index.js';
import type { Problem } from '../../core/index.js';
import type { TaskSummary } from '../scorecard.js';

/** The task label that sets a task's own gate: `labels: { gate: 0.75 }`. */
export const GATE_LABEL = 'gate';

/** The gate of a task without a label (`--task-gate`): every trial must succeed. */
export const DEFAULT_TASK_GATE = 1;

/**
 * A value this close under a gate meets it: rates are means of fractions,
 * so a rate of 0.8 may come out as 0.7999999999999999.
 */
const TOLERANCE = 1e-9;

/** Whether a figure meets a gate (at the gate passes; NaN never does). */
export function meetsGate(value: number, threshold: number): boolean {
  return value >= threshold - TOLERANCE;
}

/** The least success rate a task needs, and where it was set. */
export interface TaskGate {
  readonly value: number;
  /** `label`: the task's `gate` label; `default`: `--task-gate` (1 unless given). */
  readonly source: 'label' | 'default';
}

/** A task against its gate. `error`: no valid trial to judge it on. */
export type TaskVerdict =
  | { readonly type: 'pass'; readonly task: TaskSummary; readonly gate: TaskGate }
  | { readonly type: 'fail'; readonly task: TaskSummary; readonly gate: TaskGate }
  | {
      readonly type: 'error';
      readonly task: TaskSummary;
      readonly gate: TaskGate;
      /** `invalid`: every attempt was invalid; `missing`: no attempt is stored (an interrupted run). */
      readonly reason: 'invalid' | 'missing';
    };

function parseGateLabel(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1
    ? undefined
    : value;
}

/** Every `gate` label that is not a number between 0 and 1, as problems (all at once). */
export function gateLabelProblems(
  tasks: readonly {
    readonly id: string;
    readonly labels: Readonly<Record<string, string>>;
    readonly file?: string;
  }[],
): Problem[] {
  return tasks.flatMap((task) => {
    const text = task.labels[GATE_LABEL];
    if (text === undefined || parseGateLabel(text) !== undefined) return [];
    return [
      {
        ...(task.file === undefined ? {} : { file: task.file }),
        path: `labels.${GATE_LABEL}`,
        message: `task ${task.id}: the gate must be a success rate between 0 and 1, got "${text}"`,
      },
    ];
  });
}

/** Throws, listing every bad `gate` label, unless all are rates between 0 and 1. */
export function checkGateLabels(tasks: Parameters<typeof gateLabelProblems>[0]): void {
  const problems = gateLabelProblems(tasks);
  if (problems.length === 0) return;
  throw new EndstateError('E_TASK_INVALID', `${problems.length} task(s) have a bad gate label`, {
    problems,
    hint: `Write the least success rate the task needs, e.g. labels: { ${GATE_LABEL}: 0.75 }, or drop the label to use --task-gate.`,
  });
}

/**
 * Each task against its gate: its `gate` label, else `defaultGate`. A
 * task passes when its success rate over valid trials meets the gate.
 */
export function judgeTasks(
  tasks: readonly TaskSummary[],
  defaultGate: number,
): readonly TaskVerdict[] {
  checkGateLabels(tasks.map((task) => ({ id: task.task_id, labels: task.labels })));
  return tasks.map((task): TaskVerdict => {
    const label = task.labels[GATE_LABEL];
    const gate: TaskGate =
      label === undefined
        ? { value: defaultGate, source: 'default' }
        : { value: parseGateLabel(label)!, source: 'label' };
    if (task.trials === 0) {
      return {
        type: 'error',
        task,
        gate,
        reason: task.invalid_attempts > 0 ? 'invalid' : 'missing',
      };
    }
    return meetsGate(task.success_rate, gate.value)
      ? { type: 'pass', task, gate }
      : { type: 'fail', task, gate };
  });
}
