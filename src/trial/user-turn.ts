import type { Dispatcher, EventLog, ToolCallResult } from '../environment/index.js';
import { ToolCrashError } from '../environment/index.js';
import { TrialStoppedError } from '../agent/index.js';
import type { UserAnswer, UserReply } from '../user/index.js';
import type { ExitReason } from '../schema/index.js';

type TakeOver = Extract<UserAnswer, { type: 'take_over' }>;

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

/**
 * The user's answer as the trial records it and the agent hears it: a
 * hint is a `user` event and an `assist` event naming the rule; a
 * take-over is the user's own call through the dispatcher (its events
 * marked `by: 'user'`, outside the agent's steps and budget), an `assist`
 * event with its call id, and what the user then says. The agent gets the
 * words only, never the mark.
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
  log.record({ kind: 'user', text: answer.text, source: answer.source });
  if ('assist' in answer)
    log.record({ kind: 'assist', type: 'hint', source: answer.assist.source });
  return { type: 'reply', text: answer.text, source: answer.source };
}

async function takeOver(
  answer: TakeOver,
  { dispatcher, log, control }: Parameters<typeof recordUserAnswer>[1],
): Promise<UserReply> {
  let result: ToolCallResult;
  try {
    result = await dispatcher.call(answer.tool, answer.args, { by: 'user' });
  } catch (error) {
    if (!(error instanceof ToolCrashError)) throw error;
    if (control.stopReason === undefined && error.cause instanceof Error)
      control.errorStack = error.cause.stack;
    control.stop('tool_crash', error.message);
    throw new TrialStoppedError('tool_crash');
  }
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
