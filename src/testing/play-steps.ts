import type { Environment } from '../environment/index.js';
import type { GradeContext } from '../grade/index.js';
import { diffStates } from '../state/index.js';
import type { Task } from '../task/index.js';
import { buildGradeContext } from './build-grade-context.js';
import { createToolHarness } from './create-tool-harness.js';

/** One step of a played trial: a tool call, a message of the agent, or the user's reply. */
export type PlayedStep =
  | { readonly tool: string; readonly args: object }
  | { readonly say: string }
  | { readonly user: string };

/**
 * A grader's context for a trial that took these steps: the calls go
 * through the environment's dispatcher over the task's s0 (so the diff and
 * the events are the harness's own), messages are logged in between. The
 * last `say` is the final answer. For known-good, known-bad and near-miss
 * trials in grader tests.
 *
 * @example
 * const context = await playSteps(task, environment, [
 *   { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
 *   { say: 'Refunded 42.99 for order 8842.' },
 * ]);
 */
export async function playSteps(
  task: Task,
  environment: Environment,
  steps: readonly PlayedStep[],
): Promise<GradeContext> {
  const tools = createToolHarness(environment, {
    fixture: task.initialState.snapshot,
    clock: task.spec.clock,
  });
  const says = steps.filter((step) => 'say' in step).length;
  let said = 0;
  let finalAnswer: string | null = null;
  for (const step of steps) {
    if ('tool' in step) await tools.call(step.tool, step.args);
    else if ('user' in step) tools.log.record({ kind: 'user', text: step.user, source: 'script' });
    else {
      said += 1;
      const final = said === says;
      if (final) finalAnswer = step.say;
      tools.log.record({ kind: 'agent', text: step.say, final });
    }
  }
  const effects = Object.fromEntries(
    [...environment.tools.values()].map((tool) => [tool.name, tool.effect]),
  );
  return buildGradeContext(task, {
    diff: diffStates(task.initialState.snapshot, tools.state.snapshot()),
    events: tools.log.events,
    finalAnswer,
    effects,
  });
}
