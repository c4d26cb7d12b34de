import { describe, expect, it } from 'vitest';
import type { Check } from '../../schema/index.js';
import { buildGrades, buildTrialRecord } from '../../testing/index.js';
import { summariseConstraints } from './constraint-summary.js';

const check = (kind: string, pass: boolean): Check => ({
  id: 'constraints[0]',
  kind,
  pass,
  message: '',
  evidence: null,
});

describe('summariseConstraints', () => {
  it('pools checks for micro and averages the rates of the kinds for the per-kind mean', () => {
    // 10 trials, each with a consent check (9 pass); trials 1 and 2 also have a scope check (1 passes).
    // micro = (9 + 1) / (10 + 2) = 10/12 = 0.8333; per-kind mean = (9/10 + 1/2) / 2 = (0.9 + 0.5) / 2 = 0.7.
    const valid = Array.from({ length: 10 }, (_, index) =>
      buildTrialRecord({
        task_id: index < 5 ? 'a' : 'b',
        attempt: index + 1,
        grades: buildGrades({
          constraints: [
            check('consent', index !== 9),
            ...(index < 2 ? [check('scope', index === 0)] : []),
          ],
        }),
      }),
    );
    const summary = summariseConstraints(valid);
    expect(summary?.micro).toMatchObject({ passed: 10, checks: 12, rate: 10 / 12 });
    expect(summary?.kind_mean.kinds).toBe(2);
    expect(summary?.kind_mean.rate).toBeCloseTo(0.7, 15);
    expect(summary?.by_kind).toMatchObject({
      consent: { passed: 9, checks: 10, rate: 0.9, task_rate: 0.9 },
      scope: { passed: 1, checks: 2, rate: 0.5, task_rate: 0.5 },
    });
    // Task a made 7 checks (6 passed), task b 5 (4 passed): the interval is of their mean rate.
    expect(summary?.micro.task_rate).toBeCloseTo((6 / 7 + 4 / 5) / 2, 15);
    const [lower, upper] = summary?.micro.ci95 ?? [Number.NaN, Number.NaN];
    expect(lower).toBeLessThan(summary?.micro.task_rate ?? 0);
    expect(upper).toBeGreaterThan(summary?.micro.task_rate ?? 1);
    // Scope checks come from task a alone: Wilson's interval of 1 of 2 (SciPy reference).
    expect(summary?.by_kind['scope']?.ci95[0]).toBeCloseTo(0.09453120573423074, 12);
    expect(summary?.by_kind['scope']?.ci95[1]).toBeCloseTo(0.9054687942657693, 12);
  });

  it('is null when no trial had a constraint', () => {
    expect(summariseConstraints([buildTrialRecord({ task_id: 'a', attempt: 1 })])).toBeNull();
  });
});
