import { cloneJson } from '../core/index.js';
import type { CallRequest, StageContext, Step } from './call-stage.js';
import { done, next } from './call-stage.js';
import { recordToolCall } from './record-call.js';

/**
 * The first stage: how the agent was shown the tools (`tools.present`).
 * A shown name goes on as its real tool's; a decoy answers its fixed
 * result here, recorded as a call of its own name, so no check, fault or
 * injection touches it and nothing changes. The user's own tools are
 * not the agent's to be shown: their names go on as they are.
 */
export function presentTool(
  call: CallRequest,
  context: Pick<StageContext, 'presentation' | 'log'>,
): Step<CallRequest> {
  if (call.side === 'user') return next(call);
  const shown = context.presentation?.resolve(call.tool) ?? { type: 'tool', name: call.tool };
  if (shown.type === 'tool') return next({ ...call, tool: shown.name });
  recordToolCall(call, context);
  return done(call, { type: 'result', result: cloneJson(shown.result), durationMs: 0 });
}
