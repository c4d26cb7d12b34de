import { canonicalJson } from '../core/index.js';
import type { JsonValue } from '../core/index.js';

/** A call as trajectory matching sees it: a tool name, optionally its arguments. */
export type TrajectoryCall = string | { readonly tool: string; readonly args?: JsonValue };

export interface TrajectoryMatchOptions {
  /** Compare arguments too (canonical JSON), not only tool names. Default false. */
  readonly compareArgs?: boolean;
}

export interface TrajectoryMatch {
  /** Same calls in the same order, nothing more. */
  readonly exact: boolean;
  /** The reference appears in order within the actual calls (extra calls allowed). */
  readonly inOrder: boolean;
  /** Same distinct calls, ignoring order and repetition. */
  readonly anyOrder: boolean;
  /** Every actual call is in the reference (as a multiset). */
  readonly subset: boolean;
  /** Every reference call is in the actual calls (as a multiset). */
  readonly superset: boolean;
  /** Matched actual calls / actual calls (1 when there are none). */
  readonly precision: number;
  /** Matched reference calls / reference calls (1 when there are none). */
  readonly recall: number;
  /** Actual calls left over after matching the reference. */
  readonly redundant: number;
}

function keysOf(calls: readonly TrajectoryCall[], options: TrajectoryMatchOptions): string[] {
  return calls.map((call) => {
    if (typeof call === 'string') return call;
    return options.compareArgs === true
      ? `${call.tool}${canonicalJson(call.args ?? {})}`
      : call.tool;
  });
}

function countKeys(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

function multisetIntersection(a: readonly string[], b: readonly string[]): number {
  const counts = countKeys(b);
  let matched = 0;
  for (const key of a) {
    const left = counts.get(key) ?? 0;
    if (left > 0) {
      matched++;
      counts.set(key, left - 1);
    }
  }
  return matched;
}

function isSubsequence(needle: readonly string[], haystack: readonly string[]): boolean {
  let position = 0;
  for (const key of haystack) if (position < needle.length && key === needle[position]) position++;
  return position === needle.length;
}

/**
 * Diagnostics comparing an agent's calls with a reference path. Never the
 * success definition unless a task says the order is the requirement.
 *
 * @example
 * matchTrajectory(['get_reservation', 'search_flights', 'update_reservation'],
 *   ['get_reservation', 'search_flights', 'search_flights', 'update_reservation'])
 * // { exact: false, inOrder: true, anyOrder: true, precision: 0.75, recall: 1, redundant: 1, ... }
 */
export function matchTrajectory(
  reference: readonly TrajectoryCall[],
  actual: readonly TrajectoryCall[],
  options: TrajectoryMatchOptions = {},
): TrajectoryMatch {
  const ref = keysOf(reference, options);
  const act = keysOf(actual, options);
  const matched = multisetIntersection(ref, act);
  const refSet = new Set(ref);
  const actSet = new Set(act);
  return {
    exact: ref.length === act.length && ref.every((key, index) => key === act[index]),
    inOrder: isSubsequence(ref, act),
    anyOrder: refSet.size === actSet.size && [...refSet].every((key) => actSet.has(key)),
    subset: matched === act.length,
    superset: matched === ref.length,
    precision: act.length === 0 ? 1 : matched / act.length,
    recall: ref.length === 0 ? 1 : matched / ref.length,
    redundant: act.length - matched,
  };
}

type Metric<K extends keyof TrajectoryMatch> = (
  reference: readonly TrajectoryCall[],
  actual: readonly TrajectoryCall[],
  options?: TrajectoryMatchOptions,
) => TrajectoryMatch[K];

function metric<K extends keyof TrajectoryMatch>(key: K): Metric<K> {
  return (reference, actual, options) => matchTrajectory(reference, actual, options)[key];
}

export const trajectoryExactMatch = metric('exact');
export const trajectoryInOrderMatch = metric('inOrder');
export const trajectoryAnyOrderMatch = metric('anyOrder');
export const trajectorySubsetMatch = metric('subset');
export const trajectorySupersetMatch = metric('superset');
export const trajectoryPrecision = metric('precision');
export const trajectoryRecall = metric('recall');
export const redundantCalls = metric('redundant');
