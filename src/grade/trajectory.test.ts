import { describe, expect, it } from 'vitest';
import type { TrialEvent } from '../schema/index.js';
import {
  buildGradeContext,
  buildTask,
  checkGrader,
  playSteps,
  shopEnvironment,
  shopRefundTask,
} from '../testing/index.js';
import type { PlayedStep } from '../testing/index.js';
import { roleOf } from './grader.js';
import { trajectoryGrader } from './built-in-graders.js';
import { gradeTrajectory } from './trajectory.js';

const taskWith = (trajectory: Record<string, unknown>) =>
  buildTask(shopEnvironment, { ...shopRefundTask, trajectory });

const good: PlayedStep[] = [
  { tool: 'get_order', args: { order_id: '8842' } },
  { tool: 'check_eligibility', args: { order_id: '8842' } },
  { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
  { user: 'Yes, please go ahead.' },
  { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
  { say: 'Done: 42.99 refunded for order 8842.' },
];

describe('trajectoryGrader', () => {
  it('in_order over the task reference: known-good, known-bad and near-miss trials', async () => {
    const task = taskWith({ match: 'in_order' });
    const play = (steps: readonly PlayedStep[]) => playSteps(task, shopEnvironment, steps);
    const problems = await checkGrader(trajectoryGrader, [
      { name: 'known-good: the reference path', context: await play(good), expect: 'pass' },
      {
        name: 'known-good: an extra look-up between',
        context: await play([
          good[0]!,
          { tool: 'get_order', args: { order_id: '8843' } },
          ...good.slice(1),
        ]),
        expect: 'pass',
      },
      { name: 'known-bad: no calls', context: await play([]), expect: 'fail' },
      {
        name: 'near-miss: every call, but eligibility checked before the look-up',
        context: await play([good[1]!, good[0]!, ...good.slice(2)]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('exact with arguments: the wrong order id is a near miss', async () => {
    const task = taskWith({ match: 'exact', args: 'exact', required: true });
    const play = (steps: readonly PlayedStep[]) => playSteps(task, shopEnvironment, steps);
    const problems = await checkGrader(trajectoryGrader, [
      { name: 'known-good', context: await play(good), expect: 'pass' },
      {
        name: 'known-bad: a call repeated',
        context: await play([good[0]!, ...good]),
        expect: 'fail',
      },
      {
        name: 'near-miss: looks up 8843 first',
        context: await play([{ tool: 'get_order', args: { order_id: '8843' } }, ...good.slice(1)]),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('any_order with its own reference: order free, extra calls allowed, each call needed', async () => {
    const task = taskWith({
      match: 'any_order',
      reference: [{ tool: 'process_refund' }, { tool: 'check_eligibility' }],
    });
    const play = (steps: readonly PlayedStep[]) => playSteps(task, shopEnvironment, steps);
    const problems = await checkGrader(trajectoryGrader, [
      { name: 'known-good', context: await play(good), expect: 'pass' },
      { name: 'known-bad: look-up only', context: await play([good[0]!]), expect: 'fail' },
      {
        name: 'near-miss: checked but never refunded',
        context: await play(good.slice(0, 3)),
        expect: 'fail',
      },
    ]);
    expect(problems).toEqual([]);
  });

  it('is a diagnostic unless required, and applies only when declared', () => {
    expect(roleOf(trajectoryGrader, taskWith({}).spec)).toBe('diagnostic');
    expect(roleOf(trajectoryGrader, taskWith({ required: true }).spec)).toBe('constraint');
    expect(trajectoryGrader.appliesTo(buildTask(shopEnvironment, shopRefundTask).spec)).toBe(false);
    expect(taskWith({}).spec.trajectory).toEqual({
      match: 'in_order',
      args: 'ignore',
      required: false,
    });
  });
});

const call = (tool: string, args: Record<string, string> = {}): TrialEvent => ({
  t_ms: 0,
  kind: 'tool_call',
  call_id: tool,
  tool,
  args,
});

describe('gradeTrajectory', () => {
  it('scores F1 of precision and recall and lists what is missing and extra', () => {
    const spec = taskWith({
      match: 'superset',
      reference: [
        { tool: 'get_reservation' },
        { tool: 'search_flights' },
        { tool: 'update_reservation' },
      ],
    }).spec.trajectory!;
    const events = [
      'get_reservation',
      'search_flights',
      'search_flights',
      'update_reservation',
    ].map((tool) => call(tool));
    const output = gradeTrajectory({ spec, reference: [], events });
    const precision = 3 / 4;
    const recall = 1;
    expect(output.pass).toBe(true);
    expect(output.score).toBeCloseTo((2 * precision * recall) / (precision + recall), 12);
    expect(output.evidence).toMatchObject({
      precision,
      recall,
      redundant: 1,
      missing: [],
      extra: ['search_flights'],
      modes: { exact: false, in_order: true, any_order: true, subset: false, superset: true },
    });

    const none = gradeTrajectory({ spec, reference: [], events: [call('cancel')] });
    expect(none).toMatchObject({ pass: false, score: 0 });
    expect(none.checks[0]!.message).toMatch(
      /missing get_reservation, search_flights, update_reservation; extra cancel/,
    );
  });

  it('counts blocked and failed attempts: every tool_call the dispatcher recorded', async () => {
    const task = taskWith({ match: 'subset' });
    const context = buildGradeContext(task, {
      events: [call('get_order', { order_id: '8842' }), call('delete_everything')],
    });
    const output = await trajectoryGrader.grade(context);
    expect(output.pass).toBe(false);
    expect(output.evidence).toMatchObject({ actual_calls: 2, extra: ['delete_everything'] });
  });

  it('refuses to grade without reference calls', () => {
    const spec = taskWith({}).spec.trajectory!;
    expect(() => gradeTrajectory({ spec, reference: [{ say: 'hi' }], events: [] })).toThrow(
      /no reference calls/,
    );
  });
});
