import { clopperPearsonUpperBound } from './clopper-pearson-upper-bound.js';
import { designEffect, kishTrialsPerTask } from './design-effect.js';
import { intraTaskCorrelation } from './intra-task-correlation.js';
import type { IntraTaskCorrelationStatus } from './intra-task-correlation.js';
import { checkLevel, checkObservedTasks } from './check-estimator-input.js';

/** Trials of one task with an event, out of the trials of that task that could have had it. */
export interface TaskEventCounts {
  readonly events: number;
  readonly trials: number;
}

/**
 * Where ρ came from: the estimated intra-task correlation; the floor
 * {@link MIN_EVENT_ICC} because the estimate fell below it; none needed
 * because no task has two trials (the design effect is 1 whatever ρ is);
 * or the worst case ρ = 1 (each task counts once) because the correlation
 * could not be estimated (no event at all, every trial an event, or a
 * single task).
 */
export type DesignEffectSource = 'estimated' | 'floor' | 'one-trial-per-task' | 'worst-case';

/**
 * The least intra-task correlation the bound assumes. With few events the
 * ANOVA estimate is biased low (one event in a hundred trials gives ρ̂ ≈ 0
 * whatever the truth), and a bound built on it covers as little as 60% in
 * simulation when events cluster. 0.3 is also the planning default
 * (`DEFAULT_ICC` in sample-size.ts), kept apart so that changing one does
 * not move the other.
 */
export const MIN_EVENT_ICC = 0.3;

export interface ClusteredUpperBound {
  readonly events: number;
  readonly trials: number;
  readonly tasks: number;
  /** events / trials (pooled); NaN without trials. */
  readonly rate: number;
  /** The one-sided upper bound at the requested level; NaN without trials. */
  readonly upper: number;
  /** ρ used: the estimate clipped to [MIN_EVENT_ICC, 1], or 1 by `source`; NaN without trials. */
  readonly icc: number;
  /** 1 + (Σ n_i² / N − 1)·ρ ({@link designEffect}). */
  readonly designEffect: number;
  /** N / design effect. */
  readonly effectiveTrials: number;
  /** rate · effective trials. */
  readonly effectiveEvents: number;
  readonly source: DesignEffectSource;
  /** What the intra-task correlation estimator said. */
  readonly iccStatus: IntraTaskCorrelationStatus;
}

export interface ClusteredUpperBoundOptions {
  /** One-sided confidence level in (0, 1); default 0.95. */
  readonly confidence?: number;
}

/**
 * A one-sided upper bound on an event rate (forbidden calls, loops, ...)
 * when trials are clustered within tasks: the exact Clopper–Pearson bound
 * ({@link clopperPearsonUpperBound}) applied to an effective sample.
 * Trials of one task are not independent (an agent that loops on a task
 * tends to loop on it every time), so N trials carry the information of
 * fewer: n_eff = N / DE with the design effect
 *
 *   DE = 1 + (Σ n_i² / N − 1)·ρ̂
 *
 * ({@link designEffect}: Kish 1965; Σ n_i² / N is the trial-weighted mean
 * task size, n̄ when every task has n̄ trials), ρ̂ the ANOVA intra-task correlation of the
 * event ({@link intraTaskCorrelation}) clipped to [0, 1] (see below for
 * which ρ), and the event
 * count scaled to x_eff = (events / N)·n_eff; the continuous Beta quantile
 * takes the non-integer counts. This is the effective-sample-size
 * adjustment of Korn and Graubard (1998) for exact intervals from complex
 * samples.
 *
 * Which ρ: the estimate, but never less than {@link MIN_EVENT_ICC} (0.3):
 * with few events the estimate is near 0 whatever the truth. When ρ
 * cannot be estimated: one trial per task needs no correction (DE = 1
 * whatever ρ); no event at all, every trial an event, or a single task
 * leave the clustering unseen, and the bound assumes the worst, ρ = 1, so
 * each task counts as one trial (n_eff = N² / Σ n_i², the number of tasks
 * when they are equal). With no events that is the honest reading: an
 * agent that never tripped a check on 25 tasks run 4 times has shown it on
 * 25 tasks, not on 100 independent draws. And since one event more must
 * not lower the bound, the bound is never below that zero-event bound for
 * the same tasks. Together these make the bound conservative: simulated
 * one-sided coverage is at least 94% (within simulation error of 95%) in
 * every cell measured, and 97–100% when events hardly cluster; see
 * docs/statistics.md.
 *
 * Monotone by construction: one event more never lowers the bound. For a
 * fixed ρ the bound grows with the events, but ρ̂ shifts as they land (an
 * event that opens a new task lowers it), which alone could lower the
 * bound by up to half a percentage point. So `upper` is the largest bound
 * over the layouts nested in this one (each task's events at most as
 * many): the raw bound depends on a nested layout only through its event
 * total and how concentrated the events are (Σ e_i²/n_i, which raises ρ̂
 * and the bound), so for each total it is enough to take the most
 * concentrated nested layout, filling the tasks with the most events
 * first. That is exact when tasks have equal numbers of trials (the usual
 * case) and a close approximation otherwise.
 *
 * Empty input gives NaN (source `worst-case`, status `too-few-tasks`).
 * Throws RangeError when a task's trials is not a whole number ≥ 1 (leave
 * out tasks with no trials), its events is not whole in [0, trials], or
 * the confidence is outside (0, 1), naming the index, e.g.
 * `clusteredUpperBound: counts[0].events is 5; it must be a whole number
 * from 0 to counts[0].trials (4)`.
 *
 * @example
 * clusteredUpperBound([{ events: 0, trials: 4 }, { events: 0, trials: 4 }]).upper;
 * // 0.776…: no events, so each task counts once, 1 − 0.05^(1/2)
 */
export function clusteredUpperBound(
  counts: readonly TaskEventCounts[],
  options: ClusteredUpperBoundOptions = {},
): ClusteredUpperBound {
  checkObservedTasks({ fn: 'clusteredUpperBound', path: 'counts' }, counts, 'events');
  if (options.confidence !== undefined) {
    checkLevel({ fn: 'clusteredUpperBound', path: 'options.confidence' }, options.confidence);
  }
  const observed = rawClusteredUpperBound(counts, options);
  if (Number.isNaN(observed.upper) || observed.events === 0) return observed;
  let upper = observed.upper;
  for (const nested of mostConcentratedNestedLayouts(counts)) {
    upper = Math.max(upper, rawClusteredUpperBound(nested, options).upper);
  }
  return { ...observed, upper };
}

/**
 * For each event total below the observed one, the nested layout that
 * packs those events most: the tasks with the most events filled first.
 */
function* mostConcentratedNestedLayouts(
  counts: readonly TaskEventCounts[],
): Generator<TaskEventCounts[]> {
  const order = counts
    .map((task, index) => ({ ...task, index }))
    .sort((a, b) => b.events / b.trials - a.events / a.trials || a.trials - b.trials);
  const total = counts.reduce((sum, task) => sum + task.events, 0);
  for (let kept = 0; kept < total; kept += 1) {
    let left = kept;
    const nested = counts.map((task) => ({ events: 0, trials: task.trials }));
    for (const task of order) {
      const take = Math.min(task.events, left);
      nested[task.index] = { events: take, trials: task.trials };
      left -= take;
    }
    yield nested;
  }
}

/** The bound of one layout, ρ̂ taken from that layout's events. */
function rawClusteredUpperBound(
  counts: readonly TaskEventCounts[],
  options: ClusteredUpperBoundOptions,
): ClusteredUpperBound {
  const confidence = options.confidence ?? 0.95;
  const tasks = counts.length;
  const events = counts.reduce((sum, task) => sum + task.events, 0);
  const trials = counts.reduce((sum, task) => sum + task.trials, 0);
  const correlation = intraTaskCorrelation(
    counts.map((task) => ({ successes: task.events, trials: task.trials })),
  );
  const iccStatus = correlation.status;
  const nan = Number.NaN;
  if (tasks === 0) {
    return {
      events,
      trials,
      tasks,
      rate: nan,
      upper: nan,
      icc: nan,
      designEffect: nan,
      effectiveTrials: nan,
      effectiveEvents: nan,
      source: 'worst-case',
      iccStatus,
    };
  }
  const source: DesignEffectSource =
    iccStatus === 'estimated'
      ? correlation.icc >= MIN_EVENT_ICC
        ? 'estimated'
        : 'floor'
      : iccStatus === 'one-trial-per-task'
        ? 'one-trial-per-task'
        : 'worst-case';
  // With one trial per task ρ̂ is NaN and irrelevant (the design effect is 1): report the floor.
  const estimate = Number.isNaN(correlation.icc) ? 0 : correlation.icc;
  const icc = source === 'worst-case' ? 1 : Math.max(estimate, MIN_EVENT_ICC);
  const sizes = counts.map((task) => task.trials);
  const effect = designEffect(sizes, icc);
  const rate = events / trials;
  const effectiveTrials = trials / effect;
  const effectiveEvents = rate * effectiveTrials;
  return {
    events,
    trials,
    tasks,
    rate,
    upper: Math.max(
      clopperPearsonUpperBound(effectiveEvents, effectiveTrials, confidence),
      // Never below the bound for no events with each task counted once (ρ = 1).
      clopperPearsonUpperBound(0, trials / kishTrialsPerTask(sizes), confidence),
    ),
    icc,
    designEffect: effect,
    effectiveTrials,
    effectiveEvents,
    source,
    iccStatus,
  };
}
