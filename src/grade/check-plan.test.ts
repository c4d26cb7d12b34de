import { describe, expect, it } from 'vitest';
import type { PlanCheck } from '../schema/index.js';
import { checkPlan } from './check-plan.js';
import type { PlannedStep } from './find-plan.js';

const plan: PlannedStep[] = [
  { tool: 'get_order', args: { order_id: '8842' } },
  { tool: 'check_eligibility', args: { order_id: '8842' } },
  { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
];
const verdicts = (checks: PlanCheck[], steps: readonly PlannedStep[] = plan) =>
  checkPlan(checks, steps).map((check) => check.pass);

describe('checkPlan', () => {
  it('includes: the tool with arguments that include the named ones', () => {
    expect(
      verdicts([
        { includes: { tool: 'process_refund', args: { order_id: '8842' } } },
        { includes: { tool: 'process_refund' } },
        { includes: { tool: 'process_refund', args: { order_id: '8843' } } },
        { includes: { tool: 'delete_order' } },
      ]),
    ).toEqual([true, true, false, false]);
  });

  it('excludes: fails only on a matching step', () => {
    expect(
      verdicts([
        { excludes: { tool: 'delete_order' } },
        { excludes: { tool: 'process_refund', args: { order_id: '8843' } } },
        { excludes: { tool: 'process_refund' } },
      ]),
    ).toEqual([true, true, false]);
  });

  it('order: every tool planned, each first planned after the one before', () => {
    const swapped = [plan[0]!, plan[2]!, plan[1]!];
    const again = [...swapped, plan[2]!];
    expect(verdicts([{ order: ['check_eligibility', 'process_refund'] }])).toEqual([true]);
    expect(verdicts([{ order: ['check_eligibility', 'process_refund'] }], swapped)).toEqual([
      false,
    ]);
    // A refund planned before the check is out of order even if another comes after it.
    expect(verdicts([{ order: ['check_eligibility', 'process_refund'] }], again)).toEqual([false]);
    expect(verdicts([{ order: ['check_eligibility', 'send_email'] }])).toEqual([false]);
    const [check] = checkPlan([{ order: ['check_eligibility', 'process_refund'] }], swapped);
    expect(check?.message).toBe('the plan has process_refund before check_eligibility');
  });

  it('max_steps: at most that many steps, the bound included', () => {
    expect(verdicts([{ max_steps: 3 }, { max_steps: 2 }])).toEqual([true, false]);
  });

  it('names each check by its place in the task', () => {
    const ids = checkPlan([{ max_steps: 9 }, { excludes: { tool: 'x' } }], plan).map((c) => c.id);
    expect(ids).toEqual(['plan.checks[0]', 'plan.checks[1]']);
  });
});
