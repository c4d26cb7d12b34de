import { describe, expect, it } from 'vitest';
import type { Check, TrialRecord } from '../../schema/index.js';
import { buildGrade, buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { renderMarkdown } from './render-markdown.js';
import { renderTerminal } from './render-terminal.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import { verdictSources } from '../../schema/index.js';

const check = (id: string, pass: boolean): Check => ({
  id,
  kind: id.split('[')[0] ?? id,
  pass,
  message: '',
  evidence: null,
});

/** A tau2 task's trial as `endstate import tau2` labels it: DB and NL_ASSERTION in its reward_basis. */
function tau2Trial(attempt: number, grades: Record<string, readonly Check[]>): TrialRecord {
  return buildTrialRecord({
    task_id: 'a',
    attempt,
    labels: {
      verdict_of: 'tau2',
      reward_basis: 'DB+NL_ASSERTION',
      verdict_checks: 'expect.changes|expect.unchanged,judge',
    },
    success: false,
    grades: Object.fromEntries(
      Object.entries(grades).map(([grader, checks]) => [
        grader,
        buildGrade(checks, { role: grader === 'constraints' ? 'constraint' : 'gate' }),
      ]),
    ),
  });
}

describe("the scorecard's outcome line names the suite's benchmark", () => {
  const run = buildRunRecord(['a'], { trials_per_task: 3 });
  const tau2Trials = [
    tau2Trial(1, { outcome: [check('expect.unchanged', true)], judge: [check('judge', true)] }),
    tau2Trial(2, { outcome: [check('expect.unchanged', true)], judge: [check('judge', false)] }),
    tau2Trial(3, { outcome: [check('expect.unchanged', true)] }),
  ];

  it("says tau2's verdict, never tau-bench's, for a tau2 suite, with the trials it could not judge", () => {
    const card = buildScorecard(run, tau2Trials);
    expect(card.outcome_only.verdict_of).toBe('tau2');
    expect(card.outcome_only.unmeasured_trials).toBe(1);
    expect(card.outcome_only.success_rate).toMatchObject({ successes: 1, trials: 3 });
    const terminal = renderTerminal(card);
    const line = terminal.split('\n').find((text) => text.startsWith('Outcome'));
    expect(line).toContain("tau2's verdict");
    expect(line).toContain('1 trial(s) without a check the verdict needs');
    expect(terminal).not.toContain("tau-bench's verdict");
    const markdown = renderMarkdown({ scorecard: card, taskGate: 1 });
    expect(markdown).toContain("tau2's verdict");
    expect(markdown).not.toContain("tau-bench's verdict");
  });

  it("says tau-bench's verdict for tasks without the label", () => {
    const trials = [1, 2, 3].map((attempt) =>
      buildTrialRecord({ task_id: 'a', attempt, success: attempt === 1 }),
    );
    expect(verdictSources(trials)).toBe('tau-bench');
    const card = buildScorecard(run, trials);
    expect(renderTerminal(card, { verbose: true })).toContain("tau-bench's verdict");
  });
});
