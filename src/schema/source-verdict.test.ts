import { describe, expect, it } from 'vitest';
import type { Check, TrialRecord } from './index.js';
import { buildGrade, buildTrialRecord } from '../testing/index.js';
import { sourceVerdict } from './index.js';

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

describe('sourceVerdict', () => {
  it('passes a tau2 trial whose reward_basis checks passed, a broken constraint and an unsaid fact ignored', () => {
    const trial = tau2Trial(1, {
      outcome: [check('expect.changes[0]', true), check('expect.unchanged', true)],
      response: [check('expect.communicate[0]', false)],
      constraints: [check('constraints[0]', false)],
      judge: [check('judge', true)],
    });
    expect(sourceVerdict(trial)).toBe('pass');
  });

  it('fails it when one check of a component failed', () => {
    const trial = tau2Trial(1, {
      outcome: [check('expect.changes[0]', true), check('expect.unchanged', false)],
      judge: [check('judge', true)],
    });
    expect(sourceVerdict(trial)).toBe('fail');
  });

  it('cannot judge it when a component has no check at all (no --judge), and fails it when another failed', () => {
    const unjudged = tau2Trial(1, { outcome: [check('expect.unchanged', true)] });
    expect(sourceVerdict(unjudged)).toBe('unmeasured');
    const failed = tau2Trial(2, { outcome: [check('expect.unchanged', false)] });
    expect(sourceVerdict(failed)).toBe('fail');
  });

  it("keeps tau-bench's verdict for a task without verdict_checks: outcome and response", () => {
    const base = { task_id: 'a', attempt: 1 };
    const said = buildTrialRecord({
      ...base,
      grades: {
        outcome: buildGrade([check('expect.unchanged', true)]),
        response: buildGrade([check('expect.communicate[0]', false)]),
      },
    });
    expect(sourceVerdict(said)).toBe('fail');
    const ok = buildTrialRecord({
      ...base,
      grades: {
        outcome: buildGrade([check('expect.unchanged', true)]),
        constraints: buildGrade([check('constraints[0]', false)], { role: 'constraint' }),
      },
    });
    expect(sourceVerdict(ok)).toBe('pass');
  });
});
