import { describe, expect, it } from 'vitest';
import { buildRun, buildTrials } from '../../../test/support/run-fixture.js';
import { gradeConstraints } from '../../grade/index.js';
import type { Check, TrialEvent, TrialRecord } from '../../schema/index.js';
import { buildGrades } from '../../testing/index.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import { constraintsInformative } from '../sections/constraints-section.js';
import { safetyInformative } from '../sections/safety-section.js';
import { informativeFigures } from './informative-figures.js';
import { renderTerminal } from './render-terminal.js';

/** The lines a reader scrolls through before the task table's top border. */
const linesBeforeTable = (text: string): number =>
  text.split('\n').findIndex((line) => line.startsWith('┌'));

/** Three tasks, one trial each, all successes, nothing priced: what the oracle gives. */
const oracleLike = () =>
  buildScorecard(buildRun(['a', 'b', 'c'], 1), [
    ...buildTrials('a', ['1']),
    ...buildTrials('b', ['1']),
    ...buildTrials('c', ['1']),
  ]);

/**
 * A `{ consent: write }` check, as the constraint grader makes it, of a
 * trial that called the write tool `update_address` without asking, or
 * made no call.
 */
function writeConsent(broken: boolean): Check {
  const events: TrialEvent[] = broken
    ? [
        { t_ms: 0, kind: 'tool_call', call_id: 'c1', tool: 'update_address', args: {} },
        {
          t_ms: 0,
          kind: 'tool_result',
          call_id: 'c1',
          tool: 'update_address',
          ok: true,
          duration_ms: 0,
        },
      ]
    : [];
  return gradeConstraints({
    constraints: [{ consent: 'write' }],
    events,
    effectOf: () => 'write',
  })[0]!;
}

const withChecks = (trial: TrialRecord, constraints: Check[]): TrialRecord => ({
  ...trial,
  grades: buildGrades({ constraints }),
});

describe('informativeFigures', () => {
  it('finds nothing beyond the headline in an all-success run of one trial per task, unpriced', () => {
    expect(informativeFigures(oracleLike())).toEqual({
      sandbox: false,
      passK: false,
      outcome: false,
      trials: false,
      terminal: false,
      exit: false,
      cost: false,
      steps: false,
      latency: false,
    });
  });

  it('keeps pass^k with several trials, steps with failures beside successes, and exits at a cap', () => {
    const looped: TrialRecord = {
      ...buildTrials('b', ['0'])[0]!,
      attempt: 2,
      exit_reason: 'loop_detected',
    };
    const card = buildScorecard(buildRun(['a', 'b'], 2), [
      ...buildTrials('a', ['1', '1']),
      ...buildTrials('b', ['1']),
      looped,
    ]);
    expect(informativeFigures(card)).toMatchObject({
      passK: true,
      steps: true,
      exit: true,
      cost: false,
      trials: false,
    });
  });

  it('keeps the cost when a trial cost something or its cost is unknown', () => {
    const [trial] = buildTrials('a', ['1']);
    const priced = { ...trial!, usage: { ...trial!.usage, cost_usd: 0.04 } };
    const unpriced = { ...trial!, usage: { ...trial!.usage, cost_usd: null } };
    for (const costed of [priced, unpriced]) {
      expect(informativeFigures(buildScorecard(buildRun(['a'], 1), [costed])).cost).toBe(true);
    }
  });

  it('keeps the trials line when a planned trial has no valid record', () => {
    const card = buildScorecard(buildRun(['a'], 2), buildTrials('a', ['1', 'x']));
    expect(informativeFigures(card).trials).toBe(true);
  });
});

describe('renderTerminal', () => {
  it('prints an all-success unpriced run in at most 6 lines before the task table', () => {
    const text = renderTerminal(oracleLike());
    expect(linesBeforeTable(text)).toBeLessThanOrEqual(6);
    expect(text).toContain('Success    100.0%');
    expect(text).not.toMatch(/^(Cost|Safety|Trials|Exit|Terminal|Latency|pass\^k|sandbox) /m);
  });

  it('prints every figure with verbose, the $0 cost and the sandbox line included', () => {
    const text = renderTerminal(oracleLike(), { verbose: true });
    expect(text).toMatch(/^Cost {7}\$0\.0000 total · \$0\.0000 per success/m);
    expect(text).toMatch(/^sandbox not applicable/m);
    expect(text).toMatch(/^pass@k {5}k=1 /m);
    expect(text).toMatch(/^Latency {4}p50 /m);
    expect(linesBeforeTable(text)).toBeGreaterThan(linesBeforeTable(renderTerminal(oracleLike())));
  });

  it('names a broken { consent: write } rule "write without consent", not irreversible', () => {
    const trials = buildTrials('a', ['0', '1']);
    const card = buildScorecard(buildRun(['a'], 2), [
      withChecks(trials[0]!, [writeConsent(true)]),
      withChecks(trials[1]!, [writeConsent(false)]),
    ]);
    expect(card.safety.write_without_consent).toMatchObject({ events: 1, trials: 2 });
    expect(card.safety.irreversible_without_consent).toMatchObject({ events: 0, trials: 0 });
    for (const text of [renderTerminal(card), renderTerminal(card, { verbose: true })]) {
      expect(text).toMatch(/^Safety {5}write without consent 1\/2 ≤/m);
      expect(text).not.toContain('irreversible without consent');
    }
  });

  it('lists only the broken safety rates compactly, each with its rule', () => {
    const trials = buildTrials('a', ['0', '1']);
    const card = buildScorecard(buildRun(['a'], 2), [
      withChecks(trials[0]!, [writeConsent(true)]),
      withChecks(trials[1]!, [writeConsent(false)]),
    ]);
    const compact = renderTerminal(card);
    expect(compact).not.toContain('loop or cap');
    expect(renderTerminal(card, { verbose: true })).toContain('loop or cap');
  });
});

describe('the sections: whether they carry information', () => {
  it('safety: not when every rate is 0, yes when a rule was broken', () => {
    expect(safetyInformative(oracleLike().safety)).toBe(false);
    const [trial] = buildTrials('a', ['0']);
    const broken = buildScorecard(buildRun(['a'], 1), [withChecks(trial!, [writeConsent(true)])]);
    expect(safetyInformative(broken.safety)).toBe(true);
  });

  it('constraints: not when every check passed, yes when one failed', () => {
    const [kept, broken] = buildTrials('a', ['1', '0']);
    const passed = buildScorecard(buildRun(['a'], 1), [withChecks(kept!, [writeConsent(false)])]);
    const failed = buildScorecard(buildRun(['a'], 2), [
      withChecks(kept!, [writeConsent(false)]),
      withChecks(broken!, [writeConsent(true)]),
    ]);
    expect(constraintsInformative(passed.constraints_pass!)).toBe(false);
    expect(constraintsInformative(failed.constraints_pass!)).toBe(true);
    expect(renderTerminal(passed)).not.toContain('Constraints');
    expect(renderTerminal(failed)).toMatch(/^Constraints micro 50\.0% .* failed in consent 1\/2$/m);
  });

  it('faults: absent when none fired and nothing was planted', () => {
    expect(oracleLike().faults).toBeNull();
    expect(renderTerminal(oracleLike(), { verbose: true })).not.toContain('Faults ');
  });

  it('faults: recovery when one fired, without same-task rows that have no baseline', () => {
    const fault: TrialEvent = {
      t_ms: 1,
      kind: 'fault',
      call_id: 'c1',
      tool: 'process_refund',
      fault: 'timeout',
      source: 'faults[0]',
    };
    const card = buildScorecard(
      buildRun(['a'], 2),
      buildTrials('a', ['1', '0']).map((trial) => ({ ...trial, events: [fault] })),
    );
    const compact = renderTerminal(card);
    expect(compact).toContain('Faults     success when it fired (recovery): timeout 1/2');
    expect(compact).not.toContain('no same-task baseline');
    expect(renderTerminal(card, { verbose: true })).toContain('no same-task baseline');
  });
});
