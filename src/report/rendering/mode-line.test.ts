import { describe, expect, it } from 'vitest';
import { buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown } from './render-markdown.js';
import { renderTerminal } from './render-terminal.js';

const trials = [
  buildTrialRecord({ task_id: 't1', attempt: 1, success: true }),
  buildTrialRecord({ task_id: 't1', attempt: 2 }),
];

describe('the mode in every report header', () => {
  it('says "mode: …, diagnosis only" for a diagnosis run', () => {
    const run = buildRunRecord(['t1'], { system: { mode: 'oracle-plan' } });
    const scorecard = buildScorecard(run, trials);
    expect(scorecard.mode).toBe('oracle-plan');
    const line = 'mode: oracle-plan, diagnosis only';
    expect(renderTerminal(scorecard).split('\n').slice(0, 4)).toContain(line);
    expect(renderMarkdown({ scorecard, taskGate: 1 })).toContain(`**${line}**`);
    expect(renderJunit({ scorecard, trials, taskGate: 1 })).toContain(
      `<property name="mode" value="${line}"/>`,
    );
  });

  it('says nothing of a mode for a normal run', () => {
    const scorecard = buildScorecard(buildRunRecord(['t1']), trials);
    expect('mode' in scorecard).toBe(false);
    expect(renderTerminal(scorecard)).not.toContain('mode:');
    expect(renderMarkdown({ scorecard, taskGate: 1 })).not.toContain('diagnosis only');
    expect(renderJunit({ scorecard, trials, taskGate: 1 })).not.toContain('name="mode"');
  });
});
