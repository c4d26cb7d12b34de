import { describe, expect, it } from 'vitest';
import { sweepLayouts } from '../../../test/support/sequence-layouts.js';

describe('pairedClusterDifference', () => {
  it('is monotone in each side over every layout of 3 sequences x 2 episodes a side', () => {
    // Each of 9³ layouts, each sequence's two sides moved where they can be (2/3 of the time).
    expect(sweepLayouts(3)).toBe(9 ** 3 * 3 * 2 * (2 / 3));
  });
});
