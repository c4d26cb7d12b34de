import { describe, expect, it } from 'vitest';
import type { Check } from '../schema/index.js';
import { buildTrialRecord } from '../testing/index.js';
import { summariseConstraints } from './constraint-summary.js';

const check = (kind: string, pass: boolean): Check => ({
  id: 'constraints[0]',
  kind,
  pass,
  message: '',
  evidence: null,
});

describe('summariseConstraints', () => {
  it('pools checks for micro and averages kinds for macro', () => {
    // 10 trials, each with a consent check (9 pass); trials 1 and 2 also have a scope check (1 passes).
    // micro = (9 + 1) / (10 + 2) = 10/12 = 0.8333; macro = (9/10 + 1/2) / 2 = (0.9 + 0.5) / 2 = 0.7.
    const valid = Array.from({ length: 10 }, (_, index) =>
      buildTrialRecord({
        task_id: index < 5 ? 'a' : 'b',
        attempt: index + 1,
        constraints: [
          check('consent', index !== 9),
          ...(index < 2 ? [check('scope', index === 0)] : []),
        ],
      }),
    );
    const summary = summariseConstraints(valid);
    expect(summary?.micro).toEqual({ passed: 10, checks: 12, rate: 10 / 12 });
    expect(summary?.macro.kinds).toBe(2);
    expect(summary?.macro.rate).toBeCloseTo(0.7, 15);
    expect(summary?.by_kind).toEqual({
      consent: { passed: 9, checks: 10, rate: 0.9 },
      scope: { passed: 1, checks: 2, rate: 0.5 },
    });
  });

  it('is null when no trial had a constraint', () => {
    expect(summariseConstraints([buildTrialRecord({ task_id: 'a', attempt: 1 })])).toBeNull();
  });
});
