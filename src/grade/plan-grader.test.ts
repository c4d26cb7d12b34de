import { describe, expect, it } from 'vitest';
import {
  buildGradeContext,
  buildTask,
  checkGrader,
  playSteps,
  shopEnvironment,
  shopRefundTask,
} from '../testing/index.js';
import type { PlayedStep } from '../testing/index.js';
import { planAdherenceGrader, planGrader } from './plan-grader.js';
import { runGraders } from './run-graders.js';

const task = buildTask(shopEnvironment, {
  ...shopRefundTask,
  plan: {
    from: 'message',
    checks: [
      { includes: { tool: 'process_refund', args: { order_id: '8842' } } },
      { excludes: { tool: 'transfer_to_human' } },
      { order: ['check_eligibility', 'process_refund'] },
      { max_steps: 4 },
    ],
    adherence: 'in_order',
  },
});
const play = (steps: readonly PlayedStep[]) => playSteps(task, shopEnvironment, steps);

const PLAN =
  'PLAN: [{"tool": "check_eligibility", "args": {"order_id": "8842"}}, {"tool": "process_refund", "args": {"order_id": "8842"}}]';
const refund: PlayedStep[] = [
  { tool: 'check_eligibility', args: { order_id: '8842' } },
  { say: 'I can refund 42.99. Shall I proceed?' },
  { user: 'Yes, please go ahead.' },
  { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
  { say: 'Done: 42.99 refunded.' },
];

describe('plan graders', () => {
  it('plan keeps the grader contract: a good plan passes, no plan and a near-miss plan fail', async () => {
    const problems = await checkGrader(planGrader, [
      { name: 'known-good', context: await play([{ say: PLAN }, ...refund]), expect: 'pass' },
      { name: 'known-bad: no plan stated', context: await play(refund), expect: 'fail' },
      {
        name: 'near-miss: the refund planned before the eligibility check',
        context: await play([
          {
            say: 'PLAN: [{"tool": "process_refund", "args": {"order_id": "8842"}}, {"tool": "check_eligibility", "args": {"order_id": "8842"}}]',
          },
          ...refund,
        ]),
        expect: 'fail',
      },
      {
        name: 'near-miss: the wrong order planned',
        context: await play([{ say: PLAN.replaceAll('8842', '8843') }, ...refund]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('no plan is a failed check, not a grader failure, and fails the trial as a constraint', async () => {
    const context = await play(refund);
    const graded = await runGraders([planGrader], context);
    expect(graded.failure).toBeNull();
    expect(graded.success).toBe(false);
    expect(graded.grades['plan']).toMatchObject({ role: 'constraint', pass: false, error: null });
    expect(graded.grades['plan']?.checks.map((check) => [check.id, check.pass])).toEqual([
      ['plan.found', false],
    ]);
  });

  it('a plan breaking one check fails that check alone', async () => {
    const longPlan = `PLAN: ${JSON.stringify([
      'get_order',
      'check_eligibility',
      { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
      'get_order',
      'get_order',
    ])}`;
    const output = await planGrader.grade(await play([{ say: longPlan }]));
    expect(output.checks.map((check) => [check.id, check.pass])).toEqual([
      ['plan.found', true],
      ['plan.checks[0]', true],
      ['plan.checks[1]', true],
      ['plan.checks[2]', true],
      ['plan.checks[3]', false],
    ]);
  });

  it('plan adherence keeps the grader contract: followed passes, a skipped step fails', async () => {
    const problems = await checkGrader(planAdherenceGrader, [
      { name: 'known-good', context: await play([{ say: PLAN }, ...refund]), expect: 'pass' },
      { name: 'known-bad: no plan', context: await play(refund), expect: 'fail' },
      {
        name: 'near-miss: planned the refund, never made it',
        context: await play([{ say: PLAN }, ...refund.slice(0, 2)]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('adherence counts only calls after the plan, and is a diagnostic that never decides success', async () => {
    // The eligibility check came before the plan: only the refund (1 of 2 planned) follows it.
    const context = await play([refund[0]!, { say: PLAN }, ...refund.slice(1)]);
    const graded = await runGraders([planAdherenceGrader], context);
    expect(graded.grades['plan_adherence']).toMatchObject({ role: 'diagnostic', score: 0.5 });
    expect(graded.success).toBe(true);
  });

  it('reads a plan from the plan tool call when the task says so', async () => {
    const fromTool = buildTask(shopEnvironment, {
      ...shopRefundTask,
      plan: { from: 'tool', checks: [{ max_steps: 1 }] },
    });
    const context = buildGradeContext(fromTool, {
      events: [
        {
          t_ms: 0,
          kind: 'tool_call',
          call_id: 'c1',
          tool: 'submit_plan',
          args: { steps: ['get_order'] },
        },
        {
          t_ms: 1,
          kind: 'tool_result',
          call_id: 'c1',
          tool: 'submit_plan',
          ok: true,
          result: 'ok',
          duration_ms: 0,
        },
        {
          t_ms: 2,
          kind: 'tool_call',
          call_id: 'c2',
          tool: 'get_order',
          args: { order_id: '8842' },
        },
      ],
    });
    expect((await planGrader.grade(context)).pass).toBe(true);
    // The plan tool's own call is not a step carried out.
    expect(await planAdherenceGrader.grade(context)).toMatchObject({
      score: 1,
      evidence: { matched: 1, planned: 1, executed: 1 },
    });
  });
});
