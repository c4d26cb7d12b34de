import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRng } from '../core/index.js';
import type { JsonValue } from '../core/index.js';
import { FaultSchema } from '../schema/index.js';
import { faultAfterRun, faultBeforeRun } from './call-faults.js';
import type { AnsweredCall, ResolvedCall } from './call-stage.js';
import { defineTool } from './define-tool.js';
import { createEventLog } from './event-log.js';
import { createFaultInjector, faultPlan } from './fault-injector.js';
import type { FaultInjector } from './fault-injector.js';

const sendEmail = defineTool({
  name: 'send_email',
  description: 'Send an email.',
  input: z.object({ to: z.string() }),
  effect: 'write',
  run: ({ to }) => ({ sent: to }),
});

const injector = (...faults: unknown[]): FaultInjector =>
  createFaultInjector(
    faultPlan({ faults: faults.map((spec) => FaultSchema.parse(spec)), inject: [] }),
    createRng(1),
  );

function resolved(faults?: FaultInjector): ResolvedCall {
  const args: JsonValue = { to: 'ana@example.com' };
  return {
    id: 'c1',
    tool: 'send_email',
    args,
    definition: sendEmail,
    parsed: sendEmail.input.safeParse(args),
    ...(faults === undefined ? {} : { faults }),
  };
}

describe('faultBeforeRun', () => {
  it('records a fault that fires and answers its error in the tool’s place', async () => {
    const log = createEventLog({ elapsedMs: () => 0 });
    const call = resolved(injector({ kind: 'timeout', delay_ms: 0 }));
    expect(await faultBeforeRun(call, { log })).toEqual({
      type: 'done',
      call,
      outcome: {
        type: 'error',
        durationMs: 0,
        error: {
          code: 'timeout',
          message: 'send_email did not answer within 0 ms: the request timed out',
        },
      },
    });
    expect(log.events).toEqual([
      {
        t_ms: 0,
        kind: 'fault',
        call_id: 'c1',
        tool: 'send_email',
        fault: 'timeout',
        source: 'faults[0]',
        detail: expect.any(String),
      },
    ]);
  });

  it('records a fault that lets the tool run and carries it on to the later stages', async () => {
    const log = createEventLog({ elapsedMs: () => 0 });
    const step = await faultBeforeRun(resolved(injector({ kind: 'lost_ack', delay_ms: 0 })), {
      log,
    });
    expect(step).toMatchObject({ type: 'next', call: { fault: { kind: 'lost_ack' } } });
    expect(log.events.map((event) => event.kind)).toEqual(['fault']);
  });

  it('lets the call on when no fault fires, or when it is open to none (a user’s own call)', async () => {
    const log = createEventLog({ elapsedMs: () => 0 });
    const quiet = resolved(injector({ kind: 'timeout', tool: 'get_order' }));
    expect(await faultBeforeRun(quiet, { log })).toEqual({ type: 'next', call: quiet });
    expect(await faultBeforeRun(resolved(), { log })).toEqual({ type: 'next', call: resolved() });
    expect(log.events).toEqual([]);
  });
});

describe('faultAfterRun', () => {
  const answered = (call: ResolvedCall): AnsweredCall => ({
    ...call,
    answer: { type: 'result', result: { sent: 'ana@example.com' }, durationMs: 3 },
  });

  it('hides the answer of a call that ran behind a lost acknowledgement', async () => {
    const faults = injector({ kind: 'lost_ack', delay_ms: 0 });
    const fault = faults.beforeCall('send_email', {})!;
    const call = answered({ ...resolved(faults), fault });
    expect(await faultAfterRun(call)).toEqual({
      type: 'done',
      call,
      outcome: { type: 'error', durationMs: 0, error: fault.error },
    });
  });

  it('lets the answer on when no fault fired, or one that only garbles it', async () => {
    const faults = injector({ kind: 'malformed' });
    const garbling = answered({ ...resolved(faults), fault: faults.beforeCall('send_email', {})! });
    expect(await faultAfterRun(garbling)).toEqual({ type: 'next', call: garbling });
    const plain = answered(resolved());
    expect(await faultAfterRun(plain)).toEqual({ type: 'next', call: plain });
  });
});
