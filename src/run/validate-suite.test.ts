import { describe, expect, it } from 'vitest';
import type { Suite } from '../task/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { validateSuite } from './validate-suite.js';

function suiteOf(...specs: Record<string, unknown>[]): Suite {
  return {
    name: 'shop',
    path: '/shop',
    hash: 'h',
    environment: shopEnvironment,
    tasks: specs.map((spec) => buildTask(shopEnvironment, spec)),
  };
}

const failing = (validation: Awaited<ReturnType<typeof validateSuite>>) =>
  validation.tasks.flatMap((task) =>
    task.checks.filter((check) => !check.pass).map((check) => `${task.task_id} ${check.name}`),
  );

describe('validateSuite', () => {
  it('accepts a task whose oracle succeeds and whose known-bad path fails on the named check', async () => {
    const withAssert = {
      ...shopRefundTask,
      expect: { ...shopRefundTask.expect, assert: ['sT.refunds.size() <= 1'] },
    };
    const validation = await validateSuite(suiteOf(withAssert));
    expect(failing(validation)).toEqual([]);
    expect(validation.usable).toBe(true);
    expect(validation.tasks[0]?.checks.map((check) => check.name)).toEqual([
      'oracle',
      'reset',
      'known_bad:KNOWN-BAD-wrong-order',
      'expect.assert[0]',
      'do_nothing',
      'replay',
    ]);
  });

  it('plays every known-good path and names the task, path and failed checks when one fails', async () => {
    const withPaths = {
      ...shopRefundTask,
      known_good: [
        {
          name: 'order-looked-up-later',
          actions: [
            { tool: 'check_eligibility', args: { order_id: '8842' } },
            { tool: 'get_order', args: { order_id: '8842' } },
            { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
            { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
            { say: 'Refunded 42.99.' },
          ],
        },
        {
          name: 'no-consent',
          actions: [
            { tool: 'check_eligibility', args: { order_id: '8842' } },
            { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
            { say: 'Refunded 42.99.' },
          ],
        },
      ],
    };
    const validation = await validateSuite(suiteOf(withPaths));
    const checks = validation.tasks[0]!.checks;
    expect(checks.map((check) => check.name).slice(0, 4)).toEqual([
      'oracle',
      'reset',
      'known_good:order-looked-up-later',
      'known_good:no-consent',
    ]);
    expect(failing(validation)).toEqual(['refund-8842 known_good:no-consent']);
    expect(checks[3]!.message).toBe(
      "the task is broken: its known-good path no-consent fails check constraints[0]: irreversible calls without the user's confirmation expected 0, actual 1",
    );
    expect(validation.usable).toBe(false);
  });

  it('flags a reference that does not solve the task', async () => {
    const broken = {
      ...shopRefundTask,
      reference: shopRefundTask.reference.filter(
        (step) => !('tool' in step && step.tool === 'check_eligibility'),
      ),
    };
    const validation = await validateSuite(suiteOf(broken));
    expect(failing(validation)).toContain('refund-8842 oracle');
    expect(validation.usable).toBe(false);
  });

  it('calls a reference path that fails a change check a broken task, with expected and actual', async () => {
    const mistaken = {
      ...shopRefundTask,
      expect: {
        ...shopRefundTask.expect,
        changes: [
          { set: 'orders/8842/status', to: 'reimbursed' },
          shopRefundTask.expect.changes[1],
        ],
      },
      known_bad: [],
    };
    const validation = await validateSuite(suiteOf(mistaken));
    expect(failing(validation)).toEqual(['refund-8842 oracle']);
    expect(validation.tasks[0]!.checks[0]!.message).toBe(
      'the task is broken: its reference path fails check expect.changes[0]: orders/8842/status expected "reimbursed", actual "refunded"',
    );
  });

  it('names a failing assertion of the reference path with the values it read', async () => {
    const mistaken = {
      ...shopRefundTask,
      expect: { ...shopRefundTask.expect, assert: ['sT.refunds.size() == 2'] },
    };
    const validation = await validateSuite(suiteOf(mistaken));
    expect(validation.tasks[0]!.checks[0]!.message).toBe(
      'the task is broken: its reference path fails check expect.assert[0]: sT.refunds.size() == 2 is false: sT.refunds.size() = 1',
    );
  });

  it('says when a reference message states the fact beside conflicting values', async () => {
    const hedging = {
      ...shopRefundTask,
      reference: [
        { tool: 'get_order', args: { order_id: '8842' } },
        { tool: 'check_eligibility', args: { order_id: '8842' } },
        { say: 'I can refund order 8842. Shall I proceed?' },
        { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
        { say: 'Done: refunded one of 42.99, 41.99, 40.99, 39.99 or 38.99 for order 8842.' },
      ],
    };
    const validation = await validateSuite(suiteOf(hedging));
    expect(failing(validation)).toEqual(['refund-8842 oracle']);
    expect(validation.tasks[0]!.checks[0]!.message).toMatchInlineSnapshot(
      `"the task is broken: its reference path fails check expect.communicate[0]: the reference message states conflicting values: "42.99" was said, but beside 4 other amounts (41.99, 40.99, 39.99, ...): not a commitment (at most 3 values that no tool result, user message or expected fact gave may stand beside it)"`,
    );
  });

  it('flags a known-bad path that the graders let through, or that fails on another check', async () => {
    const lenient = {
      ...shopRefundTask,
      known_bad: [
        { name: 'actually-good', actions: shopRefundTask.reference },
        { ...shopRefundTask.known_bad[0]!, fails: 'constraints[0]' },
      ],
    };
    const validation = await validateSuite(suiteOf(lenient));
    const checks = validation.tasks[0]!.checks;
    expect(checks.find((check) => check.name === 'known_bad:actually-good')).toMatchObject({
      pass: false,
      message: 'this known-bad path succeeds: the graders do not catch it',
    });
    expect(
      checks.find((check) => check.name === 'known_bad:KNOWN-BAD-wrong-order')?.message,
    ).toMatch(/^fails, but not on constraints\[0\]/);
  });

  it('flags a task that requires a change but passes when nothing is done', async () => {
    const vacuous = {
      ...shopRefundTask,
      expect: { changes: [{ set: 'orders/8842/status', to: 'delivered' }] },
      known_bad: [],
    };
    const validation = await validateSuite(suiteOf(vacuous));
    expect(failing(validation)).toContain('refund-8842 do_nothing');
    expect(validation.usable).toBe(false);
  });

  describe('an assertion that cannot be evaluated', () => {
    const withAsserts = (assert: string[]) =>
      suiteOf({ ...shopRefundTask, expect: { ...shopRefundTask.expect, assert } });

    it('is named with its index, expression, error and the state it broke on', async () => {
      const validation = await validateSuite(
        withAsserts([
          'sT.refunds.size() == 1',
          'sT_by_id.orders["8842"].total_cents * 2 > 0',
          'sT.refunds.size() == 0 || sT.refunds[0].amount_cents * 2 > 0',
          'sT_by_id.refunds["RF-1"].amount_cents == 4299',
          'sT.refunds.map(r, r.amount_cents).sum() == 4299',
        ]),
      );
      expect(validation.usable).toBe(false);
      const task = validation.tasks[0]!;
      expect(task.file).toBe('tasks/refund-8842.yaml');
      expect(
        task.checks
          .filter((check) => check.name.startsWith('expect.assert'))
          .map((check) => `${check.name} ${check.pass ? 'ok' : check.message}`),
      ).toEqual([
        'expect.assert[0] ok',
        'expect.assert[1] sT_by_id.orders["8842"].total_cents * 2 > 0 cannot be evaluated on s0 (nothing changed): no such overload: dyn<double> * int',
        "expect.assert[2] sT.refunds.size() == 0 || sT.refunds[0].amount_cents * 2 > 0 cannot be evaluated on the reference path's final state: no such overload: dyn<double> * int",
        'expect.assert[3] sT_by_id.refunds["RF-1"].amount_cents == 4299 cannot be evaluated on s0 (nothing changed): No such key: RF-1',
        "expect.assert[4] sT.refunds.map(r, r.amount_cents).sum() == 4299 cannot be evaluated on s0 (nothing changed): found no matching overload for 'list.sum()'",
      ]);
      // Doing nothing fails the expected changes, so the verdict does not rest on the
      // broken assertions: the trial fails, with them listed among its failed checks.
      expect(task.checks.find((check) => check.name === 'do_nothing')?.message).toMatch(
        /^an agent that does nothing fails \(expect\.changes\[0\], .*expect\.assert\[1\]/,
      );
    });

    it('is caught by the type checker in a branch no probed state reaches', async () => {
      const validation = await validateSuite(
        withAsserts(['sT.refunds.size() < 5 || sT.refunds[0].amount == 4299']),
      );
      expect(validation.usable).toBe(false);
      expect(
        validation.tasks[0]!.checks.find((check) => check.name === 'expect.assert[0]'),
      ).toMatchObject({
        pass: false,
        severity: 'error',
        message:
          "sT.refunds.size() < 5 || sT.refunds[0].amount == 4299 does not type-check against the fields of the records in s0 and the reference and known-bad paths' final states: No such key: amount",
      });
    });

    it('makes the oracle a grader failure that names the check, not a failed reference', async () => {
      const validation = await validateSuite(
        withAsserts(['sT.refunds.size() == 0 || sT.refunds[0].amount_cents * 2 > 0']),
      );
      expect(validation.tasks[0]!.checks.find((check) => check.name === 'oracle')?.message).toBe(
        'the task is broken: its reference path cannot be graded: grader failed: expect.assert[0]: sT.refunds.size() == 0 || sT.refunds[0].amount_cents * 2 > 0: no such overload: dyn<double> * int',
      );
    });
  });
});
