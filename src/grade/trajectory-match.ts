import { canonicalJson, isJsonObject } from '../core/index.js';
import type { JsonValue } from '../core/index.js';

/** A call as trajectory matching sees it: a tool name, optionally its arguments. */
export type TrajectoryCall = string | { readonly tool: string; readonly args?: JsonValue };

export interface TrajectoryMatchOptions {
  /** Compare arguments too (canonical JSON), not only tool names. Default false. */
  readonly compareArgs?: boolean;
  /** With `compareArgs`, the arguments compared for a tool (only these; `[]`: the name alone); other tools: all. */
  readonly compareArgsByTool?: Readonly<Record<string, readonly string[]>>;
}

/**
 * How an agent's calls (actual) compare with a reference path. Calls are
 * compared by tool name, or by tool name and canonical-JSON arguments with
 * `compareArgs`. Counting is by multiset: a reference that calls
 * `search_flights` once is met by one such call, and a second is extra.
 */
export interface TrajectoryMatch {
  /** exact: the same calls in the same order, and the same number of them. */
  readonly exact: boolean;
  /** in_order: the reference is a subsequence of the actual calls (other calls may come between). */
  readonly inOrder: boolean;
  /**
   * any_order: every reference call appears somewhere in the actual calls,
   * in any order, extra calls allowed; the same test as `superset`, named
   * for the reading "the reference path, in any order".
   */
  readonly anyOrder: boolean;
  /** subset: every actual call is in the reference (as a multiset): no call beyond the reference. */
  readonly subset: boolean;
  /** superset: every reference call is in the actual calls (as a multiset). */
  readonly superset: boolean;
  /** |matched actual| / |actual|, multiset matching (1 when there are no actual calls). */
  readonly precision: number;
  /** |matched reference| / |reference|, multiset matching (1 when the reference is empty). */
  readonly recall: number;
  /** Actual calls left over after matching the reference: |actual| − |matched|. */
  readonly redundant: number;
}

function keysOf(calls: readonly TrajectoryCall[], options: TrajectoryMatchOptions): string[] {
  return calls.map((call) => {
    if (typeof call === 'string') return call;
    if (options.compareArgs !== true) return call.tool;
    const compared = Object.hasOwn(options.compareArgsByTool ?? {}, call.tool)
      ? options.compareArgsByTool?.[call.tool]
      : undefined;
    const args = call.args ?? {};
    return `${call.tool}${canonicalJson(
      compared === undefined || !isJsonObject(args)
        ? args
        : Object.fromEntries(Object.entries(args).filter(([key]) => compared.includes(key))),
    )}`;
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
 * The matched count is the size of the multiset intersection: for each
 * call, the fewer of its reference and actual occurrences.
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
  return {
    exact: ref.length === act.length && ref.every((key, index) => key === act[index]),
    inOrder: isSubsequence(ref, act),
    anyOrder: matched === ref.length,
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

/** What keeps two trajectories apart, as call keys (tool, or tool and canonical-JSON arguments). */
export interface UnmatchedCalls {
  /** Reference calls with no actual call to match them. */
  readonly missing: readonly string[];
  /** Actual calls beyond the reference (the redundant ones). */
  readonly extra: readonly string[];
}

/** The calls left over on each side after multiset matching, in their order. */
export function unmatchedCalls(
  reference: readonly TrajectoryCall[],
  actual: readonly TrajectoryCall[],
  options: TrajectoryMatchOptions = {},
): UnmatchedCalls {
  const ref = keysOf(reference, options);
  const act = keysOf(actual, options);
  const leftOver = (from: readonly string[], against: readonly string[]): string[] => {
    const counts = countKeys(against);
    return from.filter((key) => {
      const left = counts.get(key) ?? 0;
      counts.set(key, left - 1);
      return left <= 0;
    });
  };
  return { missing: leftOver(ref, act), extra: leftOver(act, ref) };
}
