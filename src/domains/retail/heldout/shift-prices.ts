import type { Rng } from '../../../core/index.js';

/** How far a price may move, as a fraction of itself. */
export const MAX_PRICE_SHIFT = 0.04;

/**
 * New prices for a set of prices: each moved by a seeded amount of at most
 * ±4% (in whole cents, and never left as it was unless it is squeezed),
 * strictly increasing in the old price, so every comparison between two
 * prices ("the cheapest", "a more expensive variant") holds on the renamed
 * data as on the original. No price crosses a barrier (an amount a text
 * quotes, "less than $300"), and a price equal to one stays as it is.
 */
export function shiftPrices(
  prices: Iterable<number>,
  rng: Rng,
  barriers: readonly number[] = [],
): Map<number, number> {
  const sorted = [...new Set(prices)].sort((a, b) => a - b);
  const walls = [...new Set(barriers.map((barrier) => Math.round(barrier * 100)))].sort(
    (a, b) => a - b,
  );
  const shifted = new Map<number, number>();
  // One segment of prices between two walls at a time.
  let segment: { price: number; cents: number; factor: number }[] = [];
  const flush = (low: number, high: number) => {
    const moved = segment.map(({ cents, factor }) => Math.round(cents * factor));
    let previous = low;
    segment.forEach(({ cents }, index) => {
      let value = Math.max(moved[index] ?? cents, previous + 1);
      if (value === cents) value += 1;
      moved[index] = previous = value;
    });
    let next = high;
    for (let index = segment.length - 1; index >= 0; index--) {
      moved[index] = next = Math.min(moved[index] ?? 0, next - 1);
    }
    segment.forEach(({ price }, index) => shifted.set(price, (moved[index] ?? 0) / 100));
    segment = [];
  };
  let wall = 0;
  for (const price of sorted) {
    const cents = Math.round(price * 100);
    const factor = 1 + (rng.next() * 2 - 1) * MAX_PRICE_SHIFT;
    while (wall < walls.length && (walls[wall] ?? Infinity) <= cents) {
      flush(walls[wall - 1] ?? -Infinity, walls[wall] ?? Infinity);
      if (walls[wall] === cents) shifted.set(price, price);
      wall++;
    }
    if (!shifted.has(price)) segment.push({ price, cents, factor });
  }
  flush(walls[wall - 1] ?? -Infinity, Infinity);
  return shifted;
}
