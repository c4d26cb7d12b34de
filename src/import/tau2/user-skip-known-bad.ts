import type { Environment } from '../../environment/index.js';
import { createFinalStateView, evaluateAssertion } from '../../grade/index.js';
import type { Step } from '../../schema/index.js';
import { replayTau2Gold } from './replay-tau2-gold.js';
import type { Tau2Action, Tau2Task } from './tau2-task.js';

export interface UserSkipOptions {
  readonly environment: Environment;
  readonly task: Tau2Task;
  readonly actions: readonly Tau2Action[];
  /** The reference path, and the agent's request in it for a user's gold action. */
  readonly reference: readonly Step[];
  readonly requestOf: (action: Tau2Action) => string;
  /** The task's `expect.assert`. */
  readonly assertions: readonly string[];
  readonly clock: string;
}

/**
 * Known-bad paths of a dual-control task: for each gold action the user
 * takes that changes their side, the reference path without the agent's
 * request for it, so the user never makes the call. Kept only when the
 * gold path without that call fails one of the task's assertions (a read
 * left out, or a change that does not matter to them, is no known-bad
 * path); `endstate validate` then checks that the graders catch it.
 */
export async function userSkipKnownBad(
  options: UserSkipOptions,
): Promise<{ name: string; fails: string; actions: Step[] }[]> {
  const { environment, task, actions, assertions } = options;
  if (assertions.length === 0) return [];
  const paths = [];
  for (const [index, action] of actions.entries()) {
    if (action.requestor !== 'user') continue;
    if ((environment.user?.tools.get(action.name)?.effect ?? 'read') === 'read') continue;
    const without = actions.filter((_action, other) => other !== index);
    const replay = await replayTau2Gold(environment, task, without, options.clock);
    if (replay.type !== 'replayed') continue;
    const s0 = replay.initial.snapshot;
    const view = createFinalStateView(s0, replay.state.diff());
    const caught = assertions.some((expression) => {
      const result = evaluateAssertion(expression, s0, view);
      return result.type === 'value' && !result.pass;
    });
    if (!caught) continue;
    const request = options.requestOf(action);
    paths.push({
      name: `user-skips-${action.action_id}`,
      fails: 'expect.assert',
      actions: options.reference.filter((step) => !('say' in step) || step.say !== request),
    });
  }
  return paths;
}
