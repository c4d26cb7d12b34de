import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRun, buildTrials } from '../../test/support/run-fixture.js';
import { SCORECARD_GATE_METRICS, buildScorecard } from '../report/index.js';
import { GATE_METRICS } from './gate-metrics.js';
import { evaluateGates, failedGates, gateValue, parseGate } from './gates.js';

// Task a: 4/4; task b: 2/4 with one invalid attempt rerun. Success 0.75, pass^2 = (1 + 1/6) / 2.
const card = buildScorecard(buildRun(['a', 'b'], 4), [
  ...buildTrials('a', ['1', '1', '1', '1']),
  ...buildTrials('b', ['1', '0', 'x1', '0']),
]);

describe('parseGate', () => {
  it('reads METRIC=VALUE for every metric, with a k where it takes one', () => {
    expect(parseGate('success_rate=0.8')).toEqual({ metric: 'success_rate', threshold: 0.8 });
    expect(parseGate(' pass_hat_k@4=0.5 ')).toEqual({ metric: 'pass_hat_k@4', threshold: 0.5 });
    for (const { name } of GATE_METRICS) {
      const metric = name.replace('@K', '@2');
      expect(parseGate(`${metric}=1`)).toEqual({ metric, threshold: 1 });
    }
  });

  it.each([
    ['success=0.8', /unknown metric "success"/],
    ['pass_hat_k=0.5', /unknown metric "pass_hat_k"/],
    ['pass_hat_k@0=0.5', /unknown metric "pass_hat_k@0"/],
    ['success_rate@2=0.5', /unknown metric "success_rate@2"/],
    ['success_rate=80', /between 0 and 1, got "80"/],
    ['success_rate=', /between 0 and 1, got ""/],
    ['success_rate', /expected METRIC=VALUE/],
  ])('refuses %s as a usage error that lists the metrics', (text, message) => {
    expect(() => parseGate(text)).toThrow(message);
    expect(() => parseGate(text)).toThrow(/outcome_rate .*valid_rate/s);
  });
});

describe('gate values', () => {
  it('reads each metric off the scorecard', () => {
    expect(gateValue(card, 'success_rate')).toBe(0.75);
    expect(gateValue(card, 'success_rate_lower')).toBe(card.success_rate.ci95[0]);
    expect(gateValue(card, 'outcome_rate')).toBe(card.outcome_only.success_rate.value);
    expect(gateValue(card, 'outcome_rate_lower')).toBe(card.outcome_only.success_rate.ci95[0]);
    expect(gateValue(card, 'valid_rate')).toBe(8 / 9);
    expect(gateValue(card, 'pass_hat_k@2')).toBeCloseTo((1 + 1 / 6) / 2, 12);
    expect(gateValue(card, 'pass_at_k@2')).toBeCloseTo((1 + 5 / 6) / 2, 12);
    expect(gateValue(card, 'pass_hat_k@5')).toBeNaN();
  });
});

describe('evaluateGates', () => {
  it('fails under the gate and passes at and above it', () => {
    const verdicts = evaluateGates(card, [
      { metric: 'success_rate', threshold: 0.76 },
      { metric: 'success_rate', threshold: 0.75 },
      { metric: 'success_rate', threshold: 0.7 },
    ]);
    expect(verdicts.map((verdict) => verdict.pass)).toEqual([false, true, true]);
  });

  it('lets a rate that floating point makes 0.7999999999999999 meet a gate of 0.8', () => {
    // Task rates 1, 1 and 2/5: the mean is 0.8, computed as 0.7999999999999999.
    const nearly = buildScorecard(buildRun(['a', 'b', 'c'], 5), [
      ...buildTrials('a', ['1', '1', '1', '1', '1']),
      ...buildTrials('b', ['1', '1', '1', '1', '1']),
      ...buildTrials('c', ['1', '1', '0', '0', '0']),
    ]);
    expect(nearly.success_rate.value).toBeLessThan(0.8);
    expect(failedGates(nearly, [{ metric: 'success_rate', threshold: 0.8 }])).toEqual([]);
    expect(failedGates(nearly, [{ metric: 'success_rate', threshold: 0.8000001 }])).toHaveLength(1);
  });

  it('fails a gate whose metric is not available, saying why', () => {
    expect(failedGates(card, [{ metric: 'pass_hat_k@5', threshold: 0 }])).toEqual([
      'pass_hat_k@5 is not available (k stops at 4), so it is under 0',
    ]);
    expect(failedGates(card, [{ metric: 'success_rate', threshold: 0.9 }])).toEqual([
      'success_rate = 0.7500 is under 0.9',
    ]);
  });
});

describe('the list of metrics', () => {
  it('is the one docs/cli.md documents, in its table of gate metrics', () => {
    const cli = readFileSync(join(import.meta.dirname, '../../docs/cli.md'), 'utf8');
    const start = cli.indexOf('\n## Gates in CI: --fail-under\n');
    expect(
      start,
      'docs/cli.md has a "## Gates in CI: --fail-under" section',
    ).toBeGreaterThanOrEqual(0);
    const end = cli.indexOf('\n## ', start + 1);
    const section = cli.slice(start, end === -1 ? undefined : end);
    for (const { name } of GATE_METRICS) expect(section).toContain(`| \`${name}\` |`);
  });

  it("is the report's: the headline's metrics and those the scorecard sections offer", () => {
    expect(GATE_METRICS).toEqual(
      SCORECARD_GATE_METRICS.map(({ name, about }) => ({ name, about })),
    );
  });
});
