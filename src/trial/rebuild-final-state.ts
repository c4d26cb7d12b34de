import { jsonEqual } from '../core/index.js';
import { ToolCrashError, replayCalls } from '../environment/index.js';
import type { Environment } from '../environment/index.js';
import { INJECTION_FAULT } from '../schema/index.js';
import type { ToolCallEvent, TrialRecord } from '../schema/index.js';
import { createWorkingState } from '../state/index.js';
import type { FrozenState, StateDiff } from '../state/index.js';
import type { Task } from '../task/index.js';
import { environmentSeed } from './environment-seed.js';

/** A trial's final state, as a diff against s0 and a state hash. */
export type RebuiltState =
  | {
      readonly type: 'rebuilt';
      readonly diff: StateDiff;
      readonly hash: string;
      /** Tool calls replayed (0 when the stored diff was used). */
      readonly replayedCalls: number;
    }
  | { readonly type: 'failed'; readonly reason: string };

/**
 * Faults after which the tool still ran: the write happened although the
 * agent saw an error (`lost_ack`) or a garbled result (`malformed`), or the
 * result carried planted text. Every other fault stopped the call first.
 */
const FAULTS_AFTER_THE_TOOL: ReadonlySet<string> = new Set([
  'lost_ack',
  'malformed',
  INJECTION_FAULT,
]);

const short = (hash: string | null): string => (hash === null ? 'none' : hash.slice(0, 12));

/**
 * s0 plus the trial's stored `state_diff`, checked against the stored
 * final state hash. A diff that does not apply to s0, or that leads
 * elsewhere, is not trusted.
 */
export function applyStoredDiff(initialState: FrozenState, diff: StateDiff): RebuiltState {
  const state = createWorkingState(initialState);
  for (const [collection, records] of Object.entries(diff)) {
    for (const [id, change] of Object.entries(records)) {
      if (!jsonEqual(state.get(collection, id) ?? null, change.before)) {
        return {
          type: 'failed',
          reason: `the stored state_diff does not apply to s0: ${collection}/${id} was not what it says before`,
        };
      }
      if (change.after === null) state.delete(collection, id);
      else state.put(collection, id, change.after);
    }
  }
  return { type: 'rebuilt', diff, hash: state.hash(), replayedCalls: 0 };
}

/** One recorded call to play again, and what it answered in the trial. */
interface RecordedCall {
  readonly call: ToolCallEvent;
  /** The recorded `ok`, to compare with the replay's; undefined when a fault masked the tool's answer. */
  readonly ok: boolean | undefined;
}

/**
 * The calls whose tool ran in the trial, in order: answered calls (a tool
 * error changes nothing, but tools see past calls) and calls a fault hit
 * after the tool ran. Blocked calls and calls a fault stopped before the
 * tool are left out. A call with no answer (the trial stopped mid-call)
 * leaves the state unknown.
 */
function callsThatRan(events: TrialRecord['events']): RecordedCall[] | { unanswered: string } {
  const answers = new Map<string, boolean>();
  const blocked = new Set<string>();
  const faults = new Map<string, string[]>();
  for (const event of events) {
    if (event.kind === 'tool_result') answers.set(event.call_id, event.ok);
    if (event.kind === 'blocked') blocked.add(event.call_id);
    if (event.kind === 'fault')
      faults.set(event.call_id, [...(faults.get(event.call_id) ?? []), event.fault]);
  }
  const calls: RecordedCall[] = [];
  for (const event of events) {
    if (event.kind !== 'tool_call' || blocked.has(event.call_id)) continue;
    const fired = faults.get(event.call_id);
    if (fired !== undefined) {
      if (fired.every((fault) => FAULTS_AFTER_THE_TOOL.has(fault)))
        calls.push({ call: event, ok: undefined });
      continue;
    }
    const ok = answers.get(event.call_id);
    if (ok === undefined) return { unanswered: `${event.call_id} (${event.tool})` };
    calls.push({ call: event, ok });
  }
  return calls;
}

/**
 * Rebuilds a trial's final state by replaying its recorded tool calls on a
 * fresh s0, with the task's clock and the trial's environment seed. Each
 * replayed call must answer as it did in the trial, and the state must
 * reach the stored final state hash when there is one.
 */
export async function replayFinalState(
  record: TrialRecord,
  task: Task,
  environment: Environment,
): Promise<RebuiltState> {
  const calls = callsThatRan(record.events);
  if (!Array.isArray(calls)) {
    return {
      type: 'failed',
      reason: `call ${calls.unanswered} has no recorded answer, so its effect is unknown`,
    };
  }
  let replayed: Awaited<ReturnType<typeof replayCalls>>;
  try {
    replayed = await replayCalls(
      environment,
      task.initialState,
      calls.map(({ call }) => ({ tool: call.tool, args: call.args })),
      // The seed the trial's dispatcher drew from.
      { clock: task.spec.clock, seed: environmentSeed(record.seed) },
    );
  } catch (error) {
    if (!(error instanceof ToolCrashError)) throw error;
    return { type: 'failed', reason: `replaying the calls crashed a tool: ${error.message}` };
  }
  for (const [index, { call, ok }] of calls.entries()) {
    const answer = replayed.results[index];
    if (ok !== undefined && answer !== undefined && answer.ok !== ok) {
      return {
        type: 'failed',
        reason: `${call.call_id} (${call.tool}) ${ok ? 'succeeded' : 'failed'} in the trial but ${answer.ok ? 'succeeded' : 'failed'} on replay`,
      };
    }
  }
  const hash = replayed.state.hash();
  if (record.final_state_hash !== null && hash !== record.final_state_hash) {
    return {
      type: 'failed',
      reason: `replaying ${calls.length} call(s) reaches state ${short(hash)}, not the stored final state ${short(record.final_state_hash)}`,
    };
  }
  return { type: 'rebuilt', diff: replayed.state.diff(), hash, replayedCalls: calls.length };
}

/**
 * The final state a trial's grade rests on: s0 plus the stored diff when
 * there is one, else the recorded calls replayed. Either way it must start
 * from the task's s0 as it is now and end at the stored final state hash.
 */
export async function rebuildFinalState(
  record: TrialRecord,
  task: Task,
  environment: Environment,
): Promise<RebuiltState> {
  if (record.initial_state_hash !== null && record.initial_state_hash !== task.initialState.hash) {
    return {
      type: 'failed',
      reason: `the task's s0 changed since the trial (state ${short(record.initial_state_hash)} then, ${short(task.initialState.hash)} now)`,
    };
  }
  if (record.state_diff === null) return replayFinalState(record, task, environment);
  const applied = applyStoredDiff(task.initialState, record.state_diff);
  if (
    applied.type === 'rebuilt' &&
    record.final_state_hash !== null &&
    applied.hash !== record.final_state_hash
  ) {
    return {
      type: 'failed',
      reason: `s0 plus the stored state_diff gives state ${short(applied.hash)}, not the stored final state ${short(record.final_state_hash)}`,
    };
  }
  return applied;
}
