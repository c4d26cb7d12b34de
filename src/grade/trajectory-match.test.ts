import { describe, expect, it } from 'vitest';
import {
  matchTrajectory,
  trajectoryExactMatch,
  trajectorySubsetMatch,
} from './trajectory-match.js';

describe('matchTrajectory', () => {
  it('matches the worked example with one redundant search', () => {
    const reference = ['get_reservation', 'search_flights', 'update_reservation'];
    const actual = ['get_reservation', 'search_flights', 'search_flights', 'update_reservation'];
    expect(matchTrajectory(reference, actual)).toEqual({
      exact: false,
      inOrder: true,
      anyOrder: true,
      subset: false,
      superset: true,
      precision: 0.75,
      recall: 1,
      redundant: 1,
    });
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
  });

  it('compares arguments only when asked', () => {
    const reference = [{ tool: 'get_order', args: { order_id: '8842' } }];
    const actual = [{ tool: 'get_order', args: { order_id: '8843' } }];
    expect(trajectoryExactMatch(reference, actual)).toBe(true);
    expect(trajectoryExactMatch(reference, actual, { compareArgs: true })).toBe(false);
    expect(trajectorySubsetMatch(reference, [], { compareArgs: true })).toBe(true);
  });
});
