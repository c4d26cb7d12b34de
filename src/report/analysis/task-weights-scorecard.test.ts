import { describe, expect, it } from 'vitest';
import type { Grade } from '../../schema/index.js';
import { buildGrade, buildRunRecord, buildTrialRecord } from '../../testing/index.js';
import { buildScorecard } from './build-scorecard.js';
import { renderTerminal } from '../rendering/render-terminal.js';

/** Task a passes 2 of 2, b 0 of 2, c 1 of 2; a and b labelled family x, c family y. */
const trials = [
  ...[true, true].map((success, i) =>
    buildTrialRecord({ task_id: 'a', attempt: i + 1, success, labels: { family: 'x' } }),
  ),
  ...[false, false].map((success, i) =>
    buildTrialRecord({ task_id: 'b', attempt: i + 1, success, labels: { family: 'x' } }),
  ),
  ...[true, false].map((success, i) =>
    buildTrialRecord({ task_id: 'c', attempt: i + 1, success, labels: { family: 'y' } }),
  ),
];
const ids = ['a', 'b', 'c'];

describe('buildScorecard with task weights', () => {
  it('equal weights give the scorecard of a run without weights, figure for figure', () => {
    const plain = buildScorecard(buildRunRecord(ids), trials);
    const equal = buildScorecard(
      buildRunRecord(ids, { suite: { weights: { a: 3, b: 3, c: 3 } } }),
      trials,
    );
    const strip = (card: typeof plain) => ({
      ...card,
      tasks: card.tasks.map(({ weight: _weight, ...task }) => task),
    });
    expect(strip(equal)).toEqual(strip(plain));
  });

  it('weights every suite mean: success, outcome-only, pass^k, pass@k and slices', () => {
    const card = buildScorecard(
      buildRunRecord(ids, { suite: { weights: { a: 1, b: 3 } } }),
      trials,
    );
    // Rates 1, 0, 0.5 with weights 1, 3, 1 (c defaults to 1): 1.5 / 5.
    expect(card.success_rate.value).toBeCloseTo(0.3, 14);
    // pass^2: 1, 0, 0 → 1/5; pass@2: 1, 0, 1 → 2/5.
    expect(card.pass_hat_k[2]).toBeCloseTo(0.2, 14);
    expect(card.pass_at_k[2]).toBeCloseTo(0.4, 14);
    // Slice x: a (1, weight 1) and b (0, weight 3) → 0.25; y: c alone → 0.5.
    expect(card.slices.family?.x?.success_rate).toBeCloseTo(0.25, 14);
    expect(card.slices.family?.y?.success_rate).toBeCloseTo(0.5, 14);
    expect(card.tasks.map((task) => task.weight)).toEqual([1, 3, 1]);
    expect(renderTerminal(card)).toContain(
      'weighted: suite means weight each task by its weight (1 of 3 tasks not at 1: b ×3)',
    );
    expect(renderTerminal(buildScorecard(buildRunRecord(ids), trials))).not.toContain('weighted:');
    const [lower, upper] = card.success_rate.ci95;
    expect(lower).toBeLessThan(0.3);
    expect(upper).toBeGreaterThan(0.3);
  });

  it('weights the partial-credit, plan and constraint means too', () => {
    const check = (id: string, pass: boolean) => ({
      id,
      kind: id === 'plan.found' ? 'plan_found' : 'consent',
      pass,
      message: '',
      evidence: null,
    });
    // Task a: partial 1, plan passed, adherence 1, consent kept; task b: partial 0.2, plan
    // found but broken, adherence 0.5, consent broken. Two trials each, alike.
    const graded = (taskId: string, good: boolean, attempt: number) => {
      const grades: Record<string, Grade> = {
        partial: buildGrade([], { role: 'diagnostic', score: good ? 1 : 0.2 }),
        plan: buildGrade([check('plan.found', true), check('plan.checks[0]', good)], {
          role: 'constraint',
        }),
        plan_adherence: buildGrade([], { role: 'diagnostic', score: good ? 1 : 0.5 }),
        constraints: buildGrade([check('constraints[0]', good)], { role: 'constraint' }),
      };
      return buildTrialRecord({ task_id: taskId, attempt, success: good, grades });
    };
    const scored = [1, 2].flatMap((attempt) => [
      graded('a', true, attempt),
      graded('b', false, attempt),
    ]);
    const card = (weights?: Record<string, number>) =>
      buildScorecard(
        buildRunRecord(['a', 'b'], weights === undefined ? {} : { suite: { weights } }),
        scored,
      );
    // Equal: (1 + 0.2) / 2; a ×1, b ×3: (1 + 3 · 0.2) / 4.
    expect(card().partial?.mean).toBeCloseTo(0.6, 14);
    expect(card({ a: 1, b: 3 }).partial?.mean).toBeCloseTo(0.4, 14);
    expect(card({ a: 1, b: 3 }).partial?.success.rate).toBeCloseTo(0.25, 14);
    expect(card({ a: 1, b: 3 }).plans?.adherence?.mean).toBeCloseTo((1 + 3 * 0.5) / 4, 14);
    // Micro and macro stay pooled counts (checks, plans); their intervals weigh the tasks.
    const plans = card({ a: 1, b: 3 }).plans!;
    expect(plans.macro).toMatchObject({ passed: 2, of: 4, rate: 0.5 });
    expect(plans.macro.ci95[1]).toBeLessThan(card().plans!.macro.ci95[1]);
    // Constraint checks (the plan's among them): a 3/3, b 1/3.
    expect(card({ a: 1, b: 3 }).constraints_pass?.micro.task_rate).toBeCloseTo((1 + 3 / 3) / 4, 14);
    expect(card().constraints_pass?.micro.task_rate).toBeCloseTo((1 + 1 / 3) / 2, 14);
  });
});
