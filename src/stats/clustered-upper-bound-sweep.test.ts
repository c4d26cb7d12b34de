import { describe, expect, it } from 'vitest';
import {
  expectRisingAsEventsAdded,
  expectRisingWithOneMoreEvent,
} from '../../test/support/upper-bound-layouts.js';

describe('clusteredUpperBound', () => {
  it('never falls as events are added, for every layout of up to 50 trials', () => {
    expect(expectRisingAsEventsAdded(50)).toBeGreaterThan(0);
  });

  it('never falls when one event is added to any task of any layout of 5 tasks × 6 trials', () => {
    // Each of 7^5 layouts, each task that is not full: 5 · 6 · 7^4 pairs.
    expect(expectRisingWithOneMoreEvent(5, 6)).toBe(5 * 6 * 7 ** 4);
  });
});
