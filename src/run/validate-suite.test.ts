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
    const validation = await validateSuite(suiteOf(shopRefundTask));
    expect(failing(validation)).toEqual([]);
    expect(validation.usable).toBe(true);
    expect(validation.tasks[0]?.checks.map((check) => check.name)).toEqual([
      'oracle',
      'reset',
      'known_bad:KNOWN-BAD-wrong-order',
      'do_nothing',
      'replay',
    ]);
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
});
