import type { JsonValue } from '../core/index.js';
import type { TrialEvent } from '../schema/index.js';

/** One tool attempt, joined with how it ended. */
export interface ToolAttempt {
  readonly call_id: string;
  readonly tool: string;
  readonly args: JsonValue;
  /** Index of the `tool_call` event in the trial's events. */
  readonly index: number;
  readonly status: 'ok' | 'error' | 'blocked' | 'unanswered';
  /** Whose records the call touches, when the tool says. */
  readonly scope: string | undefined;
}

/** Every attempt, blocked and failed ones included: attempting counts, not only completing. */
export function toolAttempts(events: readonly TrialEvent[]): ToolAttempt[] {
  const statusById = new Map<string, ToolAttempt['status']>();
  for (const event of events) {
    if (event.kind === 'tool_result') statusById.set(event.call_id, event.ok ? 'ok' : 'error');
    if (event.kind === 'blocked') statusById.set(event.call_id, 'blocked');
  }
  const attempts: ToolAttempt[] = [];
  events.forEach((event, index) => {
    if (event.kind !== 'tool_call') return;
    attempts.push({
      call_id: event.call_id,
      tool: event.tool,
      args: event.args,
      index,
      status: statusById.get(event.call_id) ?? 'unanswered',
      scope: event.scope,
    });
  });
  return attempts;
}
