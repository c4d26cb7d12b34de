import { isJsonObject } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';
import type { TrialEvent } from '../../schema/index.js';
import type { Tau2Message } from './tau2-results.js';

/** A tool call as tau2 records it: who asked, the tool and its arguments. */
export interface Tau2ToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: JsonObject;
  readonly requestor: 'user' | 'assistant';
}

/** Every tool call of a trial, the agent's and the user's, blocked ones included (tau2 has no blocking: they were made). */
export function tau2ToolCalls(events: readonly TrialEvent[]): Tau2ToolCall[] {
  return events.flatMap((event) =>
    event.kind === 'tool_call'
      ? [
          {
            id: event.call_id,
            name: event.tool,
            arguments: isJsonObject(event.args) ? event.args : {},
            requestor: event.by === 'user' ? ('user' as const) : ('assistant' as const),
          },
        ]
      : [],
  );
}

/** What tau2's environment answers: a string as it is, anything else as JSON, an error as `Error: <message>`. */
function toolContent(event: Extract<TrialEvent, { kind: 'tool_result' }>): string {
  if (!event.ok) return `Error: ${event.error?.message ?? 'failed'}`;
  return typeof event.result === 'string' ? event.result : JSON.stringify(event.result ?? null);
}

/**
 * A trial's conversation as tau2's half-duplex messages: the user's and the
 * agent's words, each tool call as a message of its own from whoever made
 * it, each answer (a blocked call's refusal included) as a tool message
 * with the call's id. Faults, usage and notes have no tau2 counterpart.
 */
export function tau2Messages(events: readonly TrialEvent[], startedAt: string): Tau2Message[] {
  const start = Date.parse(startedAt);
  const requestors = new Map(tau2ToolCalls(events).map((call) => [call.id, call.requestor]));
  const messages: Tau2Message[] = [];
  for (const event of events) {
    const common = {
      turn_idx: messages.length,
      timestamp: new Date(start + event.t_ms).toISOString(),
    };
    if (event.kind === 'user') messages.push({ role: 'user', content: event.text, ...common });
    else if (event.kind === 'agent')
      messages.push({ role: 'assistant', content: event.text, ...common });
    else if (event.kind === 'tool_call') {
      const requestor = event.by === 'user' ? 'user' : 'assistant';
      const call = {
        id: event.call_id,
        name: event.tool,
        arguments: isJsonObject(event.args) ? event.args : {},
        requestor,
      } as const;
      messages.push({ role: requestor, content: null, tool_calls: [call], ...common });
    } else if (event.kind === 'tool_result' || event.kind === 'blocked') {
      messages.push({
        role: 'tool',
        id: event.call_id,
        content: event.kind === 'blocked' ? `Error: ${event.message}` : toolContent(event),
        requestor: requestors.get(event.call_id) ?? 'assistant',
        error: event.kind === 'blocked' || !event.ok,
        ...common,
      });
    }
  }
  return messages;
}
