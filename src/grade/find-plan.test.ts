import { describe, expect, it } from 'vitest';
import type { PlanSpec, TrialEvent } from '../schema/index.js';
import { MAX_PLAN_STEPS, findPlan, readPlanFromText } from './find-plan.js';

const spec = (from: 'message' | 'tool'): PlanSpec => ({
  from,
  tool: 'submit_plan',
  checks: [],
  adherence: 'in_order',
});
const says = (text: string): TrialEvent => ({ t_ms: 0, kind: 'agent', text, final: false });

describe('readPlanFromText', () => {
  it('reads the JSON list after a PLAN: line, steps with or without arguments', () => {
    const text =
      'Here is what I will do.\nPLAN: [{"tool": "get_order", "args": {"order_id": "8842"}}, "process_refund"]\nOK?';
    expect(readPlanFromText(text)).toEqual([
      { tool: 'get_order', args: { order_id: '8842' } },
      { tool: 'process_refund' },
    ]);
  });

  it('reads a list spread over lines, with brackets inside strings', () => {
    const text = 'plan:\n[\n  {"tool": "a", "args": {"note": "x ] y"}},\n  {"tool": "b"}\n]';
    expect(readPlanFromText(text)).toEqual([{ tool: 'a', args: { note: 'x ] y' } }, { tool: 'b' }]);
  });

  it('reads a fenced JSON block holding a list or an object with steps, extra keys ignored', () => {
    expect(readPlanFromText('My plan:\n```json\n[{"tool": "a", "why": "first"}]\n```')).toEqual([
      { tool: 'a' },
    ]);
    expect(readPlanFromText('```\n{"steps": [{"tool": "b"}]}\n```')).toEqual([{ tool: 'b' }]);
  });

  it('skips blocks that are not plans and finds the one that is', () => {
    const text = '```js\nconst x = 1;\n```\n```json\n{"a": 1}\n```\n```json\n["c"]\n```';
    expect(readPlanFromText(text)).toEqual([{ tool: 'c' }]);
  });

  it('finds nothing in prose, broken JSON, lists of other things or an overlong plan', () => {
    expect(readPlanFromText('I will look up the order, then refund it.')).toBeUndefined();
    expect(readPlanFromText('PLAN: [{"tool": "a"')).toBeUndefined();
    expect(readPlanFromText('PLAN: [1, 2]')).toBeUndefined();
    expect(readPlanFromText('PLAN: [{"tool": "a", "args": [1]}]')).toBeUndefined();
    const long = JSON.stringify(Array.from({ length: MAX_PLAN_STEPS + 1 }, () => 'a'));
    expect(readPlanFromText(`PLAN: ${long}`)).toBeUndefined();
  });
});

describe('findPlan', () => {
  it('takes the first message that holds a plan, with its event index', () => {
    const events = [says('Let me look.'), says('PLAN: ["a"]'), says('PLAN: ["b"]')];
    expect(findPlan(spec('message'), events)).toEqual({
      found: true,
      steps: [{ tool: 'a' }],
      eventIndex: 1,
    });
  });

  it('reads the steps of the plan tool call when the plan comes from a tool', () => {
    const events: TrialEvent[] = [
      says('PLAN: ["ignored"]'),
      { t_ms: 1, kind: 'tool_call', call_id: 'c1', tool: 'submit_plan', args: { steps: ['x'] } },
    ];
    expect(findPlan(spec('tool'), events)).toEqual({
      found: true,
      steps: [{ tool: 'x' }],
      eventIndex: 1,
    });
  });

  it('says why when there is no plan', () => {
    const result = findPlan(spec('message'), [says('Done.')]);
    expect(result.found).toBe(false);
    expect(result.found ? '' : result.reason).toMatch(/no message of the agent holds a plan/);
    const fromTool = findPlan(spec('tool'), [says('PLAN: ["a"]')]);
    expect(fromTool.found ? '' : fromTool.reason).toMatch(/no call of submit_plan/);
  });
});
