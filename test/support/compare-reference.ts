import { readFileSync } from 'node:fs';

/**
 * The independently computed references (SciPy, and brute force in Python)
 * in test/fixtures/compare-reference.json; compare-reference.py writes it.
 */
export interface CompareReference {
  /** A's successes/trials against B's: Fisher's (p_two_sided) and Boschloo's exact tests. */
  readonly two_by_two: readonly {
    a: { successes: number; trials: number };
    b: { successes: number; trials: number };
    p_two_sided: number;
    boschloo_p_two_sided: number;
  }[];
  readonly holm: readonly { p: number[]; holm: number[] }[];
  /** null ends: the test never rejects, so the interval is unbounded. */
  readonly sign_flip_interval: readonly {
    differences: number[];
    confidence: number;
    interval: [number | null, number | null];
  }[];
}

export const compareReference = JSON.parse(
  readFileSync(new URL('../fixtures/compare-reference.json', import.meta.url), 'utf8'),
) as CompareReference;
