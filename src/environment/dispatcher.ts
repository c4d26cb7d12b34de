import type { Clock, JsonObject, JsonValue, Rng, Stopwatch } from '../core/index.js';
import {
  cloneJson,
  findNonJsonValue,
  formatValuePath,
  roundMs,
  sleep,
  startTimeout,
} from '../core/index.js';
import { INJECTION_FAULT } from '../schema/index.js';
import type { WorkingState } from '../state/index.js';
import type { Environment } from './define-environment.js';
import type { PastCall, ToolContext } from './define-tool.js';
import type { EventLog } from './event-log.js';
import type { FaultInjector } from './fault-injector.js';
import { createOutbox } from './outbox.js';
import { isToolFailure } from './tool-error.js';
import type { ToolPresentation } from './tool-presentation.js';

/** What the agent gets back from a call: tool errors are values, never exceptions. */
export type ToolCallResult =
  | { readonly ok: true; readonly result: JsonValue }
  | {
      readonly ok: false;
      readonly error: { readonly code: string; readonly message: string } & JsonObject;
    };

/** The task's allow/deny list: blocked calls are refused and recorded. */
export interface ToolAccess {
  /** When set, only these tools may run. */
  readonly allow?: readonly string[] | undefined;
  readonly deny: readonly string[];
}

export interface DispatcherOptions {
  readonly environment: Environment;
  readonly state: WorkingState;
  readonly clock: Clock;
  readonly rng: Rng;
  readonly log: EventLog;
  readonly stopwatch: Stopwatch;
  readonly access: ToolAccess;
  /** Declared faults and injections (none by default). */
  readonly faults?: FaultInjector;
  /** How long one call may run before it counts as a crash of the environment (`limits.tool_timeout_s`); none by default. */
  readonly toolTimeoutMs?: number;
  /**
   * The owner whose records this trial may read and change (the task's
   * `scope` constraint). A call whose tool's scope rule names another
   * owner is refused before the tool runs. None: nothing is refused for
   * scope (the rule is still recorded on the call).
   */
  readonly scopeOwner?: string;
  /**
   * How the agent was shown the tools (`tools.present`): a shown name
   * resolves to its real tool, recorded under the real name; a decoy
   * answers its fixed result and changes nothing.
   */
  readonly presentation?: ToolPresentation;
}

/** Thrown when a tool throws: the environment broke, so the trial is invalid. */
export class ToolCrashError extends Error {
  override readonly name = 'ToolCrashError';
  constructor(
    readonly tool: string,
    cause: unknown,
  ) {
    super(`tool ${tool} crashed: ${describeThrown(cause)}`, { cause });
  }
}

/**
 * What a tool threw, as text, whatever it threw: an object without a
 * string form (`Object.create(null)`) must not turn the crash into an
 * error of its own, which would be blamed on the agent.
 */
export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  try {
    return String(thrown);
  } catch {
    // No string form: say what it is instead.
    return `a thrown ${thrown === null ? 'null' : typeof thrown} with no string form`;
  }
}

/** Why a tool's output cannot go back to the agent or into the record, if it cannot. */
function nonJsonOutput(output: unknown): string | undefined {
  const [label, value] = isToolFailure(output)
    ? ['error details', output.details]
    : ['result', output === undefined ? null : output];
  const found = findNonJsonValue(value);
  if (found === undefined) return undefined;
  const path = formatValuePath(found.path);
  const where = path === '' ? label : `${label}${path.startsWith('[') ? '' : '.'}${path}`;
  return `it returned a value JSON cannot hold: ${where} is ${found.found}`;
}

const TIMED_OUT = Symbol('timed out');

/**
 * The tool's output, or TIMED_OUT when it ran past `timeoutMs`. The tool
 * cannot be stopped; its late answer is dropped (the race holds a handler,
 * so a late rejection is not unhandled).
 */
async function runWithin<T>(
  running: Promise<T>,
  timeoutMs: number | undefined,
): Promise<T | typeof TIMED_OUT> {
  if (timeoutMs === undefined) return running;
  const timeout = startTimeout(timeoutMs);
  try {
    return await Promise.race([running, timeout.promise.then((): typeof TIMED_OUT => TIMED_OUT)]);
  } finally {
    timeout.cancel();
  }
}

/**
 * What the agent is told when a call is out of scope: which records it may
 * touch, never whose the refused ones are (that would leak another
 * customer's identity).
 */
export function outOfScopeMessage(tool: string, owner: string): string {
  return `${tool} refused: these records belong to someone other than ${owner}, and this conversation may only read or change ${owner}'s records. Nothing was read or changed; ask the user for their own record instead.`;
}

/** Who makes a call: the agent (default), or the user taking over a step themselves. */
export interface CallOptions {
  readonly by?: 'user';
}

export interface Dispatcher {
  /**
   * A call by the agent, or with `{ by: 'user' }` one the user makes
   * themselves: recorded with `by: 'user'` on its events, checked like any
   * call, but no declared fault or injection touches it (they test the agent).
   */
  call(tool: string, args: unknown, options?: CallOptions): Promise<ToolCallResult>;
  /** Calls that ran (ok or returning a tool error), oldest first. */
  readonly calls: readonly PastCall[];
}

/**
 * Every tool call goes through here: record the attempt, check access,
 * validate arguments, check scope, run the tool, record the result with
 * its timing.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { environment, state, clock, rng, log, stopwatch, access } = options;
  const calls: PastCall[] = [];
  const userCalls = new Set<string>();
  const byOf = (callId: string): { by?: 'user' } => (userCalls.has(callId) ? { by: 'user' } : {});
  const outbox = createOutbox(state, clock);
  const context: ToolContext = { state, clock, rng, outbox, calls };
  let nextCallId = 1;

  const fail = (
    callId: string,
    tool: string,
    code: string,
    message: string,
    details: JsonObject = {},
    durationMs = 0,
  ): ToolCallResult => {
    const error = { ...details, code, message };
    log.record({
      kind: 'tool_result',
      call_id: callId,
      tool,
      ok: false,
      error,
      duration_ms: durationMs,
      ...byOf(callId),
    });
    return { ok: false, error };
  };

  const blockReason = (tool: string): 'denied' | 'not_allowed' | undefined => {
    if (access.deny.includes(tool)) return 'denied';
    if (access.allow !== undefined && !access.allow.includes(tool)) return 'not_allowed';
    return undefined;
  };

  return {
    calls,
    async call(called, rawArgs, callOptions = {}) {
      const callId = `c${nextCallId++}`;
      const byUser = callOptions.by === 'user';
      if (byUser) userCalls.add(callId);
      const faults = byUser ? undefined : options.faults;
      const args = (rawArgs === undefined ? {} : cloneJson(rawArgs)) as JsonValue;
      const resolved = options.presentation?.resolve(called) ?? { type: 'tool', name: called };
      const tool = resolved.name;
      if (resolved.type === 'decoy') {
        log.record({ kind: 'tool_call', call_id: callId, tool, args, ...byOf(callId) });
        const result = cloneJson(resolved.result);
        log.record({
          kind: 'tool_result',
          call_id: callId,
          tool,
          ok: true,
          result,
          duration_ms: 0,
          ...byOf(callId),
        });
        return { ok: true, result };
      }
      const definition = environment.tools.get(tool);
      const parsed = definition?.input.safeParse(args);
      let scope: string | undefined;
      try {
        if (definition?.scope !== undefined && parsed?.success === true)
          scope = definition.scope(parsed.data, state);
      } catch (error) {
        log.record({ kind: 'tool_call', call_id: callId, tool, args, ...byOf(callId) });
        fail(callId, tool, 'tool_crash', `scope rule failed: ${describeThrown(error)}`);
        throw new ToolCrashError(tool, error);
      }
      log.record({
        kind: 'tool_call',
        call_id: callId,
        tool,
        args,
        ...(scope === undefined ? {} : { scope }),
        ...byOf(callId),
      });

      if (definition === undefined || parsed === undefined) {
        return fail(callId, tool, 'unknown_tool', `there is no tool named "${tool}"`, {
          available: options.presentation?.descriptors.map((shown) => shown.name) ?? [
            ...environment.tools.keys(),
          ],
        });
      }
      const reason = blockReason(tool);
      if (reason !== undefined) {
        const message = `calling ${tool} is not permitted in this task`;
        log.record({ kind: 'blocked', call_id: callId, tool, reason, message });
        return { ok: false, error: { code: 'blocked', message } };
      }
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        }));
        return fail(
          callId,
          tool,
          'invalid_arguments',
          `arguments of ${tool} do not match its schema`,
          { issues },
        );
      }

      const { scopeOwner } = options;
      if (scopeOwner !== undefined && scope !== undefined && scope !== scopeOwner) {
        const message = outOfScopeMessage(tool, scopeOwner);
        log.record({
          kind: 'blocked',
          call_id: callId,
          tool,
          reason: 'scope',
          message,
          owner: scopeOwner,
        });
        return { ok: false, error: { code: 'out_of_scope', message, owner: scopeOwner } };
      }

      const fault = faults?.beforeCall(tool, args);
      if (fault !== undefined) {
        log.record({
          kind: 'fault',
          call_id: callId,
          tool,
          fault: fault.kind,
          source: fault.source,
          detail: fault.detail,
          ...(fault.probability === undefined ? {} : { probability: fault.probability }),
        });
      }
      if (fault !== undefined && !fault.runsTool) {
        if (fault.delayMs > 0) await sleep(fault.delayMs);
        return fail(callId, tool, fault.error!.code, fault.error!.message, fault.error);
      }

      const started = stopwatch.elapsedMs();
      let output: unknown;
      try {
        output = definition.run(parsed.data, context);
        // Only a pending call can run late (a synchronous tool has already returned).
        output = await (output instanceof Promise
          ? runWithin(output, options.toolTimeoutMs)
          : output);
      } catch (error) {
        fail(callId, tool, 'tool_crash', describeThrown(error));
        throw new ToolCrashError(tool, error);
      }
      if (output === TIMED_OUT) {
        const message = `it did not return within ${String(options.toolTimeoutMs! / 1000)} s (limits.tool_timeout_s)`;
        fail(callId, tool, 'tool_crash', message);
        throw new ToolCrashError(tool, new Error(message));
      }
      const notJson = nonJsonOutput(output);
      if (notJson !== undefined) {
        fail(callId, tool, 'tool_crash', notJson);
        throw new ToolCrashError(tool, new Error(notJson));
      }
      const durationMs = roundMs(stopwatch.elapsedMs() - started);
      calls.push({ tool, args, ok: !isToolFailure(output) });
      faults?.afterCall(tool, !isToolFailure(output));
      if (fault?.error !== undefined) {
        // lost_ack: the call ran, its answer is lost.
        if (fault.delayMs > 0) await sleep(fault.delayMs);
        return fail(callId, tool, fault.error.code, fault.error.message, fault.error);
      }
      if (isToolFailure(output))
        return fail(callId, tool, output.code, output.message, output.details, durationMs);
      let result = (output === undefined ? null : output) as JsonValue;
      if (fault?.kind === 'malformed') result = faults!.garble(result);
      else if (faults !== undefined) {
        const planted = faults.inject(tool, args, result);
        for (const { source, detail, goal } of planted.injected) {
          log.record({
            kind: 'fault',
            call_id: callId,
            tool,
            fault: INJECTION_FAULT,
            source,
            detail,
            ...(goal === undefined ? {} : { goal: goal.map((action) => cloneJson(action)) }),
          });
        }
        result = planted.result;
      }
      log.record({
        kind: 'tool_result',
        call_id: callId,
        tool,
        ok: true,
        result,
        duration_ms: durationMs,
        ...byOf(callId),
      });
      return { ok: true, result };
    },
  };
}
