import { describe, expect, it } from 'vitest';
import {
  matchTrajectory,
  trajectoryAnyOrderMatch,
  trajectoryExactMatch,
  trajectoryPrecision,
  trajectoryRecall,
  trajectorySubsetMatch,
  trajectorySupersetMatch,
  unmatchedCalls,
} from './trajectory-match.js';

describe('matchTrajectory', () => {
  it('matches the worked example: one search too many, precision 0.75, recall 1', () => {
    const reference = ['get_reservation', 'search_flights', 'update_reservation'];
    const actual = ['get_reservation', 'search_flights', 'search_flights', 'update_reservation'];
    expect(matchTrajectory(reference, actual)).toEqual({
      exact: false,
      inOrder: true,
      anyOrder: true,
      subset: false,
      superset: true,
      precision: 3 / 4,
      recall: 3 / 3,
      redundant: 1,
    });
    expect(trajectoryPrecision(reference, actual)).toBe(0.75);
    expect(trajectoryRecall(reference, actual)).toBe(1);
    expect(unmatchedCalls(reference, actual)).toEqual({ missing: [], extra: ['search_flights'] });
  });

  it('any_order is the superset match: every reference call somewhere, extra calls allowed', () => {
    expect(trajectoryAnyOrderMatch(['a', 'b'], ['b', 'x', 'a', 'a'])).toBe(true);
    expect(trajectoryAnyOrderMatch(['a', 'a', 'b'], ['b', 'a'])).toBe(false);
    expect(trajectoryAnyOrderMatch(['a', 'b'], ['a'])).toBe(false);
  });

  it('detects a reversed order and a missing call', () => {
    const result = matchTrajectory(['a', 'b', 'c'], ['c', 'a']);
    expect(result).toMatchObject({
      exact: false,
      inOrder: false,
      anyOrder: false,
      subset: true,
      superset: false,
    });
    expect(result.precision).toBe(1);
    expect(result.recall).toBeCloseTo(2 / 3, 12);
    expect(unmatchedCalls(['a', 'b', 'c'], ['c', 'a'])).toEqual({ missing: ['b'], extra: [] });
  });

  it('compares arguments only when asked', () => {
    const reference = [{ tool: 'get_order', args: { order_id: '8842' } }];
    const actual = [{ tool: 'get_order', args: { order_id: '8843' } }];
    expect(trajectoryExactMatch(reference, actual)).toBe(true);
    expect(trajectoryExactMatch(reference, actual, { compareArgs: true })).toBe(false);
    expect(
      trajectoryExactMatch(reference, [{ tool: 'get_order', args: { order_id: '8842' } }], {
        compareArgs: true,
      }),
    ).toBe(true);
    expect(trajectorySubsetMatch(reference, [], { compareArgs: true })).toBe(true);
  });

  it("compares a tool's named arguments alone when compareArgsByTool names it ([]: the name alone)", () => {
    const reference = [
      { tool: 'cancel', args: { order_id: '8842', reason: 'ordered by mistake' } },
      { tool: 'lookup', args: { email: 'ana@example.com' } },
    ];
    const options = { compareArgs: true, compareArgsByTool: { cancel: ['order_id'], lookup: [] } };
    const sameOrder = [
      { tool: 'lookup', args: { email: 'someone@example.com' } },
      { tool: 'cancel', args: { order_id: '8842', reason: 'no longer needed' } },
    ];
    expect(trajectorySupersetMatch(reference, sameOrder, options)).toBe(true);
    // Without the map every argument counts, and both calls differ.
    expect(trajectorySupersetMatch(reference, sameOrder, { compareArgs: true })).toBe(false);
    const otherOrder = [
      { tool: 'cancel', args: { order_id: '8843', reason: 'ordered by mistake' } },
    ];
    expect(trajectorySupersetMatch(reference.slice(0, 1), otherOrder, options)).toBe(false);
  });
});

/**
 * An independent reading of each definition, written for clarity rather
 * than speed: counts per tool for the multiset tests, every choice of
 * positions for the subsequence test.
 */
const naive = {
  counts(calls: readonly string[]): Map<string, number> {
    const counts = new Map<string, number>();
    for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
    return counts;
  },
  matched(reference: readonly string[], actual: readonly string[]): number {
    const ref = naive.counts(reference);
    const act = naive.counts(actual);
    let total = 0;
    for (const [tool, count] of ref) total += Math.min(count, act.get(tool) ?? 0);
    return total;
  },
  contains(outer: readonly string[], inner: readonly string[]): boolean {
    const counts = naive.counts(outer);
    return [...naive.counts(inner)].every(([tool, count]) => (counts.get(tool) ?? 0) >= count);
  },
  isSubsequence(needle: readonly string[], haystack: readonly string[]): boolean {
    // Try every set of positions in the haystack.
    for (let mask = 0; mask < 1 << haystack.length; mask++) {
      const picked = haystack.filter((_, index) => (mask & (1 << index)) !== 0);
      if (picked.length === needle.length && picked.every((call, index) => call === needle[index]))
        return true;
    }
    return false;
  },
};

function allTrajectories(tools: readonly string[], maxLength: number): string[][] {
  const out: string[][] = [[]];
  let layer: string[][] = [[]];
  for (let length = 1; length <= maxLength; length++) {
    layer = layer.flatMap((prefix) => tools.map((tool) => [...prefix, tool]));
    out.push(...layer);
  }
  return out;
}

describe('matchTrajectory against brute force', () => {
  const trajectories = allTrajectories(['a', 'b', 'c'], 4);

  it('enumerates every trajectory over three tools up to length four', () => {
    expect(trajectories).toHaveLength(1 + 3 + 9 + 27 + 81);
    expect(new Set(trajectories.map((one) => one.join(','))).size).toBe(trajectories.length);
  });

  it('agrees with the definitions on every pair', () => {
    let compared = 0;
    for (const reference of trajectories) {
      for (const actual of trajectories) {
        const result = matchTrajectory(reference, actual);
        const matched = naive.matched(reference, actual);
        const expected = {
          exact: reference.join(',') === actual.join(',') && reference.length === actual.length,
          inOrder: naive.isSubsequence(reference, actual),
          anyOrder: naive.contains(actual, reference),
          subset: naive.contains(reference, actual),
          superset: naive.contains(actual, reference),
          precision: actual.length === 0 ? 1 : matched / actual.length,
          recall: reference.length === 0 ? 1 : matched / reference.length,
          redundant: actual.length - matched,
        };
        if (JSON.stringify(result) !== JSON.stringify(expected)) {
          expect({ reference, actual, result }).toEqual({ reference, actual, result: expected });
        }
        const { missing, extra } = unmatchedCalls(reference, actual);
        if (
          missing.length !== reference.length - matched ||
          extra.length !== actual.length - matched
        )
          expect({ reference, actual, missing, extra }).toBe('left-overs that add up');
        compared++;
      }
    }
    expect(compared).toBe(trajectories.length ** 2);
  });
});
