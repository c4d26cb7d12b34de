import type { z } from 'zod';
import type { JsonObject, JsonValue, Stopwatch } from '../core/index.js';
import type { WorkingState } from '../state/index.js';
import type { Environment } from './define-environment.js';
import type { PastCall, ToolContext, ToolDefinition } from './define-tool.js';
import type { EventLog } from './event-log.js';
import type { FaultInjector, FiredFault } from './fault-injector.js';
import type { ToolPresentation } from './tool-presentation.js';

/** What the agent gets back from a call: tool errors are values, never exceptions. */
export type ToolCallResult =
  | { readonly ok: true; readonly result: JsonValue }
  | {
      readonly ok: false;
      readonly error: { readonly code: string; readonly message: string } & JsonObject;
    };

/** The error the agent gets back: a code, a message, and any further fields. */
export type ToolCallError = Extract<ToolCallResult, { ok: false }>['error'];

/** The task's allow/deny list: blocked calls are refused and recorded. */
export interface ToolAccess {
  /** When set, only these tools may run. */
  readonly allow?: readonly string[] | undefined;
  readonly deny: readonly string[];
}

/** A call as it arrives, before its name is looked up. */
export interface CallRequest {
  /** `c1`, `c2`, ... in the order calls arrive. */
  readonly id: string;
  /** The name called, then (once presented) the real tool's name. */
  readonly tool: string;
  /** A copy of the arguments the caller passed (`{}` for none). */
  readonly args: JsonValue;
  /** Set on a call the user makes themselves. */
  readonly by?: 'user';
  /** Set on a call of one of the user's own tools (always with `by: 'user'`). */
  readonly side?: 'user';
  /** The declared faults and injections this call is open to: none on a user's own call. */
  readonly faults?: FaultInjector;
}

/** A call of a tool of the environment. */
export interface ResolvedCall extends CallRequest {
  readonly definition: ToolDefinition;
  /** The arguments read against the tool's input schema. */
  readonly parsed: z.ZodSafeParseResult<unknown>;
  /** Whose records the call touches, when the tool's scope rule can tell. */
  readonly scope?: string;
  /** A fault that fired and still lets the tool run (`malformed`, `lost_ack`). */
  readonly fault?: FiredFault;
}

/** What a tool that ran answered, as the agent will get it. */
export type ToolAnswer =
  | { readonly type: 'result'; readonly result: JsonValue; readonly durationMs: number }
  | { readonly type: 'error'; readonly error: ToolCallError; readonly durationMs: number };

/** A call whose tool ran and answered. */
export interface AnsweredCall extends ResolvedCall {
  readonly answer: ToolAnswer;
}

/**
 * How a call ended: an answer (the tool's, a decoy's, or an error from a
 * stage); a refusal by the access lists or the scope; or a crash of the
 * environment, which ends the trial.
 */
export type CallOutcome =
  | ToolAnswer
  | {
      readonly type: 'blocked';
      readonly reason: 'denied' | 'not_allowed' | 'scope';
      readonly code: 'blocked' | 'out_of_scope';
      readonly message: string;
      /** On a scope refusal: the owner the task allows. */
      readonly owner?: string;
    }
  | { readonly type: 'crash'; readonly message: string; readonly cause: unknown };

/** A call that ended, with the outcome to record. */
export interface CallDone {
  readonly type: 'done';
  readonly call: CallRequest;
  readonly outcome: CallOutcome;
}

/** What a stage did: let the call go on to the next stage, or end it. */
export type Step<Call> = { readonly type: 'next'; readonly call: Call } | CallDone;

/** What the stages of a call read: the dispatcher's options and the trial's calls so far. */
export interface StageContext {
  readonly environment: Environment;
  readonly state: WorkingState;
  readonly log: EventLog;
  readonly stopwatch: Stopwatch;
  readonly access: ToolAccess;
  readonly scopeOwner?: string;
  readonly presentation?: ToolPresentation;
  readonly toolTimeoutMs?: number;
  /** What a tool's `run` receives. */
  readonly toolContext: ToolContext;
  /** The calls that ran, oldest first (the same list as `toolContext.calls`). */
  readonly calls: PastCall[];
}

/** One stage of a call: it reads what it needs of the context and goes on or ends the call. */
export type CallStage<Call> = (
  call: Call,
  context: StageContext,
) => Step<Call> | Promise<Step<Call>>;

/** Goes on to the next stage. */
export function next<Call>(call: Call): Step<Call> {
  return { type: 'next', call };
}

/** Ends the call here. */
export function done(call: CallRequest, outcome: CallOutcome): CallDone {
  return { type: 'done', call, outcome };
}

/** The error the agent gets: the details, then the code and the message. */
export function toolCallError(
  code: string,
  message: string,
  details: JsonObject = {},
): ToolCallError {
  return { ...details, code, message };
}

/** An error answer from a stage: nothing ran, so it took no time. */
export function errorAnswer(error: ToolCallError): ToolAnswer {
  return { type: 'error', error, durationMs: 0 };
}
