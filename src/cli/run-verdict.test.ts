import { describe, expect, it } from 'vitest';
import { buildRun, buildTrials } from '../../test/support/run-fixture.js';
import { buildScorecard } from '../report/index.js';
import { buildTrialRecord } from '../testing/index.js';
import { missingShare, runVerdict } from './run-verdict.js';

const strict = { gates: [], maxInvalid: 0 };

describe('runVerdict', () => {
  it('exits 0 when every planned trial has a valid record, reruns included', () => {
    // Task b's second attempt was invalid once, then rerun to a valid failure.
    const card = buildScorecard(buildRun(['a', 'b'], 2), [
      ...buildTrials('a', ['1', '1']),
      ...buildTrials('b', ['1', 'x0']),
    ]);
    expect(missingShare(card)).toBe(0);
    expect(runVerdict(card, strict)).toEqual({ code: 0, messages: [] });
  });

  it('exits 4 when every trial is invalid, naming the reasons', () => {
    const card = buildScorecard(buildRun(['a', 'b'], 1), [
      ...buildTrials('a', ['xxx']),
      ...buildTrials('b', ['xxx']),
    ]);
    const verdict = runVerdict(card, strict);
    expect(verdict.code).toBe(4);
    expect(verdict.messages).toEqual([
      'invalid trials: 2 of 2 planned trial(s) have no valid record after reruns (100.0%, over --max-invalid 0); 6 invalid attempt(s): environment_failure/tool_crash ×6 (examples under the scorecard)',
    ]);
  });

  it('lets --max-invalid tolerate a share of missing trials, at the threshold included', () => {
    // 1 of 4 planned trials missing: 25%.
    const card = buildScorecard(buildRun(['a', 'b'], 2), [
      ...buildTrials('a', ['1', '1']),
      ...buildTrials('b', ['1', 'xxx']),
    ]);
    expect(missingShare(card)).toBe(0.25);
    expect(runVerdict(card, { gates: [], maxInvalid: 0.25 }).code).toBe(0);
    expect(runVerdict(card, { gates: [], maxInvalid: 0.2 }).code).toBe(4);
    expect(runVerdict(card, { gates: [], maxInvalid: undefined }).code).toBe(0);
  });

  it('puts invalid trials (4) before a failed gate (1), and says both', () => {
    const card = buildScorecard(buildRun(['a', 'b'], 1), [
      ...buildTrials('a', ['0']),
      ...buildTrials('b', ['xxx']),
    ]);
    const verdict = runVerdict(card, {
      gates: [{ metric: 'success_rate', threshold: 0.5 }],
      maxInvalid: 0,
    });
    expect(verdict.code).toBe(4);
    expect(verdict.messages).toHaveLength(2);
    expect(verdict.messages[1]).toBe('gate failed: success_rate = 0.0000 is under 0.5');
  });

  it('exits 1 when a trial was harness-incompatible, even with no gate', () => {
    const incompatible = [1, 2].map((attempt) =>
      buildTrialRecord({
        task_id: 'a',
        attempt,
        exit_reason: 'provider_error',
        terminal_reason: 'harness_incompatibility',
        error: 'HTTP 400: tools are not supported by this model',
      }),
    );
    const card = buildScorecard(buildRun(['a'], 2), incompatible);
    expect(card.success_rate.value).toBe(0);
    expect(runVerdict(card, strict)).toEqual({
      code: 1,
      messages: [
        'incompatible: 2 of 2 valid trial(s) ended in harness_incompatibility (the model could not use the tools); they count as failures',
      ],
    });
  });
});
