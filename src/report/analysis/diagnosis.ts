import type { DiagnosisMode } from '../../schema/index.js';
import type { PairedDifference } from './comparison.js';
import type { RateSummary } from '../scorecard.js';

/** Where a task's failure is put: the first mode, in order, whose help made it pass. */
export type DiagnosisStage = 'passed' | 'dialogue' | 'planning' | 'execution' | 'unknown';

/** One mode's run and its success rate, as the scorecard gives it. */
export interface DiagnosedRun {
  readonly mode: DiagnosisMode;
  readonly run_id: string;
  readonly system_hash: string;
  readonly agent: string;
  readonly trials_per_task: number;
  /** Task-weighted success with its clustered 95% interval and denominators (the scorecard's). */
  readonly success_rate: RateSummary;
}

/** B − A over the tasks both modes ran, paired by task (the method of `endstate compare`). */
export interface ModeDifference {
  readonly a: DiagnosisMode;
  readonly b: DiagnosisMode;
  /** What the difference measures, in words. */
  readonly meaning: string;
  readonly difference: PairedDifference;
  /** Tasks whose own change passes Boschloo's exact test (Holm-adjusted). */
  readonly improved: readonly string[];
  readonly regressed: readonly string[];
}

/** One task's success rate per mode, its verdicts and the stage its failure is put at. */
export interface TaskDiagnosis {
  readonly task_id: string;
  /** Success rate over valid trials; null when the mode has no valid trial of the task. */
  readonly rates: Readonly<Record<DiagnosisMode, number | null>>;
  /** Valid trials per mode. */
  readonly trials: Readonly<Record<DiagnosisMode, number>>;
  readonly stage: DiagnosisStage;
}

/** The three rates side by side, their paired differences and each task's attribution. */
export interface Diagnosis {
  readonly suite: { readonly name: string; readonly hash: string };
  /** dialogue, no-user, oracle-plan, in that order. */
  readonly runs: readonly DiagnosedRun[];
  /** dialogue → no-user, then no-user → oracle-plan. */
  readonly differences: readonly ModeDifference[];
  readonly attribution: {
    /** The rule, in words (docs/statistics.md, Diagnosis modes). */
    readonly rule: string;
    /** A task passes in a mode when its success rate over valid trials is above this. */
    readonly pass_above: number;
    readonly counts: Readonly<Record<DiagnosisStage, number>>;
    /** The task ids put at each stage. */
    readonly tasks_by_stage: Readonly<Record<DiagnosisStage, readonly string[]>>;
  };
  readonly tasks: readonly TaskDiagnosis[];
  readonly notes: readonly string[];
}
