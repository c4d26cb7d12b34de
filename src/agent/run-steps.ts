import type { Step } from '../schema/index.js';
import type { AgentResult, AgentSession } from './agent.js';

/**
 * Plays a path: tool steps through the dispatcher, `say` steps to the user.
 * The last `say` is the final answer; the others are sent to the user.
 */
export async function runSteps(
  session: AgentSession,
  steps: readonly Step[],
): Promise<AgentResult> {
  const lastSay = steps.findLastIndex((step) => 'say' in step);
  for (const [index, step] of steps.entries()) {
    if ('tool' in step) await session.callTool(step.tool, step.args);
    else if (index !== lastSay) await session.sendToUser(step.say);
  }
  const final = steps[lastSay];
  return { finalAnswer: final !== undefined && 'say' in final ? final.say : null };
}
