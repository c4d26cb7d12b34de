import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from './rng.js';
import { createUniformStream } from './uniform-stream.js';

describe('createUniformStream', () => {
  it("gives createRng's sequence number for number, for seeds across the 32-bit range", () => {
    const seeds = [
      0,
      1,
      42,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32 - 1,
      deriveSeed('task-mean-interval', 5),
    ];
    for (const seed of seeds) {
      const rng = createRng(seed);
      const stream = createUniformStream(seed);
      const expected = Array.from({ length: 20_000 }, () => rng.next());
      const actual = Array.from({ length: 20_000 }, () => stream.next());
      expect(actual).toEqual(expected);
    }
  });

  it('differs between seeds and stays in [0, 1)', () => {
    const a = Array.from(
      { length: 100 },
      (
        (s) => () =>
          s.next()
      )(createUniformStream(7)),
    );
    const b = Array.from(
      { length: 100 },
      (
        (s) => () =>
          s.next()
      )(createUniformStream(8)),
    );
    expect(a).not.toEqual(b);
    for (const value of [...a, ...b]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
