import type { BlockedEvent, FaultEvent, ToolResultEvent, TrialEvent } from '../../schema/index.js';

/** What became of one tool call: its result, or the block that refused it, and the faults injected into it. */
export interface CallAnswer {
  result?: ToolResultEvent;
  blocked?: BlockedEvent;
  faults: FaultEvent[];
}

/** Answers, blocks and faults of each tool call of a trial's events, by call id. */
export function answersByCall(events: readonly TrialEvent[]): Map<string, CallAnswer> {
  const calls = new Map<string, CallAnswer>();
  for (const event of events)
    if (event.kind === 'tool_call') calls.set(event.call_id, { faults: [] });
  for (const event of events) {
    if (event.kind !== 'tool_result' && event.kind !== 'blocked' && event.kind !== 'fault')
      continue;
    const answer = calls.get(event.call_id);
    if (answer === undefined) continue;
    if (event.kind === 'tool_result') answer.result = event;
    else if (event.kind === 'blocked') answer.blocked = event;
    else answer.faults.push(event);
  }
  return calls;
}

/** Why the dispatcher refused a call, in words. */
export const BLOCK_LABELS: Readonly<Record<BlockedEvent['reason'], string>> = {
  denied: 'denied tool',
  not_allowed: 'not on the allow list',
  scope: 'out of scope',
};
