import { canonicalJson } from '../core/index.js';
import type { Step } from '../schema/index.js';

/** The heading put before the plan where it joins the policy (`--mode oracle-plan`). */
export const PLAN_HEADING = 'A plan for this request (a known-good path; follow it):';

/**
 * A reference path as numbered steps in words, the plan an `oracle-plan`
 * run gives the agent: `1. call get_order with {"order_id":"8842"}`, a
 * message to the user as `tell the user: …`, and a path's closing message
 * as `finish with an answer like: …`.
 *
 * @example referencePlan([{ tool: 'get_order', args: { order_id: '8842' } }])
 * // '1. call get_order with {"order_id":"8842"}'
 */
export function referencePlan(steps: readonly Step[]): string {
  return steps
    .map((step, index) => {
      const number = `${index + 1}.`;
      if ('tool' in step) return `${number} call ${step.tool} with ${canonicalJson(step.args)}`;
      const last = index === steps.length - 1;
      const text = step.say.trim();
      return last
        ? `${number} finish with an answer like: ${text}`
        : `${number} tell the user: ${text}`;
    })
    .join('\n');
}
