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
  const order = concentrationOrder(counts);
  let upper = observed.upper;
  for (const kept of nestedTotalsToCheck(counts, order, observed.upper, options)) {
    upper = Math.max(
      upper,
      rawClusteredUpperBound(nestedLayout(counts, order, kept), options).upper,
    );
  }
  return { ...observed, upper };
}

/** Task indexes, the tasks with the most events (for their trials) first. */
function concentrationOrder(counts: readonly TaskEventCounts[]): number[] {
  return counts
    .map((task, index) => ({ ...task, index }))
    .sort((a, b) => b.events / b.trials - a.events / a.trials || a.trials - b.trials)
    .map((task) => task.index);
}

/**
 * For an event total below the observed one, the nested layout that packs
 * those events most: the tasks with the most events filled first.
 */
function nestedLayout(
  counts: readonly TaskEventCounts[],
  order: readonly number[],
  kept: number,
): TaskEventCounts[] {
  let left = kept;
  const nested = counts.map((task) => ({ events: 0, trials: task.trials }));
  for (const index of order) {
    const task = counts[index]!;
    const take = Math.min(task.events, left);
    nested[index] = { events: take, trials: task.trials };
    left -= take;
  }
  return nested;
}

/**
 * How far an approximate bound of a nested layout may stray from the bound
 * {@link rawClusteredUpperBound} computes for it: sums taken in another
 * order differ in the last bits, many orders of magnitude below this.
 */
const SCREEN_TOLERANCE = 1e-7;
/** Cancellation beyond this factor makes an approximate ρ̂ untrustworthy: such a layout is computed exactly. */
const ILL_CONDITIONED = 1e6;
/** Totals screened together by one bound. */
const SCREEN_BLOCK = 32;

/**
 * The event totals (below the observed one) whose most concentrated nested
 * layout may raise the bound, found without building each layout: ρ̂ of
 * a layout depends only on its event total and Σ e_i²/n_i, which moves by
 * one task per event, so each total costs O(1) plus one Beta quantile
 * instead of a pass over every task. The bound of each total is
 * approximated from those sums; totals whose approximation is within
 * {@link SCREEN_TOLERANCE} of the best (or of the observed bound) are
 * returned to be computed exactly, and so are totals whose ρ̂ is ill
 * conditioned. The others are below the maximum by construction, so the
 * maximum, and every bit of it, is what computing every layout gives.
 */
function nestedTotalsToCheck(
  counts: readonly TaskEventCounts[],
  order: readonly number[],
  observedUpper: number,
  options: ClusteredUpperBoundOptions,
): number[] {
  const confidence = options.confidence ?? 0.95;
  const tasks = counts.length;
  let trials = 0;
  let total = 0;
  let sumOfSquaredSizes = 0;
  for (const task of counts) {
    trials += task.trials;
    total += task.events;
    sumOfSquaredSizes += task.trials * task.trials;
  }
  const taskSize = sumOfSquaredSizes / trials;
  const n0 = (trials - sumOfSquaredSizes / trials) / (tasks - 1);
  // Per total: the effective trials of its layout, NaN when it is to be computed exactly.
  const effective = new Float64Array(total);
  // The layout of `kept` events: tasks before `cursor` in `order` full, task `order[cursor]` holding `partial`.
  let cursor = 0;
  let partial = 0;
  let fullSquares = 0;
  // Full tasks whose rate is neither 0 nor 1.
  let mixedFull = 0;
  for (let kept = 0; kept < total; kept += 1) {
    while (cursor < order.length && partial === counts[order[cursor]!]!.events) {
      const full = counts[order[cursor]!]!;
      fullSquares += (full.events * full.events) / full.trials;
      if (full.events !== 0 && full.events !== full.trials) mixedFull += 1;
      cursor += 1;
      partial = 0;
    }
    const current = counts[order[cursor]!];
    const squares =
      fullSquares + (current === undefined ? 0 : (partial * partial) / current.trials);
    const isBinary = mixedFull === 0 && partial === 0;
    const icc = approximateIcc({ kept, squares, tasks, trials, n0, isBinary });
    effective[kept] =
      icc === undefined ? Number.NaN : trials / (taskSize === 1 ? 1 : 1 + (taskSize - 1) * icc);
    partial += 1;
  }
  const bound = (kept: number, effectiveTrials: number): number =>
    clopperPearsonUpperBound((kept / trials) * effectiveTrials, effectiveTrials, confidence);
  // The bound grows with the rate at given effective trials, and falls as
  // the effective trials grow at a given rate: a block of totals is bounded
  // by its highest total at its fewest effective trials, so a block whose
  // bound is below the best seen needs no total of it approximated.
  const approximate = new Float64Array(total).fill(Number.NEGATIVE_INFINITY);
  let best = observedUpper;
  for (let end = total; end > 0; end -= SCREEN_BLOCK) {
    const start = Math.max(0, end - SCREEN_BLOCK);
    let fewest = Number.POSITIVE_INFINITY;
    for (let kept = start; kept < end; kept += 1) {
      if (!Number.isNaN(effective[kept]!)) fewest = Math.min(fewest, effective[kept]!);
    }
    if (fewest === Number.POSITIVE_INFINITY || bound(end - 1, fewest) + SCREEN_TOLERANCE < best)
      continue;
    for (let kept = start; kept < end; kept += 1) {
      if (Number.isNaN(effective[kept]!)) continue;
      approximate[kept] = bound(kept, effective[kept]!);
      best = Math.max(best, approximate[kept]! - SCREEN_TOLERANCE);
    }
  }
  const exact: number[] = [];
  for (let kept = 0; kept < total; kept += 1) {
    if (Number.isNaN(effective[kept]!) || approximate[kept]! + SCREEN_TOLERANCE >= best)
      exact.push(kept);
  }
  return exact;
}

/**
 * ρ̂ as {@link rawClusteredUpperBound} uses it (clipped to [MIN_EVENT_ICC, 1],
 * 1 when it cannot be estimated) from a layout's sums, or undefined when
 * rounding could change which case applies or move it noticeably. A
 * layout whose every task has rate 0 or 1 (`isBinary`) has no spread
 * within tasks: ρ̂ is exactly 1, or not estimable and taken as 1.
 */
function approximateIcc(layout: {
  kept: number;
  squares: number;
  tasks: number;
  trials: number;
  n0: number;
  isBinary: boolean;
}): number | undefined {
  const { kept, squares, tasks, trials, n0 } = layout;
  if (tasks < 2) return 1;
  if (trials === tasks) return MIN_EVENT_ICC;
  if (layout.isBinary) return 1;
  const pooledSquares = (kept * kept) / trials;
  const betweenSquares = squares - pooledSquares;
  const withinSquares = kept - squares;
  const meanSquareBetween = betweenSquares / (tasks - 1);
  const meanSquareWithin = withinSquares / (trials - tasks);
  const denominator = meanSquareBetween + (n0 - 1) * meanSquareWithin;
  const scale = Math.abs(meanSquareBetween) + Math.abs((n0 - 1) * meanSquareWithin);
  const isIllConditioned =
    !(Math.abs(betweenSquares) * ILL_CONDITIONED > squares + pooledSquares) ||
    !(Math.abs(withinSquares) * ILL_CONDITIONED > kept + squares) ||
    !(Math.abs(denominator) * ILL_CONDITIONED > scale);
  if (isIllConditioned) return undefined;
  const raw = (meanSquareBetween - meanSquareWithin) / denominator;
  return Math.max(Math.min(1, Math.max(0, raw)), MIN_EVENT_ICC);
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
