import type { Step } from '../schema/index.js';
import type { AgentResult, AgentSession } from './agent.js';

/** Index of the path's final answer: its last step when that is a `say`, else -1. */
export function finalAnswerIndex(steps: readonly Step[]): number {
  const last = steps.at(-1);
  return last !== undefined && 'say' in last ? steps.length - 1 : -1;
}

/**
 * Plays a path: tool steps through the dispatcher, `say` steps to the user.
 * A path that ends with a `say` ends with that final answer; every other
 * `say` is sent to the user, who replies.
 */
export async function runSteps(
  session: AgentSession,
  steps: readonly Step[],
): Promise<AgentResult> {
  const finalIndex = finalAnswerIndex(steps);
  for (const [index, step] of steps.entries()) {
    if ('tool' in step) await session.callTool(step.tool, step.args);
    else if (index !== finalIndex) await session.sendToUser(step.say);
  }
  const final = steps[finalIndex];
  return { finalAnswer: final !== undefined && 'say' in final ? final.say : null };
}
