import { createRng, frozenClock } from '../../core/index.js';
import type { JsonValue, Stopwatch } from '../../core/index.js';
import { applyInit, createDispatcher, createEventLog } from '../../environment/index.js';
import type { Environment, ToolCallResult } from '../../environment/index.js';
import { createWorkingState } from '../../state/index.js';
import type { StateSnapshot } from '../../state/index.js';
import { runTelecomAssertion } from './telecom-assertions.js';
import type { TelecomAssertionCall, TelecomAssertionResult } from './telecom-assertions.js';

/** The parts of a tau2 telecom task that a replay reads. */
export interface TelecomTau2Task {
  readonly id: string;
  readonly initial_state?: {
    readonly initialization_actions?:
      | readonly {
          readonly env_type: 'user' | 'assistant';
          readonly func_name: string;
          readonly arguments: Readonly<Record<string, JsonValue>>;
        }[]
      | null;
  } | null;
  readonly evaluation_criteria?: {
    readonly actions?:
      | readonly {
          readonly name: string;
          readonly requestor: 'user' | 'assistant';
          readonly arguments: Readonly<Record<string, JsonValue>>;
        }[]
      | null;
    readonly env_assertions?:
      readonly (TelecomAssertionCall & { readonly assert_value: boolean })[] | null;
  } | null;
}

/** A replay of one task: s0 after its init, each gold action's answer, the end state and the assertions. */
export type TelecomReplay =
  | { readonly type: 'init-failed'; readonly index: number | null; readonly message: string }
  | {
      readonly type: 'replayed';
      readonly s0: StateSnapshot;
      readonly results: readonly ToolCallResult[];
      readonly final: StateSnapshot;
      readonly assertions: readonly (TelecomAssertionResult & { readonly met: boolean })[];
    };

const stillStopwatch: Stopwatch = { elapsedMs: () => 0 };

/** tau2's telecom "now" (get_now()), which no tool reads but a trial needs. */
const CLOCK = '2025-02-25T12:08:00Z';

/**
 * Plays a tau2 telecom task without a model, as tau2's evaluator sets up
 * the gold environment: the initialization_actions as `init` steps on their
 * side, then every gold action through the dispatcher (a user's action as
 * the user's own call on their side), then the env assertions on the end
 * state. The environment's sync hook runs after each step and call.
 *
 * @example
 * const replay = await replayTelecomTask(environment, task);
 * if (replay.type === 'replayed') replay.assertions.every((check) => check.met);
 */
export async function replayTelecomTask(
  environment: Environment,
  task: TelecomTau2Task,
  options: { readonly seed?: number } = {},
): Promise<TelecomReplay> {
  const steps = (task.initial_state?.initialization_actions ?? []).map((call) => ({
    side: call.env_type === 'user' ? ('user' as const) : ('agent' as const),
    tool: call.func_name,
    args: call.arguments,
  }));
  const init = await applyInit(environment, environment.fixture, steps, CLOCK);
  if (init.type === 'failed')
    return { type: 'init-failed', index: init.index, message: init.message };
  const state = createWorkingState(init.state);
  const dispatcher = createDispatcher({
    environment,
    state,
    clock: frozenClock(CLOCK),
    rng: createRng(options.seed ?? 0),
    log: createEventLog(stillStopwatch),
    stopwatch: stillStopwatch,
    access: { deny: [] },
  });
  const results: ToolCallResult[] = [];
  for (const action of task.evaluation_criteria?.actions ?? []) {
    results.push(
      await dispatcher.call(
        action.name,
        action.arguments,
        action.requestor === 'user' ? { by: 'user', side: 'user' } : {},
      ),
    );
  }
  const assertions = (task.evaluation_criteria?.env_assertions ?? []).map((assertion) => {
    const result = runTelecomAssertion(state, assertion);
    return { ...result, met: result.type === 'value' && result.value === assertion.assert_value };
  });
  return {
    type: 'replayed',
    s0: init.state.snapshot,
    results,
    final: state.snapshot(),
    assertions,
  };
}
