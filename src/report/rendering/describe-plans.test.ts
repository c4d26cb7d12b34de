import { describe, expect, it } from 'vitest';
import type { Grade, TrialRecord } from '../../schema/index.js';
import { buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import { renderMarkdown } from './render-markdown.js';
import { renderTerminal } from './render-terminal.js';

const grade = (role: Grade['role'], ids: [string, boolean][], score: number | null): Grade => ({
  version: '1',
  role,
  pass: ids.every(([, pass]) => pass),
  score,
  checks: ids.map(([id, pass]) => ({ id, kind: 'k', pass, message: '', evidence: null })),
  evidence: null,
  error: null,
});

/** A record with the graders' verdicts, as trials keep them. */
function graded(task_id: string, attempt: number, grades: Record<string, Grade>): TrialRecord {
  return { ...buildTrialRecord({ task_id, attempt, success: true }), grades };
}

describe('plan and partial-credit figures in the reports', () => {
  const records = [
    graded('a', 1, {
      plan: grade(
        'constraint',
        [
          ['plan.found', true],
          ['plan.checks[0]', true],
        ],
        null,
      ),
      plan_adherence: grade('diagnostic', [['plan.adherence', true]], 1),
      partial: grade('diagnostic', [['subgoals[0]', true]], 1),
    }),
    graded('a', 2, {
      plan: grade('constraint', [['plan.found', false]], null),
      plan_adherence: grade('diagnostic', [['plan.adherence', false]], null),
      partial: grade('diagnostic', [['subgoals[0]', false]], 0.25),
    }),
  ];
  const card = buildScorecard(buildRunRecord(['a'], { trials_per_task: 2 }), records);

  it('puts them on the scorecard (the JSON report)', () => {
    expect(card.plans).toMatchObject({
      trials: 2,
      plans: 1,
      no_plan: 1,
      micro: { passed: 1, of: 1, rate: 1 },
      macro: { passed: 1, of: 2, rate: 0.5 },
      adherence: { mean: 1, trials: 1 },
    });
    expect(card.partial).toMatchObject({ trials: 2, tasks: 1, mean: 0.625 });
    expect(JSON.parse(JSON.stringify(card))).toHaveProperty('partial.mean', 0.625);
  });

  it('prints the partial score beside success, and the plan rates, in the terminal and Markdown', () => {
    const text = renderTerminal(card);
    const lines = text.split('\n');
    // Right under the success rate and its notes, before pass^k.
    const success = lines.findIndex((line) => line.startsWith('Success'));
    const partial = lines.findIndex((line) => line.startsWith('Partial'));
    expect(lines.slice(success + 1, partial).every((line) => line.startsWith('     '))).toBe(true);
    expect(lines[partial]).toMatch(/^Partial {4}mean 62\.5% \(95% CI \[/);
    expect(lines[partial + 1]).toMatch(/^pass\^k/);
    expect(text).toMatch(/Plans {6}micro 100\.0% \(1\/1 checks of 1 stated plan\(s\)/);
    expect(text).toContain("macro 50.0% (1/2 trials' plans passed every check");
    const markdown = renderMarkdown({ scorecard: card, taskGate: 1 });
    expect(markdown).toMatch(/\| Partial credit \(beside success\) \| mean 62\.5%/);
    expect(markdown).toMatch(/\| Plans \| micro 100\.0%/);
  });

  it('leaves both out when no trial has a plan or a partial score', () => {
    const plain = buildScorecard(buildRunRecord(['a'], { trials_per_task: 1 }), [
      buildTrialRecord({ task_id: 'a', attempt: 1, success: true }),
    ]);
    expect(plain.plans).toBeNull();
    expect(plain.partial).toBeNull();
    expect(renderTerminal(plain)).not.toMatch(/^(Partial|Plans) /m);
  });
});
