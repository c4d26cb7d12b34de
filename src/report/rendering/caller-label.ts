import type { ToolCallEvent } from '../../schema/index.js';

/**
 * Who made a tool call, for a trace: the agent, the user taking over one
 * of the agent's tools, or the user with one of their own tools on their
 * side of the world (dual control).
 */
export function callerLabel(call: Pick<ToolCallEvent, 'by' | 'side'>): string {
  if (call.side === 'user') return "user's own tool";
  return call.by === 'user' ? 'tool call by the user' : 'tool call';
}
