import { fileURLToPath } from 'node:url';
import { createRng, frozenClock } from '../../core/index.js';
import type { JsonValue, Stopwatch } from '../../core/index.js';
import { applyInit, createDispatcher, createEventLog } from '../../environment/index.js';
import type { ToolCallResult } from '../../environment/index.js';
import { createWorkingState } from '../../state/index.js';
import type { StateRecord, WorkingState } from '../../state/index.js';
import { createTelecomEnvironment } from './create-telecom-environment.js';
import { loadTelecomData } from './load-telecom-data.js';

/** The mini telecom data of the tests (test/fixtures/tau2-telecom-mini). */
export const MINI_FOLDER = fileURLToPath(
  new URL('../../../test/fixtures/tau2-telecom-mini/', import.meta.url),
);

export const miniEnvironment = createTelecomEnvironment(loadTelecomData(MINI_FOLDER));

type Init = readonly { side: 'agent' | 'user'; tool: string; args: JsonValue }[];

export interface TelecomHarness {
  readonly state: WorkingState;
  agent(tool: string, args?: JsonValue): Promise<ToolCallResult>;
  user(tool: string, args?: JsonValue): Promise<ToolCallResult>;
  /** The phone (device/phone) and the surroundings (surroundings/user) as they stand. */
  phone(): StateRecord;
  surroundings(): StateRecord;
}

const stillStopwatch: Stopwatch = { elapsedMs: () => 0 };

/** The mini environment set up by `init` (each step synced), with calls on either side. */
export async function telecomHarness(init: Init = [], seed = 1): Promise<TelecomHarness> {
  const ready = await applyInit(
    miniEnvironment,
    miniEnvironment.fixture,
    init,
    '2025-02-25T12:00:00Z',
  );
  if (ready.type === 'failed') throw new Error(`init[${ready.index}]: ${ready.message}`);
  const state = createWorkingState(ready.state);
  const dispatcher = createDispatcher({
    environment: miniEnvironment,
    state,
    clock: frozenClock('2025-02-25T12:00:00Z'),
    rng: createRng(seed),
    log: createEventLog(stillStopwatch),
    stopwatch: stillStopwatch,
    access: { deny: [] },
  });
  return {
    state,
    agent: (tool, args = {}) => dispatcher.call(tool, args),
    user: (tool, args = {}) => dispatcher.call(tool, args, { by: 'user', side: 'user' }),
    phone: () => state.get('device', 'phone')!,
    surroundings: () => state.get('surroundings', 'user')!,
  };
}

/** A call's answer, or `Error: <message>` as tau2's tool message reads. */
export function answer(result: ToolCallResult): JsonValue {
  return result.ok ? result.result : `Error: ${result.error.message}`;
}
