import { describe, expect, it } from 'vitest';
import type { Comparison, PairedDifference } from '../report/index.js';
import { WORSE_GATE_METRICS } from './worse-gate-metrics.js';
import { checkWorseGate, parseWorseGate } from './worse-gates.js';

const differenceWith = (value: number, ci95: [number, number]): PairedDifference => ({
  value,
  ci95,
  p: 0.01,
  method: 'paired-t',
  fallback_reason: null,
  tasks: 20,
  standard_deviation: 0.1,
  standard_error: 0.02,
});

/** Only the differences are read by the gates. */
const comparisonWith = (success: PairedDifference, outcome: PairedDifference): Comparison =>
  ({ difference: success, outcome_difference: outcome }) as unknown as Comparison;

describe('parseWorseGate', () => {
  it('reads METRIC with margin 0, and METRIC=MARGIN', () => {
    expect(parseWorseGate('success_rate')).toEqual({ metric: 'success_rate', margin: 0 });
    expect(parseWorseGate(' outcome_rate=0.02 ')).toEqual({ metric: 'outcome_rate', margin: 0.02 });
    for (const { name } of WORSE_GATE_METRICS) {
      expect(parseWorseGate(`${name}=0`)).toEqual({ metric: name, margin: 0 });
    }
  });

  it.each([
    ['success', /^--fail-if-worse success: unknown metric "success"/],
    ['pass_hat_k@4=0.1', /unknown metric "pass_hat_k@4"/],
    ['success_rate=2', /the margin must be a number from 0 up to 1, got "2"/],
    ['success_rate=-0.1', /got "-0.1"/],
    ['success_rate=', /got ""/],
    ['success_rate=abc', /got "abc"/],
  ])('refuses %s as a usage error naming the flag and the metrics', (text, message) => {
    let caught: unknown;
    try {
      parseWorseGate(text);
    } catch (error) {
      caught = error;
    }
    expect((caught as { code?: string }).code).toBe('E_USAGE');
    expect((caught as Error).message).toMatch(message);
    expect((caught as { hint?: string }).hint).toMatch(/success_rate .*outcome_rate/);
  });
});

describe('checkWorseGate', () => {
  const worse = differenceWith(-0.3, [-0.45, -0.15]);
  const unclear = differenceWith(-0.05, [-0.12, 0.02]);

  it('fails when the upper end of the interval is below −margin, saying by how much', () => {
    const verdict = checkWorseGate(comparisonWith(worse, unclear), {
      metric: 'success_rate',
      margin: 0.1,
    });
    expect(verdict.pass).toBe(false);
    expect(verdict.message).toBe(
      '--fail-if-worse success_rate=0.1 failed: B is worse than A by more than 10.0 pts (B − A -30.0 pts, 95% CI [-45.0 pts, -15.0 pts]: its upper end is below -10.0 pts)',
    );
  });

  it('passes when the upper end reaches −margin, however low the estimate', () => {
    const comparison = comparisonWith(worse, unclear);
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0.15 }).pass).toBe(true);
    expect(checkWorseGate(comparison, { metric: 'success_rate', margin: 0.149 }).pass).toBe(false);
    expect(checkWorseGate(comparison, { metric: 'outcome_rate', margin: 0 }).pass).toBe(true);
  });

  it('fails when there is no interval (no paired task)', () => {
    const none = differenceWith(Number.NaN, [Number.NaN, Number.NaN]);
    const verdict = checkWorseGate(comparisonWith(none, none), {
      metric: 'outcome_rate',
      margin: 0,
    });
    expect(verdict).toMatchObject({ pass: false });
    expect(verdict.message).toMatch(/no paired task, so no interval/);
  });
});
