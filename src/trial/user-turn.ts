import type { JsonValue } from '../core/index.js';
import type { Dispatcher, Environment, EventLog, ToolCallResult } from '../environment/index.js';
import { ToolCrashError } from '../environment/index.js';
import { TrialStoppedError } from '../agent/index.js';
import type { UserAnswer, UserReply, UserToolbox } from '../user/index.js';
import type { ExitReason } from '../schema/index.js';

type TakeOver = Extract<UserAnswer, { type: 'take_over' }>;
type UserToolCall = Extract<UserAnswer, { type: 'user_tool' }>;

/** The part of the trial's control a user's call needs: a crash of the tool ends the trial. */
interface CrashControl {
  readonly stopReason: ExitReason | undefined;
  errorStack: string | undefined;
  stop(reason: ExitReason, detail?: string): void;
}

/** What the user says after a take-over when its rule gives no `say`. */
export function takeOverMessage(tool: string, result: ToolCallResult): string {
  return result.ok
    ? `I ran ${tool} myself.`
    : `I tried to run ${tool} myself, but it failed: ${result.error.message}`;
}

/** What the user says after using one of their own tools when its rule gives no `say`. */
export function userToolMessage(tool: string, result: ToolCallResult): string {
  return result.ok
    ? `I used ${tool}: ${JSON.stringify(result.result)}`
    : `I tried ${tool}, but it failed: ${result.error.message}`;
}

/**
 * A call the user makes themselves, through the dispatcher: on the agent's
 * tools (a take-over) or, with `side: 'user'`, on their own. A crash of the
 * tool ends the trial as a `tool_crash`, as the agent's would.
 */
async function callAsUser(
  tool: string,
  args: JsonValue,
  side: 'agent' | 'user',
  { dispatcher, control }: { readonly dispatcher: Dispatcher; readonly control: CrashControl },
): Promise<ToolCallResult> {
  try {
    return await dispatcher.call(
      tool,
      args,
      side === 'user' ? { by: 'user', side: 'user' } : { by: 'user' },
    );
  } catch (error) {
    if (!(error instanceof ToolCrashError)) throw error;
    if (control.stopReason === undefined && error.cause instanceof Error)
      control.errorStack = error.cause.stack;
    control.stop('tool_crash', error.message);
    throw new TrialStoppedError('tool_crash');
  }
}

/**
 * The user's own tools for a simulator that calls them itself (a model
 * playing the user), or undefined when the environment has no user side.
 */
export function userToolbox(
  environment: Environment,
  context: { readonly dispatcher: Dispatcher; readonly control: CrashControl },
): UserToolbox | undefined {
  const side = environment.user;
  if (side === undefined) return undefined;
  return {
    tools: side.descriptors,
    call: (tool, args) => callAsUser(tool, args, 'user', context),
  };
}

/**
 * The user's answer as the trial records it and the agent hears it: a
 * hint is a `user` event and an `assist` event naming the rule; a
 * take-over is the user's own call through the dispatcher (its events
 * marked `by: 'user'`, outside the agent's steps and budget), an `assist`
 * event with its call id, and what the user then says; a call of one of
 * the user's own tools is the user's call through the dispatcher (its
 * events marked `by: 'user'`, `side: 'user'`), then what the user says.
 * The agent gets the words only, never the mark.
 */
export async function recordUserAnswer(
  answer: Exclude<UserAnswer, { type: 'stop' }>,
  context: {
    readonly dispatcher: Dispatcher;
    readonly log: EventLog;
    readonly control: CrashControl;
  },
): Promise<UserReply> {
  const { log } = context;
  if (answer.type === 'take_over') return takeOver(answer, context);
  if (answer.type === 'user_tool') return useOwnTool(answer, context);
  log.record({ kind: 'user', text: answer.text, source: answer.source });
  if ('assist' in answer)
    log.record({ kind: 'assist', type: 'hint', source: answer.assist.source });
  return { type: 'reply', text: answer.text, source: answer.source };
}

async function useOwnTool(
  answer: UserToolCall,
  context: Parameters<typeof recordUserAnswer>[1],
): Promise<UserReply> {
  const result = await callAsUser(answer.tool, answer.args, 'user', context);
  const text = answer.say ?? userToolMessage(answer.tool, result);
  context.log.record({ kind: 'user', text, source: 'script' });
  return { type: 'reply', text, source: 'script' };
}

async function takeOver(
  answer: TakeOver,
  context: Parameters<typeof recordUserAnswer>[1],
): Promise<UserReply> {
  const { log } = context;
  const result = await callAsUser(answer.tool, answer.args, 'agent', context);
  const call = log.events.findLast((event) => event.kind === 'tool_call' && event.by === 'user');
  log.record({
    kind: 'assist',
    type: 'take_over',
    source: answer.source,
    ...(call?.kind === 'tool_call' ? { call_id: call.call_id } : {}),
  });
  const text = answer.say ?? takeOverMessage(answer.tool, result);
  log.record({ kind: 'user', text, source: 'script' });
  return { type: 'reply', text, source: 'script' };
}
