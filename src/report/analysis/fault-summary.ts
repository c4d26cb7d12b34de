import { INJECTION_FAULT } from '../../schema/index.js';
import type { FaultEvent, TrialRecord } from '../../schema/index.js';
import { mean, pairedTTest } from '../../stats/index.js';
import { summariseInjection } from './injection-summary.js';
import type { InjectionSummary } from './injection-summary.js';

/** Successes out of trials; the rate is NaN (null in JSON) when there were none. */
export interface Tally {
  readonly trials: number;
  readonly successes: number;
  readonly rate: number;
}

/** Tasks that saw a fault but give no same-task baseline for it. */
export interface TasksLeftOut {
  /** The fault fired in every valid trial of the task: no trial of it ran without. */
  readonly fired_in_every_trial: number;
  /**
   * The fault fired on a set call (no `probability`), so it fired whenever
   * the agent made that call: the task's trials without it are the ones that
   * never got there, not a baseline.
   */
  readonly not_drawn_at_random: number;
}

/**
 * Success when a fault fired against the same tasks' trials where it did
 * not. Only tasks whose firing was a seeded draw and that have trials of
 * both kinds enter, so task difficulty cancels out.
 */
export type SameTaskComparison =
  | {
      readonly type: 'compared';
      /** Tasks that entered. */
      readonly tasks: number;
      /** Their trials where it fired, pooled. */
      readonly fired: Tally;
      /** Their trials where it did not fire, pooled. */
      readonly not_fired: Tally;
      /** Mean over those tasks of each task's success rate when it fired. */
      readonly task_mean_fired: number;
      /** Mean over those tasks of each task's success rate when it did not. */
      readonly task_mean_not_fired: number;
      /** task_mean_fired − task_mean_not_fired. */
      readonly difference: number;
      /**
       * Paired t interval over tasks of `difference`, cut to [−1, 1] (a
       * difference of rates can be no more); NaN (null in JSON) with one
       * task, or when every task shows the same difference (no spread).
       */
      readonly difference_ci95: readonly [number, number];
      readonly left_out: TasksLeftOut;
    }
  | {
      readonly type: 'no-baseline';
      /** Why no task could enter, in a sentence. */
      readonly reason: string;
      readonly left_out: TasksLeftOut;
    };

/** How the system fared when one fault kind (or any) fired. */
export interface FaultEffect {
  /** Trials of any task in which it fired; a success there is a recovery. */
  readonly fired: Tally;
  /** Tasks with at least one such trial. */
  readonly tasks: number;
  readonly same_task: SameTaskComparison;
}

/** How the system fared under injected faults and planted instructions (valid trials only). */
export interface FaultSummary {
  /** Any fault kind (injections apart). */
  readonly any_fault: FaultEffect;
  /** Fault kind → its effect, for the kinds that fired. */
  readonly by_kind: Readonly<Record<string, FaultEffect>>;
  /** Whether the agent carried out planted instructions. */
  readonly injection: InjectionSummary;
}

const tally = (trials: readonly TrialRecord[]): Tally => {
  const successes = trials.filter((trial) => trial.success).length;
  return { trials: trials.length, successes, rate: successes / trials.length };
};

const faultEvents = (trial: TrialRecord): FaultEvent[] =>
  trial.events.flatMap((event) =>
    event.kind === 'fault' && event.fault !== INJECTION_FAULT ? [event] : [],
  );

/** Which fault events count: one kind, or every kind. */
type Selects = (event: FaultEvent) => boolean;

const byTask = (trials: readonly TrialRecord[]): TrialRecord[][] => {
  const tasks = new Map<string, TrialRecord[]>();
  for (const trial of trials) {
    const ofTask = tasks.get(trial.task_id);
    if (ofTask === undefined) tasks.set(trial.task_id, [trial]);
    else ofTask.push(trial);
  }
  return [...tasks.values()];
};

function noBaselineReason(left: TasksLeftOut): string {
  const parts = [
    ...(left.not_drawn_at_random > 0
      ? [
          `in ${left.not_drawn_at_random} task(s) it fires on a set call, not at random, so their trials without it are those that never made that call`,
        ]
      : []),
    ...(left.fired_in_every_trial > 0
      ? [`in ${left.fired_in_every_trial} task(s) it fired in every trial`]
      : []),
  ];
  if (parts.length === 0) return 'it did not fire';
  return `no task has trials both with and without it that can be compared: ${parts.join('; ')}`;
}

/**
 * The effect of the faults `selects` picks; `eventsOf` gives a trial's
 * fault events (read once per trial for every kind).
 */
function faultEffect(
  valid: readonly TrialRecord[],
  eventsOf: (trial: TrialRecord) => readonly FaultEvent[],
  selects: Selects,
): FaultEffect {
  const selected = new Map(valid.map((trial) => [trial, eventsOf(trial).filter(selects)]));
  const firedIn = (trial: TrialRecord) => selected.get(trial) ?? [];
  const fired = valid.filter((trial) => firedIn(trial).length > 0);
  const pairs: { fired: TrialRecord[]; notFired: TrialRecord[] }[] = [];
  const left = { fired_in_every_trial: 0, not_drawn_at_random: 0 };
  let tasks = 0;
  for (const trials of byTask(valid)) {
    const withIt = trials.filter((trial) => firedIn(trial).length > 0);
    if (withIt.length === 0) continue;
    tasks++;
    const without = trials.filter((trial) => firedIn(trial).length === 0);
    const drawn = withIt
      .flatMap(firedIn)
      .every((event) => event.probability !== undefined && event.probability < 1);
    if (without.length === 0) left.fired_in_every_trial++;
    else if (!drawn) left.not_drawn_at_random++;
    else pairs.push({ fired: withIt, notFired: without });
  }
  const base = { fired: tally(fired), tasks };
  if (pairs.length === 0) {
    return {
      ...base,
      same_task: { type: 'no-baseline', reason: noBaselineReason(left), left_out: left },
    };
  }
  const rateOf = (trials: readonly TrialRecord[]) => tally(trials).rate;
  const differences = pairs.map((pair) => rateOf(pair.fired) - rateOf(pair.notFired));
  const interval = pairedTTest(differences);
  // Equal differences on every task leave no spread to estimate from: a t
  // interval would shrink to a point and claim a certainty the data lacks.
  const spread = differences.some((difference) => difference !== differences[0]);
  const taskMeanFired = mean(pairs.map((pair) => rateOf(pair.fired)));
  const taskMeanNotFired = mean(pairs.map((pair) => rateOf(pair.notFired)));
  return {
    ...base,
    same_task: {
      type: 'compared',
      tasks: pairs.length,
      fired: tally(pairs.flatMap((pair) => pair.fired)),
      not_fired: tally(pairs.flatMap((pair) => pair.notFired)),
      task_mean_fired: taskMeanFired,
      task_mean_not_fired: taskMeanNotFired,
      difference: taskMeanFired - taskMeanNotFired,
      difference_ci95: spread
        ? [Math.max(-1, interval.lower), Math.min(1, interval.upper)]
        : [Number.NaN, Number.NaN],
      left_out: left,
    },
  };
}

/** Null when no trial saw a fault or an injection. */
export function summariseFaults(valid: readonly TrialRecord[]): FaultSummary | null {
  const events = new Map(valid.map((trial) => [trial, faultEvents(trial)]));
  const eventsOf = (trial: TrialRecord) => events.get(trial) ?? [];
  const kinds = [
    ...new Set(valid.flatMap((trial) => eventsOf(trial).map((event) => event.fault))),
  ].sort((a, b) => a.localeCompare(b));
  const injection = summariseInjection(valid);
  if (kinds.length === 0 && injection.trials === 0 && injection.unchecked_trials === 0) {
    return null;
  }
  return {
    any_fault: faultEffect(valid, eventsOf, () => true),
    by_kind: Object.fromEntries(
      kinds.map((kind) => [kind, faultEffect(valid, eventsOf, (event) => event.fault === kind)]),
    ),
    injection,
  };
}
