import type { CallDone, CallRequest, StageContext, ToolCallResult } from './call-stage.js';
import { ToolCrashError } from './tool-crash-error.js';

const byOf = (call: CallRequest): { by?: 'user' } => (call.by === undefined ? {} : { by: call.by });
const sideOf = (call: CallRequest): { side?: 'user' } =>
  call.side === undefined ? {} : { side: call.side };

/**
 * Records an attempt (`tool_call`), before any check can refuse it, so a
 * refused call is still an attempt the graders count; `scope` is whose
 * records it touches, when the tool's scope rule could tell.
 */
export function recordToolCall(
  call: CallRequest,
  { log }: Pick<StageContext, 'log'>,
  scope?: string,
): void {
  const { id, tool, args } = call;
  log.record({
    kind: 'tool_call',
    call_id: id,
    tool,
    args,
    ...(scope === undefined ? {} : { scope }),
    ...byOf(call),
    ...sideOf(call),
  });
}

/**
 * The last stage: records how the call ended, a `tool_result` or, for a
 * refusal, a `blocked` event, and returns what the agent gets. A crash is
 * recorded, then thrown as a ToolCrashError: the trial cannot go on.
 */
export function recordCall(
  { call, outcome }: CallDone,
  { log }: Pick<StageContext, 'log'>,
): ToolCallResult {
  const { id: call_id, tool } = call;
  switch (outcome.type) {
    case 'result':
    case 'error': {
      const answer: ToolCallResult =
        outcome.type === 'result'
          ? { ok: true, result: outcome.result }
          : { ok: false, error: outcome.error };
      log.record({
        kind: 'tool_result',
        call_id,
        tool,
        ...answer,
        duration_ms: outcome.durationMs,
        ...byOf(call),
      });
      return answer;
    }
    case 'blocked': {
      const { reason, code, message, owner } = outcome;
      const owned = owner === undefined ? {} : { owner };
      log.record({ kind: 'blocked', call_id, tool, reason, message, ...owned });
      return { ok: false, error: { code, message, ...owned } };
    }
    case 'crash': {
      const error = { code: 'tool_crash', message: outcome.message };
      log.record({
        kind: 'tool_result',
        call_id,
        tool,
        ok: false,
        error,
        duration_ms: 0,
        ...byOf(call),
      });
      throw new ToolCrashError(tool, outcome.cause);
    }
  }
}
