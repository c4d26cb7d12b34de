import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonValue } from '../core/index.js';
import { checkAccess, checkScope, validateArguments } from './call-checks.js';
import type { ResolvedCall } from './call-stage.js';
import { defineTool } from './define-tool.js';

const cancelOrder = defineTool({
  name: 'cancel_order',
  description: 'Cancel an order.',
  input: z.object({ order_id: z.string() }),
  effect: 'write',
  run: ({ order_id }) => ({ cancelled: order_id }),
});

function resolved(args: JsonValue, scope?: string): ResolvedCall {
  return {
    id: 'c1',
    tool: 'cancel_order',
    args,
    definition: cancelOrder,
    parsed: cancelOrder.input.safeParse(args),
    ...(scope === undefined ? {} : { scope }),
  };
}
const call = resolved({ order_id: '2' }, 'ben');

describe('checkAccess', () => {
  it('refuses a tool on the deny list', () => {
    expect(checkAccess(call, { access: { deny: ['cancel_order'] } })).toEqual({
      type: 'done',
      call,
      outcome: {
        type: 'blocked',
        reason: 'denied',
        code: 'blocked',
        message: 'calling cancel_order is not permitted in this task',
      },
    });
  });

  it('refuses a tool off the allow list', () => {
    const step = checkAccess(call, { access: { allow: ['get_order'], deny: [] } });
    expect(step).toMatchObject({ type: 'done', outcome: { reason: 'not_allowed' } });
  });

  it('calls a tool on both lists denied', () => {
    const step = checkAccess(call, { access: { allow: ['cancel_order'], deny: ['cancel_order'] } });
    expect(step).toMatchObject({ type: 'done', outcome: { reason: 'denied' } });
  });

  it('refuses whatever the arguments are', () => {
    const step = checkAccess(resolved({ order_id: 2 }), { access: { deny: ['cancel_order'] } });
    expect(step).toMatchObject({ type: 'done', outcome: { type: 'blocked' } });
  });

  it('lets an allowed tool on', () => {
    expect(checkAccess(call, { access: { allow: ['cancel_order'], deny: [] } })).toEqual({
      type: 'next',
      call,
    });
  });
});

describe('validateArguments', () => {
  it('ends the call with every issue when the arguments do not match the schema', () => {
    const invalid = resolved({ order_id: 2, extra: true });
    expect(validateArguments(invalid)).toEqual({
      type: 'done',
      call: invalid,
      outcome: {
        type: 'error',
        durationMs: 0,
        error: {
          code: 'invalid_arguments',
          message: 'arguments of cancel_order do not match its schema',
          issues: [
            { path: 'order_id', message: 'Invalid input: expected string, received number' },
          ],
        },
      },
    });
  });

  it('lets valid arguments on', () => {
    expect(validateArguments(call)).toEqual({ type: 'next', call });
  });
});

describe('checkScope', () => {
  it("refuses a call on another owner's records, naming only the allowed owner", () => {
    const step = checkScope(call, { scopeOwner: 'ana' });
    expect(step).toMatchObject({
      type: 'done',
      outcome: { type: 'blocked', reason: 'scope', code: 'out_of_scope', owner: 'ana' },
    });
    expect(JSON.stringify(step.type === 'done' && step.outcome)).not.toContain('ben');
  });

  it("lets a call on the owner's own records on", () => {
    expect(checkScope(call, { scopeOwner: 'ben' })).toEqual({ type: 'next', call });
  });

  it('refuses nothing when the task declares no scope', () => {
    expect(checkScope(call, {})).toEqual({ type: 'next', call });
  });

  it('refuses nothing when the tool cannot tell whose records the call touches', () => {
    const unscoped = resolved({ order_id: '9' });
    expect(checkScope(unscoped, { scopeOwner: 'ana' })).toEqual({ type: 'next', call: unscoped });
  });
});
