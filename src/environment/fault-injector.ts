import type { JsonObject, JsonValue, Rng } from '../core/index.js';
import {
  cloneJson,
  getOwn,
  isJsonObject,
  isPrototypeKey,
  jsonEqual,
  setOwn,
} from '../core/index.js';
import type { Fault, FaultKind, InjectedAction, RecordedInjection } from '../schema/index.js';
import { INJECTION_FAULT, injectedActions } from '../schema/index.js';

/** The faults and injections of one trial, each with where it was declared. */
export interface FaultPlan {
  readonly faults: readonly { readonly source: string; readonly fault: Fault }[];
  readonly inject: readonly { readonly source: string; readonly injection: RecordedInjection }[];
}

/** A task's own declarations, then the run's (`--faults`). */
export function faultPlan(
  task: { readonly faults: readonly Fault[]; readonly inject: readonly RecordedInjection[] },
  run: {
    readonly faults: readonly Fault[];
    readonly inject: readonly RecordedInjection[];
  } = { faults: [], inject: [] },
): FaultPlan {
  return {
    faults: [
      ...task.faults.map((fault, index) => ({ source: `faults[${index}]`, fault })),
      ...run.faults.map((fault, index) => ({ source: `run.faults[${index}]`, fault })),
    ],
    inject: [
      ...task.inject.map((injection, index) => ({ source: `inject[${index}]`, injection })),
      ...run.inject.map((injection, index) => ({ source: `run.inject[${index}]`, injection })),
    ],
  };
}

/** A fault that fired on a call: what to record and what the agent sees. */
export interface FiredFault {
  readonly kind: FaultKind;
  readonly source: string;
  readonly detail: string;
  /** Whether the tool still runs (`malformed`, `lost_ack`). */
  readonly runsTool: boolean;
  /** Waited before answering. */
  readonly delayMs: number;
  /** The declaration's probability, when a seeded draw decided that it fired. */
  readonly probability?: number;
  /** The error the agent gets; absent when it gets a garbled result instead. */
  readonly error?: { readonly code: string; readonly message: string } & JsonObject;
}

export interface InjectedResult {
  readonly result: JsonValue;
  readonly injected: readonly {
    readonly source: string;
    readonly detail: string;
    /** What the planted text asks for (the declaration's `goal`); absent when an old run record declares none. */
    readonly goal?: readonly InjectedAction[];
  }[];
}

/**
 * Decides, call by call, which declared fault fires and plants injected
 * text in results. Seeded by the trial's RNG, so a trial replays the same.
 * One fault at most per call: the first declaration that fires.
 */
export interface FaultInjector {
  /** For a call that passed the access lists, argument validation and scope, just before the tool runs. */
  beforeCall(tool: string, args: JsonValue): FiredFault | undefined;
  /** After the tool ran: a successful call of the re-authentication tool ends an expired session. */
  afterCall(tool: string, ok: boolean): void;
  /** Garbles a result (for `malformed`). */
  garble(result: JsonValue): string;
  /** Plants the matching injections in a successful result. */
  inject(tool: string, args: JsonValue, result: JsonValue): InjectedResult;
}

interface Target {
  readonly tool?: string | readonly string[] | undefined;
  readonly args?: JsonObject | undefined;
  readonly call?: number | undefined;
  readonly probability?: number | undefined;
}

function matches(target: Target, tool: string, args: JsonValue): boolean {
  if (target.tool !== undefined) {
    const tools = typeof target.tool === 'string' ? [target.tool] : target.tool;
    if (!tools.includes(tool)) return false;
  }
  if (target.args === undefined) return true;
  if (!isJsonObject(args)) return false;
  return Object.entries(target.args).every(([name, value]) => jsonEqual(args[name], value));
}

/** Counts matching calls and fires on the n-th, or with a probability, up to `times`. */
function createTrigger(target: Target, times: number | undefined, rng: Rng) {
  let seen = 0;
  let fired = 0;
  return (tool: string, args: JsonValue): boolean => {
    if (!matches(target, tool, args)) return false;
    seen++;
    if (times !== undefined && fired >= times) return false;
    if (target.call !== undefined && seen !== target.call) return false;
    if (target.probability !== undefined && !rng.chance(target.probability)) return false;
    fired++;
    return true;
  };
}

const timeoutError = (tool: string, delayMs: number) => ({
  code: 'timeout',
  message: `${tool} did not answer within ${delayMs} ms: the request timed out`,
});

function fire(fault: Fault, source: string, tool: string): FiredFault {
  switch (fault.kind) {
    case 'timeout':
      return {
        kind: 'timeout',
        source,
        detail: 'no effect; the agent saw a timeout',
        runsTool: false,
        delayMs: fault.delay_ms,
        error: timeoutError(tool, fault.delay_ms),
      };
    case 'lost_ack':
      return {
        kind: 'lost_ack',
        source,
        detail: 'the call ran; the agent saw a timeout',
        runsTool: true,
        delayMs: fault.delay_ms,
        error: timeoutError(tool, fault.delay_ms),
      };
    case 'malformed':
      return {
        kind: 'malformed',
        source,
        detail: 'the call ran; the agent saw a garbled result',
        runsTool: true,
        delayMs: 0,
      };
    case 'rate_limit':
      return {
        kind: 'rate_limit',
        source,
        detail: `no effect; retry after ${fault.retry_after_ms} ms`,
        runsTool: false,
        delayMs: 0,
        error: {
          code: 'rate_limited',
          message: `too many requests: retry after ${fault.retry_after_ms} ms`,
          retry_after_ms: fault.retry_after_ms,
        },
      };
    case 'expired_session':
      return expiredSession(source, fault.reauth);
  }
}

const expiredSession = (source: string, reauth: string): FiredFault => ({
  kind: 'expired_session',
  source,
  detail: `no effect; the session stays expired until ${reauth} succeeds`,
  runsTool: false,
  delayMs: 0,
  error: {
    code: 'session_expired',
    message: `the session has expired: authenticate again (${reauth}) and retry`,
    reauth,
  },
});

/**
 * Sets `text` at a dot path of an object result, or appends it to a text
 * result. Own properties only, written with setOwn: a path that names a
 * prototype (`__proto__.x`, refused when files load) plants nothing rather
 * than reaching Object.prototype.
 */
function plant(result: JsonValue, field: string | undefined, text: string): JsonValue | undefined {
  if (typeof result === 'string') return field === undefined ? `${result}\n${text}` : undefined;
  if (!isJsonObject(result)) return undefined;
  const path = (field ?? 'note').split('.');
  if (path.some(isPrototypeKey)) return undefined;
  const copy = cloneJson(result);
  let node: JsonObject = copy;
  for (const key of path.slice(0, -1)) {
    const child = getOwn(node, key);
    if (child !== undefined && !isJsonObject(child)) return undefined;
    node = child ?? setOwn<JsonObject>(node as Record<string, JsonObject>, key, {});
  }
  const last = path.at(-1)!;
  const existing = getOwn(node, last);
  setOwn<JsonValue>(
    node,
    last,
    typeof existing === 'string' && existing.length > 0 ? `${existing} ${text}` : text,
  );
  return copy;
}

export function createFaultInjector(plan: FaultPlan, rng: Rng): FaultInjector {
  const faults = plan.faults.map(({ source, fault }) => ({
    source,
    fault,
    fires: createTrigger(fault, fault.times, rng),
  }));
  const injections = plan.inject.map(({ source, injection }) => ({
    source,
    injection,
    fires: createTrigger(injection, injection.times, rng),
  }));
  let expired: { readonly source: string; readonly reauth: string } | undefined;

  return {
    beforeCall(tool, args) {
      if (expired !== undefined) {
        return tool === expired.reauth ? undefined : expiredSession(expired.source, expired.reauth);
      }
      for (const { source, fault, fires } of faults) {
        if (!fires(tool, args)) continue;
        if (fault.kind === 'expired_session') expired = { source, reauth: fault.reauth };
        const fired = fire(fault, source, tool);
        return fault.probability === undefined
          ? fired
          : { ...fired, probability: fault.probability };
      }
      return undefined;
    },
    afterCall(tool, ok) {
      if (expired !== undefined && ok && tool === expired.reauth) expired = undefined;
    },
    garble(result) {
      const text = JSON.stringify(result) ?? 'null';
      const cut = text.length <= 2 ? 1 : rng.int(1, Math.max(1, Math.floor(text.length * 0.6)));
      return `${text.slice(0, cut)}\u0000\u00ff`;
    },
    inject(tool, args, result) {
      let current = result;
      const injected: {
        source: string;
        detail: string;
        goal?: readonly InjectedAction[];
      }[] = [];
      for (const { source, injection, fires } of injections) {
        if (!fires(tool, args)) continue;
        const planted = plant(current, injection.field, injection.text);
        if (planted === undefined) continue;
        current = planted;
        const goal = injectedActions(injection);
        injected.push({
          source,
          detail: `${INJECTION_FAULT} at ${injection.field ?? (typeof result === 'string' ? 'the end of the text' : 'note')}`,
          ...(goal === undefined ? {} : { goal }),
        });
      }
      return { result: current, injected };
    },
  };
}
