import { createRng, frozenClock } from '../core/index.js';
import type { JsonValue, Stopwatch } from '../core/index.js';
import { createWorkingState } from '../state/index.js';
import type { FrozenState, WorkingState } from '../state/index.js';
import type { Environment } from './define-environment.js';
import { createDispatcher } from './dispatcher.js';
import type { ToolCallResult } from './dispatcher.js';
import { createEventLog } from './event-log.js';

export interface ReplayedCalls {
  /** The answer to each call, in order. */
  readonly results: readonly ToolCallResult[];
  /** The state after the calls (diff and hash against s0 are O(changes)). */
  readonly state: WorkingState;
}

const stillStopwatch: Stopwatch = { elapsedMs: () => 0 };

/**
 * Runs tool calls straight through the dispatcher on a fresh copy of s0,
 * outside any trial (no agent, no user, no budgets): to compute a gold end
 * state, or to check that a call goes through. Calls that fail change
 * nothing, as in a trial.
 */
export async function replayCalls(
  environment: Environment,
  initialState: FrozenState,
  calls: readonly { readonly tool: string; readonly args: JsonValue }[],
  options: { readonly clock?: string; readonly seed?: number } = {},
): Promise<ReplayedCalls> {
  const state = createWorkingState(initialState);
  const dispatcher = createDispatcher({
    environment,
    state,
    clock: frozenClock(options.clock ?? '2026-01-01T00:00:00Z'),
    rng: createRng(options.seed ?? 0),
    log: createEventLog(stillStopwatch),
    stopwatch: stillStopwatch,
    access: { deny: [] },
  });
  const results: ToolCallResult[] = [];
  for (const call of calls) results.push(await dispatcher.call(call.tool, call.args));
  return { results, state };
}
