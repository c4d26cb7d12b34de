import { describe, expect, it } from 'vitest';
import type { CallOutcome, CallRequest } from './call-stage.js';
import { createEventLog } from './event-log.js';
import { recordCall, recordToolCall } from './record-call.js';
import { ToolCrashError } from './tool-crash-error.js';

const call: CallRequest = { id: 'c2', tool: 'cancel_order', args: { order_id: '2' } };
const byUser: CallRequest = { ...call, by: 'user' };

function record(outcome: CallOutcome, request: CallRequest = call) {
  const log = createEventLog({ elapsedMs: () => 5 });
  const result = recordCall({ type: 'done', call: request, outcome }, { log });
  return { result, events: log.events };
}

describe('recordToolCall', () => {
  it('records the attempt with its scope and who made it', () => {
    const log = createEventLog({ elapsedMs: () => 5 });
    recordToolCall(byUser, { log }, 'ben');
    expect(log.events).toEqual([
      {
        t_ms: 5,
        kind: 'tool_call',
        call_id: 'c2',
        tool: 'cancel_order',
        args: { order_id: '2' },
        scope: 'ben',
        by: 'user',
      },
    ]);
  });
});

describe('recordCall', () => {
  it('records a result with its duration and returns it', () => {
    const { result, events } = record(
      { type: 'result', result: { cancelled: '2' }, durationMs: 1.5 },
      byUser,
    );
    expect(result).toEqual({ ok: true, result: { cancelled: '2' } });
    expect(events).toEqual([
      {
        t_ms: 5,
        kind: 'tool_result',
        call_id: 'c2',
        tool: 'cancel_order',
        ok: true,
        result: { cancelled: '2' },
        duration_ms: 1.5,
        by: 'user',
      },
    ]);
  });

  it('records an error answer as a result that is not ok, and returns the error', () => {
    const error = { code: 'not_found', message: 'no order 2' };
    const { result, events } = record({ type: 'error', error, durationMs: 1 });
    expect(result).toEqual({ ok: false, error });
    expect(events).toEqual([
      {
        t_ms: 5,
        kind: 'tool_result',
        call_id: 'c2',
        tool: 'cancel_order',
        ok: false,
        error,
        duration_ms: 1,
      },
    ]);
  });

  it('records a refusal as a blocked event, with the allowed owner for scope', () => {
    const message = 'cancel_order refused';
    const { result, events } = record({
      type: 'blocked',
      reason: 'scope',
      code: 'out_of_scope',
      message,
      owner: 'ana',
    });
    expect(result).toEqual({ ok: false, error: { code: 'out_of_scope', message, owner: 'ana' } });
    expect(events).toEqual([
      {
        t_ms: 5,
        kind: 'blocked',
        call_id: 'c2',
        tool: 'cancel_order',
        reason: 'scope',
        message,
        owner: 'ana',
      },
    ]);
  });

  it('records a crash, then throws it: the trial cannot go on', () => {
    const log = createEventLog({ elapsedMs: () => 5 });
    const outcome: CallOutcome = {
      type: 'crash',
      message: 'database is down',
      cause: new Error('database is down'),
    };
    expect(() => recordCall({ type: 'done', call, outcome }, { log })).toThrow(ToolCrashError);
    expect(log.events).toEqual([
      {
        t_ms: 5,
        kind: 'tool_result',
        call_id: 'c2',
        tool: 'cancel_order',
        ok: false,
        error: { code: 'tool_crash', message: 'database is down' },
        duration_ms: 0,
      },
    ]);
  });
});
