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
  /** Who made it: the agent, or the user taking over a step (`by: 'user'` on the event). */
  readonly by: 'agent' | 'user';
}

/**
 * Every attempt of the agent, blocked and failed ones included: attempting
 * counts, not only completing. The user's own calls (a take-over) are the
 * agent's neither to credit nor to blame; `{ who: 'all' }` includes them.
 */
export function toolAttempts(
  events: readonly TrialEvent[],
  options: { readonly who?: 'agent' | 'all' } = {},
): ToolAttempt[] {
  const statusById = new Map<string, ToolAttempt['status']>();
  for (const event of events) {
    if (event.kind === 'tool_result') statusById.set(event.call_id, event.ok ? 'ok' : 'error');
    if (event.kind === 'blocked') statusById.set(event.call_id, 'blocked');
  }
  const attempts: ToolAttempt[] = [];
  events.forEach((event, index) => {
    if (event.kind !== 'tool_call') return;
    if (event.by === 'user' && options.who !== 'all') return;
    attempts.push({
      call_id: event.call_id,
      tool: event.tool,
      args: event.args,
      index,
      status: statusById.get(event.call_id) ?? 'unanswered',
      scope: event.scope,
      by: event.by ?? 'agent',
    });
  });
  return attempts;
}
