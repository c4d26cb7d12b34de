import { describe, expect, it } from 'vitest';
import {
  buildTask,
  checkGrader,
  playSteps,
  shopEnvironment,
  shopRefundTask,
} from '../testing/index.js';
import type { PlayedStep } from '../testing/index.js';
import { partialGrader } from './partial-grader.js';
import { runGraders } from './run-graders.js';

const subgoals = [
  {
    name: 'looked up the order',
    weight: 1,
    called: { tool: 'get_order', args: { order_id: '8842' } },
  },
  { name: 'refund made', weight: 3, change: { insert: 'refunds', match: { order_id: '8842' } } },
  { name: 'amount told', weight: 1, said: '42.99' },
  { name: 'status', weight: 1, assert: "sT_by_id.orders['8842'].status == 'refunded'" },
];
const task = buildTask(shopEnvironment, { ...shopRefundTask, subgoals });
const play = (steps: readonly PlayedStep[]) => playSteps(task, shopEnvironment, steps);

const lookUp: PlayedStep = { tool: 'get_order', args: { order_id: '8842' } };
const check: PlayedStep = { tool: 'check_eligibility', args: { order_id: '8842' } };
const refund: PlayedStep = {
  tool: 'process_refund',
  args: { order_id: '8842', amount_cents: 4299 },
};

describe('partial credit', () => {
  it('keeps the grader contract: every sub-goal met passes, nothing done and a near miss fail', async () => {
    const problems = await checkGrader(partialGrader, [
      {
        name: 'known-good',
        context: await play([lookUp, check, refund, { say: 'Refunded 42.99.' }]),
        expect: 'pass',
      },
      { name: 'known-bad: nothing done', context: await play([]), expect: 'fail' },
      {
        name: 'near-miss: refunded without saying the amount',
        context: await play([lookUp, check, refund, { say: 'Refunded.' }]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('scores Σ weight·pass / Σ weight (worked examples)', async () => {
    const score = async (steps: PlayedStep[]) =>
      (await partialGrader.grade(await play(steps))).score;
    // Weights 1, 3, 1, 1 (total 6).
    expect(await score([lookUp, check, refund, { say: 'Refunded 42.99.' }])).toBe(1);
    // Refund made and status set (3 + 1), no lookup and no amount said: 4/6.
    expect(await score([check, refund, { say: 'Refunded.' }])).toBeCloseTo(4 / 6, 15);
    // Looked up and told the amount, no refund: 2/6.
    expect(await score([lookUp, { say: 'It would be 42.99.' }])).toBeCloseTo(2 / 6, 15);
    expect(await score([])).toBe(0);
  });

  it('counts only successful calls with matching arguments for `called`', async () => {
    const output = await partialGrader.grade(
      await play([
        { tool: 'get_order', args: { order_id: '9999' } },
        { tool: 'get_order', args: { order_id: '8843' } },
      ]),
    );
    expect(output.checks[0]).toMatchObject({ id: 'subgoals[0]', kind: 'called', pass: false });
  });

  it('is a diagnostic: a low score never fails the trial, and success never rests on it', async () => {
    const graded = await runGraders([partialGrader], await play([]));
    expect(graded.grades['partial']).toMatchObject({ role: 'diagnostic', pass: false, score: 0 });
    expect(graded.success).toBe(true);
  });

  it('holds a `said` sub-goal to the commitment rule of `expect.communicate`', async () => {
    const hedged = 'It is one of 1.00, 2.00, 3.00, 4.00 or 42.99.';
    const output = await partialGrader.grade(await play([lookUp, { say: hedged }]));
    expect(output.checks[2]).toMatchObject({ id: 'subgoals[2]', kind: 'said', pass: false });
    expect(output.checks[2]?.message).toMatch(/^amount told: "42.99" was said, but beside 4 other/);
  });

  it("lets a `said` fact stand beside the values of the task's other facts", async () => {
    const withFacts = buildTask(shopEnvironment, {
      ...shopRefundTask,
      expect: { ...shopRefundTask.expect, communicate: ['1.00', '2.00'] },
      subgoals: [
        { name: 'total', said: '42.99' },
        { name: 'fees', said: '3.00' },
      ],
    });
    // Three values from nowhere (4, 5, 6) beside each fact: four or more if either list were left out.
    const told = 'Refund 42.99: fees 1.00, 2.00, 3.00; 4.00, 5.00 and 6.00 back.';
    const output = await partialGrader.grade(
      await playSteps(withFacts, shopEnvironment, [{ say: told }]),
    );
    expect(output.checks.map((check) => check.pass)).toEqual([true, true]);
  });

  it('a sub-goal assertion that cannot be evaluated is a grader failure naming it', async () => {
    const broken = buildTask(shopEnvironment, {
      ...shopRefundTask,
      subgoals: [{ name: 'x', assert: 'sT_by_id.orders["1"].status == "x"' }],
    });
    const graded = await runGraders([partialGrader], await playSteps(broken, shopEnvironment, []));
    expect(graded.failure?.grader).toBe('partial');
    expect(graded.failure?.message).toMatch(/^subgoals\[0\]: /);
  });
});
