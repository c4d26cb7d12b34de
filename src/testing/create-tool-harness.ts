import { createRng, frozenClock } from '../core/index.js';
import type { Stopwatch } from '../core/index.js';
import { createDispatcher, createEventLog } from '../environment/index.js';
import type { Environment, EventLog, ToolAccess, ToolCallResult } from '../environment/index.js';
import { createWorkingState, freezeState } from '../state/index.js';
import type { StateSnapshot, WorkingState } from '../state/index.js';

export interface ToolHarnessOptions {
  /** The frozen "now" (default 2026-10-05T09:00:00Z). */
  readonly clock?: string;
  /** Another s0 than the environment's fixture. */
  readonly fixture?: StateSnapshot;
  readonly access?: ToolAccess;
  /** Refuse calls on records of anyone but this owner, as a task's `scope` constraint does. */
  readonly scopeOwner?: string;
  readonly seed?: number;
}

export interface ToolHarness {
  readonly state: WorkingState;
  readonly log: EventLog;
  /** Calls a tool through the dispatcher, as an agent would. */
  call(tool: string, args: unknown): Promise<ToolCallResult>;
  /** Calls a tool and returns its result; throws when the call returns an error. */
  result(tool: string, args: unknown): Promise<unknown>;
}

const stillStopwatch: Stopwatch = { elapsedMs: () => 0 };

/**
 * Calls an environment's tools outside any trial, for unit tests of the
 * tools themselves: the dispatcher validates, records and answers as in a
 * trial, over a fresh working copy of s0.
 *
 * @example
 * const tools = createToolHarness(environment);
 * expect(await tools.result('search_orders', { query: '' })).toEqual({ no_match: true });
 */
export function createToolHarness(
  environment: Environment,
  options: ToolHarnessOptions = {},
): ToolHarness {
  const state = createWorkingState(
    options.fixture === undefined ? environment.fixture : freezeState(options.fixture),
  );
  const log = createEventLog(stillStopwatch);
  const dispatcher = createDispatcher({
    environment,
    state,
    clock: frozenClock(options.clock ?? '2026-10-05T09:00:00Z'),
    rng: createRng(options.seed ?? 1),
    log,
    stopwatch: stillStopwatch,
    access: options.access ?? { deny: [] },
    ...(options.scopeOwner === undefined ? {} : { scopeOwner: options.scopeOwner }),
  });
  return {
    state,
    log,
    call: (tool, args) => dispatcher.call(tool, args),
    async result(tool, args) {
      const response = await dispatcher.call(tool, args);
      if (!response.ok)
        throw new Error(`${tool} returned an error: ${JSON.stringify(response.error)}`);
      return response.result;
    },
  };
}
