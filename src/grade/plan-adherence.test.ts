import { describe, expect, it } from 'vitest';
import { createRng } from '../core/index.js';
import type { ExecutedCall } from './plan-adherence.js';
import { planAdherence } from './plan-adherence.js';
import type { PlannedStep } from './find-plan.js';

const call = (tool: string, args: Record<string, string> = {}): ExecutedCall => ({ tool, args });

/** Most steps matched to distinct calls, by trying every assignment (in order or not). */
function bruteForce(plan: PlannedStep[], calls: ExecutedCall[], inOrder: boolean): number {
  const fits = (c: ExecutedCall, s: PlannedStep) =>
    c.tool === s.tool &&
    Object.entries(s.args ?? {}).every(([k, v]) => (c.args as Record<string, unknown>)[k] === v);
  let best = 0;
  const search = (step: number, used: Set<number>, last: number, matched: number): void => {
    if (step === plan.length) {
      best = Math.max(best, matched);
      return;
    }
    search(step + 1, used, last, matched);
    calls.forEach((c, index) => {
      if (used.has(index) || (inOrder && index <= last) || !fits(c, plan[step]!)) return;
      used.add(index);
      search(step + 1, used, inOrder ? index : last, matched + 1);
      used.delete(index);
    });
  };
  search(0, new Set(), -1, 0);
  return best;
}

describe('planAdherence', () => {
  it('worked example: a swapped pair keeps one step in order, both in any order', () => {
    const plan = [{ tool: 'a' }, { tool: 'b' }, { tool: 'c' }];
    const calls = [call('b'), call('a'), call('c'), call('d')];
    // In order: the longest run of plan steps in the plan's order is a, c (or b, c): 2 of 3.
    expect(planAdherence(plan, calls, 'in_order')).toEqual({
      mode: 'in_order',
      matched: 2,
      planned: 3,
      executed: 4,
      score: 2 / 3,
    });
    expect(planAdherence(plan, calls, 'any_order').score).toBe(1);
    // Exact: 2 in order over max(3 planned, 4 made).
    expect(planAdherence(plan, calls, 'exact').score).toBe(0.5);
  });

  it('matches arguments partially: a step without arguments fits any call of its tool', () => {
    const plan = [{ tool: 'get_order', args: { order_id: '8842' } }, { tool: 'get_order' }];
    // Greedy pairing could give the specific step's only call to the general one.
    const calls = [call('get_order', { order_id: '8842' }), call('get_order', { order_id: '1' })];
    expect(planAdherence(plan, calls, 'any_order').matched).toBe(2);
    expect(planAdherence(plan, [call('get_order', { order_id: '1' })], 'any_order').matched).toBe(
      1,
    );
  });

  it('an empty plan with no calls is followed; one with calls is not exact', () => {
    expect(planAdherence([], [], 'exact').score).toBe(1);
    expect(planAdherence([], [call('a')], 'exact').score).toBe(0);
    expect(planAdherence([], [call('a')], 'in_order').score).toBe(1);
  });

  it('agrees with brute force on 300 random small cases', () => {
    const rng = createRng(19);
    const tools = ['a', 'b', 'c'];
    const ids = ['1', '2'];
    const step = (): PlannedStep =>
      rng.chance(0.5)
        ? { tool: rng.pick(tools) }
        : { tool: rng.pick(tools), args: { id: rng.pick(ids) } };
    for (let index = 0; index < 300; index += 1) {
      const plan = Array.from({ length: rng.int(0, 4) }, step);
      const calls = Array.from({ length: rng.int(0, 5) }, () =>
        call(rng.pick(tools), { id: rng.pick(ids) }),
      );
      expect(planAdherence(plan, calls, 'in_order').matched).toBe(bruteForce(plan, calls, true));
      expect(planAdherence(plan, calls, 'any_order').matched).toBe(bruteForce(plan, calls, false));
    }
  });
});
