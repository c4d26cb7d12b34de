import { createRng, frozenClock } from '../../core/index.js';
import type { JsonObject, Stopwatch } from '../../core/index.js';
import { applyInit, createDispatcher, createEventLog } from '../../environment/index.js';
import type { Environment, InitStep, ToolCallResult } from '../../environment/index.js';
import { createWorkingState } from '../../state/index.js';
import type { FrozenState, WorkingState } from '../../state/index.js';
import type { Tau2Action, Tau2Task } from './tau2-task.js';

/** A task's gold path replayed: each action's answer and the state after them, or the init step that failed. */
export type Tau2GoldReplay =
  | { readonly type: 'init-failed'; readonly index: number | null; readonly message: string }
  | {
      readonly type: 'replayed';
      readonly results: readonly ToolCallResult[];
      /** The s0 the init set up. */
      readonly initial: FrozenState;
      /** The state after the gold actions; its diff is against `initial`. */
      readonly state: WorkingState;
    };

const stillStopwatch: Stopwatch = { elapsedMs: () => 0 };

/** tau2's initialization_actions as `init` steps: `assistant` is the agent's side. */
export function tau2InitSteps(task: Tau2Task): InitStep[] {
  const actions = (task.initial_state?.initialization_actions ?? []) as {
    env_type?: unknown;
    func_name?: unknown;
    arguments?: unknown;
  }[];
  return actions.map((action) => ({
    side: action.env_type === 'user' ? 'user' : 'agent',
    tool: String(action.func_name),
    args: (action.arguments ?? {}) as JsonObject,
  }));
}

/**
 * The gold path as tau2's evaluator plays it for the expected end state:
 * the task's init on its sides (followed by the sync hook), then each gold
 * action, the user's on the user's side, through the dispatcher.
 */
export async function replayTau2Gold(
  environment: Environment,
  task: Tau2Task,
  actions: readonly Tau2Action[],
  clock: string,
): Promise<Tau2GoldReplay> {
  const init = await applyInit(environment, environment.fixture, tau2InitSteps(task), clock);
  if (init.type === 'failed')
    return { type: 'init-failed', index: init.index, message: init.message };
  const state = createWorkingState(init.state);
  const dispatcher = createDispatcher({
    environment,
    state,
    clock: frozenClock(clock),
    rng: createRng(0),
    log: createEventLog(stillStopwatch),
    stopwatch: stillStopwatch,
    access: { deny: [] },
  });
  const results: ToolCallResult[] = [];
  for (const action of actions) {
    results.push(
      await dispatcher.call(
        action.name,
        action.arguments,
        action.requestor === 'user' ? { by: 'user', side: 'user' } : {},
      ),
    );
  }
  return { type: 'replayed', results, initial: init.state, state };
}
