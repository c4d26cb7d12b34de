/**
 * A stream of uniform numbers in [0, 1), fast enough for millions of
 * draws in a loop: the {@link createRng} sequence for the same seed,
 * number for number (xoroshiro128+ and 53-bit floats, exactly as
 * `pure-rand` makes them), with the generator's state held in the
 * stream itself rather than behind closures.
 */
export interface UniformStream {
  /** Uniform in [0, 1): the next value `createRng(seed).next()` would give. */
  next(): number;
}

/** 2^-26 and 2^-53: the scales of the high 26 and low 27 bits of a 53-bit float. */
const SCALE_26 = 1.4901161193847656e-8;
const SCALE_53 = 1.1102230246251565e-16;
const MASK_26 = 0x3ffffff;
const MASK_27 = 0x7ffffff;

class Xoroshiro128PlusStream implements UniformStream {
  // The generator's 128-bit state as four signed 32-bit halves.
  private s01: number;
  private s00: number;
  private s11: number;
  private s10: number;

  constructor(seed: number) {
    this.s01 = -1;
    this.s00 = ~seed;
    this.s11 = seed | 0;
    this.s10 = 0;
  }

  /** One 32-bit output, then the state's step. */
  private step(): number {
    const s00 = this.s00;
    const s01 = this.s01;
    const out = (s00 + this.s10) | 0;
    const a0 = this.s10 ^ s00;
    const a1 = this.s11 ^ s01;
    this.s00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    this.s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    this.s10 = (a1 << 5) ^ (a0 >>> 27);
    this.s11 = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }

  next(): number {
    const high = this.step() & MASK_26;
    const low = this.step() & MASK_27;
    return high * SCALE_26 + low * SCALE_53;
  }
}

/** The uniform stream of `seed`: the same numbers as `createRng(seed).next()`. */
export function createUniformStream(seed: number): UniformStream {
  return new Xoroshiro128PlusStream(seed | 0);
}
