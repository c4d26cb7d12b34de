import { describe, expect, it } from 'vitest';
import type { TrialRecord } from '../../schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { buildScorecard } from './build-scorecard.js';
import { renderHtmlReport } from '../rendering/render-html-report.js';
import { HTML_REPORT_DATA_SLOT } from '../rendering/html-report-data.js';
import { renderMarkdown } from '../rendering/render-markdown.js';
import { renderTerminal } from '../rendering/render-terminal.js';

const VERSIONS = ['v1', 'v2'] as const;

/** Sequence `id`, attempt `attempt`: two episodes, on v1 then v2 in a new session, passing as given. */
function play(id: string, attempt: number, outcomes: string, valid = true): TrialRecord[] {
  return [...outcomes].map((outcome, index) =>
    buildTrialRecord({
      task_id: `${id}@${index + 1}`,
      attempt,
      success: outcome === '1',
      valid,
      sequence: {
        id,
        episode: index + 1,
        task: `${id}-${index + 1}`,
        session: index === 0 ? 'same' : 'new',
        version: VERSIONS[index] ?? null,
      },
    }),
  );
}

// a: 11, 10; b: 10, 10; c: 11, 11.
const trials = [
  ...play('a', 1, '11'),
  ...play('a', 2, '10'),
  ...play('b', 1, '10'),
  ...play('b', 2, '10'),
  ...play('c', 1, '11'),
  ...play('c', 2, '11'),
];
const run = buildRunRecord(['a@1', 'a@2', 'b@1', 'b@2', 'c@1', 'c@2']);

describe('the scorecard of a run that played sequences', () => {
  const card = buildScorecard(run, trials);

  it('carries drift and memory, each figure with its denominators', () => {
    // v2: a 1/2, b 0/2, c 2/2 → 0.5; drop per sequence 1/2, 1, 0 → 0.5.
    expect(card.drift?.by_version[1]).toMatchObject({
      version: 'v2',
      rate: { value: 0.5, successes: 3, episodes: 6, sequences: 3 },
    });
    expect(card.drift?.any_change?.drop.value).toBeCloseTo(0.5, 12);
    expect(card.memory?.cross_session).toMatchObject({ value: 0.5, episodes: 6 });
    expect(card.memory?.within_session).toBeNull();
  });

  it('has no drift or memory keys without sequences', () => {
    const plain = buildScorecard(buildRunRecord(['t']), [
      buildTrialRecord({ task_id: 't', attempt: 1, success: true }),
    ]);
    expect('drift' in plain).toBe(false);
    expect('memory' in plain).toBe(false);
    expect(renderTerminal(plain)).not.toContain('Drift');
  });

  it('takes regret against an oracle run when given one', () => {
    const oracle = [...play('a', 1, '11'), ...play('b', 1, '10'), ...play('c', 1, '11')];
    const withOracle = buildScorecard(run, trials, { oracleTrials: oracle });
    // Assumed oracle: a loses 0 and 1, b 1 and 1, c nothing: (1/2 + 1 + 0)/3.
    // The oracle run fails b's episode 2, so b loses nothing: (1/2 + 0 + 0)/3.
    expect(withOracle.drift?.regret.oracle).toBe('run');
    expect(withOracle.drift?.regret.per_attempt.value).toBeCloseTo(1 / 6, 12);
    expect(card.drift?.regret.per_attempt.value).toBeCloseTo(0.5, 12);
  });

  it('renders drift and memory in the terminal report', () => {
    const text = renderTerminal(card);
    expect(text).toContain('Drift      Success by version: v1 100.0% (95% CI [');
    expect(text).toMatch(
      / {11}Drop at v1 → v2: \+50\.0 pts \(95% CI \[[^\]]+\], newcombe-mover\); 6 episode pair\(s\)/,
    );
    expect(text).toContain('3/6 episodes, 3 sequence(s)');
    expect(text).toMatch(/Memory {5}Success by episode: 1: 100\.0% \[/);
    expect(text).toContain('new session 50.0% (95% CI [');
  });

  it('renders drift and memory rows in the Markdown report', () => {
    const markdown = renderMarkdown({ scorecard: card, taskGate: 1 });
    expect(markdown).toContain('| Drift: Regret against the oracle | ');
    expect(markdown).toContain('episodes lost per sequence attempt');
    expect(markdown).toContain('| Memory: Recall (episodes after the first) | 50.0% (95% CI [');
  });

  it('carries them into the HTML report and JSON (NaN as null)', () => {
    const page = renderHtmlReport({
      template: `<html><head><title>x</title></head><body>${HTML_REPORT_DATA_SLOT}</body></html>`,
      run,
      scorecard: card,
      trials,
    });
    const json = /<script type="application\/json"[^>]*>(.*?)<\/script>/s.exec(page)?.[1] ?? '';
    const summary = JSON.parse(json) as { scorecard: typeof card };
    expect(summary.scorecard.drift?.by_change[0]).toMatchObject({ from: 'v1', to: 'v2' });
    expect(summary.scorecard.memory?.by_episode).toHaveLength(2);
  });
});
