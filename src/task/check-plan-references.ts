import type { Environment } from '../environment/index.js';
import type { TaskFile } from '../schema/index.js';

type At = (path: PropertyKey[], message: string) => void;
type CheckTool = (path: PropertyKey[], tool: string) => boolean;

/**
 * The `plan` section names tools of the environment; a plan read from a
 * tool call needs the environment to define that tool, or the agent could
 * never call it and every trial would fail on "no plan".
 */
export function checkPlanReferences(
  spec: TaskFile,
  environment: Environment,
  at: At,
  checkTool: CheckTool,
): void {
  const plan = spec.plan;
  if (plan === undefined) return;
  if (plan.from === 'tool' && !environment.tools.has(plan.tool)) {
    at(
      ['plan', 'from'],
      `a plan read from a tool call needs a tool named "${plan.tool}" in environment ${environment.name}, whose arguments are { steps: [{ tool, args }] }: define it with defineTool (a read tool that acknowledges the plan), name another with plan.tool, or use from: message`,
    );
  }
  plan.checks.forEach((check, index) => {
    const path = ['plan', 'checks', index];
    if ('includes' in check) checkTool([...path, 'includes', 'tool'], check.includes.tool);
    if ('excludes' in check) checkTool([...path, 'excludes', 'tool'], check.excludes.tool);
    if ('order' in check)
      check.order.forEach((tool, position) => checkTool([...path, 'order', position], tool));
  });
}
