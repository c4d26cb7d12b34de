import { canonicalJson } from '../core/index.js';
import type { Check, PlanCheck, PlanStepMatch } from '../schema/index.js';
import type { PlannedStep } from './find-plan.js';
import { matchesPartially } from './matches-partially.js';

/** A planned step (or a call) is the step a check names: same tool, arguments that include the named ones. */
export function isStepMatch(step: PlannedStep, wanted: PlanStepMatch): boolean {
  return (
    step.tool === wanted.tool &&
    (wanted.args === undefined || matchesPartially(step.args ?? {}, wanted.args))
  );
}

function describe(wanted: PlanStepMatch): string {
  return wanted.args === undefined ? wanted.tool : `${wanted.tool} ${canonicalJson(wanted.args)}`;
}

/**
 * The task's hard constraints on a plan, one check each (`plan.checks[i]`):
 * `includes` a step, `excludes` a step, `order` (every listed tool planned,
 * each first planned after the one before it), `max_steps`.
 *
 * @example
 * checkPlan([{ max_steps: 1 }], [{ tool: 'a' }, { tool: 'b' }]);
 * // [{ id: 'plan.checks[0]', kind: 'max_steps', pass: false, message: 'the plan has 2 steps, at most 1 allowed', ... }]
 */
export function checkPlan(checks: readonly PlanCheck[], steps: readonly PlannedStep[]): Check[] {
  return checks.map((check, index) => {
    const id = `plan.checks[${index}]`;
    if ('includes' in check) {
      const at = steps.findIndex((step) => isStepMatch(step, check.includes));
      return {
        id,
        kind: 'includes',
        pass: at !== -1,
        message:
          at !== -1
            ? `the plan includes ${describe(check.includes)} (step ${at + 1})`
            : `the plan never includes ${describe(check.includes)}`,
        evidence: { step: at === -1 ? null : at },
      };
    }
    if ('excludes' in check) {
      const at = steps.findIndex((step) => isStepMatch(step, check.excludes));
      return {
        id,
        kind: 'excludes',
        pass: at === -1,
        message:
          at === -1
            ? `the plan leaves out ${describe(check.excludes)}`
            : `the plan includes ${describe(check.excludes)} (step ${at + 1}), which it must not`,
        evidence: { step: at === -1 ? null : at },
      };
    }
    if ('order' in check) {
      const firsts = check.order.map((tool) => steps.findIndex((step) => step.tool === tool));
      const missing = check.order.filter((_, position) => firsts[position] === -1);
      const outOfOrder = check.order.findIndex(
        (_, position) => position > 0 && firsts[position]! <= firsts[position - 1]!,
      );
      const pass = missing.length === 0 && outOfOrder === -1;
      return {
        id,
        kind: 'order',
        pass,
        message: pass
          ? `the plan takes ${check.order.join(' → ')} in order`
          : missing.length > 0
            ? `the plan never includes ${missing.join(', ')} (needed in the order ${check.order.join(' → ')})`
            : `the plan has ${check.order[outOfOrder]} before ${check.order[outOfOrder - 1]}`,
        evidence: { first_steps: firsts.map((at) => (at === -1 ? null : at)) },
      };
    }
    const pass = steps.length <= check.max_steps;
    return {
      id,
      kind: 'max_steps',
      pass,
      message: `the plan has ${steps.length} step(s), at most ${check.max_steps} allowed`,
      evidence: { steps: steps.length, max_steps: check.max_steps },
    };
  });
}
