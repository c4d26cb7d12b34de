import { describe, expect, it } from 'vitest';
import { buildRun, buildTrials } from '../../../test/support/run-fixture.js';
import type { TrialEvent, TrialRecord } from '../../schema/index.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import { renderMarkdown } from './render-markdown.js';
import { renderTerminal } from './render-terminal.js';

const hint: TrialEvent = { t_ms: 1, kind: 'assist', type: 'hint', source: 'user.script[0]' };

/** Task a: 1, 1, 1 (hinted), 0; task b: 1 (hinted), 0. */
function trials(): TrialRecord[] {
  const helped = (trial: TrialRecord): TrialRecord => ({ ...trial, events: [hint] });
  const a = buildTrials('a', ['1', '1', '1', '0']);
  const b = buildTrials('b', ['1', '0']);
  return [a[0]!, a[1]!, helped(a[2]!), a[3]!, helped(b[0]!), b[1]!];
}

describe('the assistance figures in reports', () => {
  it('puts unassisted success and assisted completion beside success in the scorecard', () => {
    const card = buildScorecard(buildRun(['a', 'b'], 4), trials());
    // a: 2/4 alone, 1/4 helped; b: 0/2 alone, 1/2 helped. Success (3/4 + 1/2) / 2 = 0.625.
    expect(card.success_rate.value).toBe(0.625);
    expect(card.assistance?.unassisted_success).toMatchObject({ value: 0.25, successes: 2 });
    expect(card.assistance?.assisted_completion).toMatchObject({ value: 0.375, successes: 2 });
    expect(card.assistance?.assistances).toEqual({ hints: 2, take_overs: 0, per_trial: 2 / 6 });
  });

  it('shows both figures in the terminal and Markdown reports', () => {
    const card = buildScorecard(buildRun(['a', 'b'], 4), trials());
    const terminal = renderTerminal(card, { verbose: true });
    expect(terminal).toContain('Unassisted success: 25.0% (95% CI [');
    expect(terminal).toContain('2/6 valid trials): no hint, no take-over');
    expect(terminal).toContain('Assisted completion: 37.5% (95% CI [');
    expect(terminal).toContain('37.5% of trials helped (2/6) · 0.33 assistances per trial');
    // Compact: the split of success, not how often the user helped.
    const compact = renderTerminal(card);
    expect(compact).toContain('Unassisted success: 25.0% (95% CI [');
    expect(compact).toContain('Assisted completion: 37.5% (95% CI [');
    expect(compact).not.toContain('of trials helped');
    const markdown = renderMarkdown({ scorecard: card, taskGate: 0.8 });
    expect(markdown).toMatch(/\| Unassisted success \| 25\.0% \(95% CI \[/);
    expect(markdown).toMatch(/\| Assisted completion \| 37\.5% \(95% CI \[/);
  });

  it('leaves them out of a run where no user could help', () => {
    const card = buildScorecard(buildRun(['a'], 2), buildTrials('a', ['1', '0']));
    expect(card.assistance).toBeNull();
    expect(renderTerminal(card)).not.toContain('Unassisted');
    expect(renderMarkdown({ scorecard: card, taskGate: 0.8 })).not.toContain('Unassisted');
  });

  it('shows them with --verbose for a run whose tasks can help, even with no trial helped', () => {
    const run = buildRun(['a'], 2);
    const card = buildScorecard(
      { ...run, suite: { ...run.suite, assist_tasks: ['a'] } },
      buildTrials('a', ['1', '0']),
    );
    const verbose = renderTerminal(card, { verbose: true });
    expect(verbose).toContain('Unassisted success: 50.0%');
    expect(verbose).toContain('Assisted completion: 0.0%');
    // No trial helped: unassisted success is success, which the compact scorecard says once.
    expect(renderTerminal(card)).not.toContain('Unassisted');
  });
});
