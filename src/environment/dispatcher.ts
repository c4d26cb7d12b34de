import type { Clock, Rng, Stopwatch } from '../core/index.js';
import { cloneJson } from '../core/index.js';
import type { JsonValue } from '../core/index.js';
import type { WorkingState } from '../state/index.js';
import { checkAccess, checkScope, validateArguments } from './call-checks.js';
import { faultAfterRun, faultBeforeRun } from './call-faults.js';
import type {
  AnsweredCall,
  CallDone,
  CallRequest,
  CallStage,
  ResolvedCall,
  StageContext,
  Step,
  ToolAccess,
  ToolCallResult,
} from './call-stage.js';
import { done } from './call-stage.js';
import type { Environment } from './define-environment.js';
import type { PastCall } from './define-tool.js';
import type { EventLog } from './event-log.js';
import type { FaultInjector } from './fault-injector.js';
import { injectResult } from './inject-result.js';
import { createOutbox } from './outbox.js';
import { presentTool } from './present-tool.js';
import { recordCall } from './record-call.js';
import { resolveTool } from './resolve-tool.js';
import { runTool } from './run-tool.js';
import { syncSides } from './sync-sides.js';
import type { ToolPresentation } from './tool-presentation.js';

export type { ToolAccess, ToolCallResult } from './call-stage.js';
export { ToolCrashError } from './tool-crash-error.js';

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

/**
 * Who makes a call: the agent (default), or the user, either taking over
 * one of the agent's steps or (`side: 'user'`) using one of their own
 * tools on their side of the world.
 */
export type CallOptions =
  | { readonly by?: 'user'; readonly side?: 'agent' }
  | { readonly by: 'user'; readonly side: 'user' };

export interface Dispatcher {
  /**
   * A call by the agent, or with `{ by: 'user' }` one the user makes
   * themselves: recorded with `by: 'user'` on its events, checked like any
   * call, but no declared fault or injection touches it (they test the agent).
   * With `{ by: 'user', side: 'user' }` the name is looked up among the
   * user's own tools (the environment's `user.tools`), and only there; the
   * task's access lists (which name the agent's tools) do not apply.
   */
  call(tool: string, args: unknown, options?: CallOptions): Promise<ToolCallResult>;
  /** Calls that ran (ok or returning a tool error), oldest first. */
  readonly calls: readonly PastCall[];
}

/** The stages of a call of a known tool before it runs, in order. */
const BEFORE_RUN: readonly CallStage<ResolvedCall>[] = [
  checkAccess,
  validateArguments,
  checkScope,
  faultBeforeRun,
];

/** The stages of a call whose tool ran, in order. */
const AFTER_RUN: readonly CallStage<AnsweredCall>[] = [syncSides, faultAfterRun, injectResult];

/** Passes the call through the stages in order, until one ends it. */
async function passStages<Call>(
  first: Step<Call>,
  stages: readonly CallStage<Call>[],
  context: StageContext,
): Promise<Step<Call>> {
  let step = first;
  for (const stage of stages) {
    if (step.type === 'done') return step;
    step = await stage(step.call, context);
  }
  return step;
}

/**
 * Passes a call through its stages in the order createDispatcher lists,
 * until one ends it; a call no stage ended ends with the tool's answer.
 */
async function passCall(request: CallRequest, context: StageContext): Promise<CallDone> {
  const shown = presentTool(request, context);
  if (shown.type === 'done') return shown;
  const checked = await passStages(resolveTool(shown.call, context), BEFORE_RUN, context);
  if (checked.type === 'done') return checked;
  const answered = await passStages(await runTool(checked.call, context), AFTER_RUN, context);
  return answered.type === 'done' ? answered : done(answered.call, answered.call.answer);
}

/** A new call: its id, a copy of its arguments, and the faults it is open to (none for the user's own). */
function openCall(
  id: string,
  tool: string,
  args: unknown,
  { by, side }: CallOptions,
  faults: FaultInjector | undefined,
): CallRequest {
  const copy = (args === undefined ? {} : cloneJson(args)) as JsonValue;
  if (side === 'user') return { id, tool, args: copy, by: 'user', side };
  if (by === 'user') return { id, tool, args: copy, by };
  return { id, tool, args: copy, ...(faults === undefined ? {} : { faults }) };
}

/**
 * Every tool call goes through here, stage by stage, in this order (each
 * stage can end the call; docs/architecture.md describes what each
 * records):
 *
 * 1. present: a decoy answers its fixed result (the agent's side only);
 * 2. resolve: the real tool (among the agent's tools, or the user's for a
 *    `side: 'user'` call), its parsed arguments and whose records they
 *    touch; the attempt is recorded (`tool_call`); an unknown tool is an
 *    error;
 * 3. access lists: denied or not allowed is a `blocked` refusal (the
 *    agent's side only);
 * 4. argument validation: an `invalid_arguments` error;
 * 5. scope: another owner's records is a `blocked` refusal;
 * 6. fault before: a declared fault fires, and may answer in the tool's place;
 * 7. run: the tool runs and is timed; a throw is a crash; then the
 *    environment's sync hook, if any, brings the sides in line;
 * 8. fault after: a lost acknowledgement hides the answer;
 * 9. injection: planted text in a successful result (or `malformed` garbling);
 * 10. record: the `tool_result` or `blocked` event, and the agent's answer.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { state, clock, rng } = options;
  const calls: PastCall[] = [];
  const outbox = createOutbox(state, clock);
  const context: StageContext = {
    ...options,
    toolContext: { state, clock, rng, outbox, calls },
    calls,
  };
  let nextCallId = 1;
  return {
    calls,
    async call(tool, args, callOptions = {}) {
      const request = openCall(`c${nextCallId++}`, tool, args, callOptions, options.faults);
      return recordCall(await passCall(request, context), context);
    },
  };
}
