import type { InjectedAction, TrialEvent } from '../schema/index.js';

/**
 * A `fault` event of the given kind on tool `t` (or `tool`), with the
 * declaration's `probability` when it fires at random: for tests of the
 * fault figures.
 */
export function buildFaultEvent(
  kind: string,
  options: { readonly probability?: number; readonly tool?: string } = {},
): TrialEvent {
  return {
    t_ms: 1,
    kind: 'fault',
    call_id: 'c1',
    tool: options.tool ?? 't',
    fault: kind,
    ...(options.probability === undefined ? {} : { probability: options.probability }),
  };
}

/** Planted text in a `get_order` result asking for `goal` (none: a record from before goals). */
export function buildInjectionEvent(goal: InjectedAction[] | null): TrialEvent {
  return {
    t_ms: 1,
    kind: 'fault',
    call_id: 'c0',
    tool: 'get_order',
    fault: 'inject',
    ...(goal === null ? {} : { goal }),
  };
}

/** A `tool_call` event. */
export function buildToolCallEvent(
  tool: string,
  args: Record<string, string | number>,
  callId = 'c2',
): TrialEvent {
  return { t_ms: 2, kind: 'tool_call', call_id: callId, tool, args };
}
