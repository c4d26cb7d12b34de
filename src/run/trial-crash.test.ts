import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOracleAgent } from '../agent/index.js';
import { defineEnvironment, defineTool } from '../environment/index.js';
import { createMemoryStore } from '../store/index.js';
import type { Suite } from '../task/index.js';
import { buildTask } from '../testing/index.js';
import { runSuite } from './run-suite.js';

/**
 * A shop whose backend has bugs: one tool writes a total it could not
 * compute (NaN), one answers with an object carrying a method, one never
 * answers. The refund tool works.
 */
const buggyShop = defineEnvironment({
  name: 'buggy-shop',
  version: '1',
  policy: '',
  fixture: { orders: { '8842': { status: 'delivered', total: 42.99 } } },
  tools: [
    defineTool({
      name: 'apply_discount',
      description: 'Applies a discount; divides by zero on an empty cart.',
      input: z.object({ order_id: z.string() }),
      effect: 'write',
      run: ({ order_id }, { state }) => {
        state.update('orders', order_id, (order) => {
          order.total = 0 / 0;
        });
        return { ok: true };
      },
    }),
    defineTool({
      name: 'get_order',
      description: 'Looks an order up; returns the ORM object itself.',
      input: z.object({ order_id: z.string() }),
      effect: 'read',
      run: ({ order_id }, { state }) =>
        ({ ...state.get('orders', order_id), save: () => undefined }) as never,
    }),
    defineTool({
      name: 'refund',
      description: 'Refunds an order.',
      input: z.object({ order_id: z.string() }),
      effect: 'write',
      run: ({ order_id }, { state }) => {
        state.update('orders', order_id, (order) => {
          order.status = 'refunded';
        });
        return { ok: true };
      },
    }),
    defineTool({
      name: 'check_stock',
      description: 'Never answers.',
      input: z.object({}),
      effect: 'read',
      run: () => new Promise<never>(() => undefined),
    }),
  ],
});

function task(id: string, tool: string, limits?: Record<string, number>) {
  return buildTask(buggyShop, {
    id,
    user: { instruction: 'Refund order 8842.' },
    ...(limits === undefined ? {} : { limits }),
    expect: { changes: [{ set: 'orders/8842/status', to: 'refunded' }] },
    reference: [
      { tool, args: tool === 'check_stock' ? {} : { order_id: '8842' } },
      { tool: 'refund', args: { order_id: '8842' } },
      { say: 'Refunded.' },
    ],
  });
}

function suiteOf(...tasks: ReturnType<typeof task>[]): Suite {
  return { name: 'buggy', path: '/buggy', hash: 'h', environment: buggyShop, tasks };
}

const okTask = buildTask(buggyShop, {
  id: 'ok',
  user: { instruction: 'Refund order 8842.' },
  expect: { changes: [{ set: 'orders/8842/status', to: 'refunded' }] },
  reference: [{ tool: 'refund', args: { order_id: '8842' } }, { say: 'Refunded.' }],
});

describe('a trial that breaks never ends the run', () => {
  it('records a tool that writes NaN as an invalid tool_crash naming the tool and path; the other trials succeed', async () => {
    const store = createMemoryStore();
    const { run, trials } = await runSuite({
      suite: suiteOf(task('nan', 'apply_discount'), okTask),
      agent: createOracleAgent(),
      trials: 2,
      maxReruns: 1,
      store,
    });
    expect(run.status).toBe('finished');
    const broken = trials.filter((trial) => trial.task_id === 'nan');
    expect(broken).toHaveLength(4);
    for (const trial of broken) {
      expect(trial).toMatchObject({
        exit_reason: 'tool_crash',
        terminal_reason: 'environment_failure',
        valid: false,
        error:
          'tool apply_discount crashed: cannot write orders/8842.total: it is NaN, which JSON cannot hold',
      });
      expect(trial.error_stack).toMatch(/working-state/);
    }
    const ok = trials.filter((trial) => trial.task_id === 'ok');
    expect(ok.map((trial) => trial.success)).toEqual([true, true]);
    expect(await store.listTrials(run.run_id)).toHaveLength(6);
  });

  it('records a tool whose result holds a function (the store could not keep it) and goes on', async () => {
    const { run, trials } = await runSuite({
      suite: suiteOf(task('method', 'get_order'), okTask),
      agent: createOracleAgent(),
      trials: 1,
      maxReruns: 0,
      store: createMemoryStore(),
    });
    expect(run.status).toBe('finished');
    expect(trials.map((trial) => [trial.task_id, trial.exit_reason, trial.error])).toEqual([
      [
        'method',
        'tool_crash',
        'tool get_order crashed: it returned a value JSON cannot hold: result.save is a function',
      ],
      ['ok', 'finished', null],
    ]);
  });

  it('ends a tool call past limits.tool_timeout_s as an invalid tool_crash', async () => {
    const { trials } = await runSuite({
      suite: suiteOf(task('hang', 'check_stock', { tool_timeout_s: 0.05 })),
      agent: createOracleAgent(),
      trials: 1,
      maxReruns: 0,
      store: createMemoryStore(),
    });
    expect(trials[0]).toMatchObject({
      exit_reason: 'tool_crash',
      terminal_reason: 'environment_failure',
      valid: false,
      error: 'tool check_stock crashed: it did not return within 0.05 s (limits.tool_timeout_s)',
      state_diff: {},
    });
    expect(trials[0]!.usage.latency_ms).toBeLessThan(2000);
  });

  it('records an error that escapes a trial as harness_crash with its stack, and goes on', async () => {
    const { run, trials } = await runSuite({
      suite: suiteOf(okTask),
      agent: createOracleAgent(),
      trials: 2,
      maxReruns: 0,
      store: createMemoryStore(),
      users: {
        // A user simulator with a bug: it fails on the second trial's opening.
        factory: (context) => ({
          kind: 'scripted',
          open: () =>
            context.trial.attempt === 2
              ? Promise.reject(new TypeError("Cannot read properties of undefined (reading 'say')"))
              : Promise.resolve('Refund order 8842.'),
          reply: () => Promise.resolve({ type: 'stop' }),
        }),
        spec: { kind: 'scripted', prompt_version: 'buggy' },
      },
    });
    expect(run.status).toBe('finished');
    expect(trials.map((trial) => [trial.attempt, trial.exit_reason, trial.valid])).toEqual([
      [1, 'finished', true],
      [2, 'harness_crash', false],
    ]);
    expect(trials[1]).toMatchObject({
      terminal_reason: 'environment_failure',
      error: "harness crashed: Cannot read properties of undefined (reading 'say')",
      initial_state_hash: buggyShop.fixture.hash,
      state_diff: {},
    });
    expect(trials[1]!.error_stack).toMatch(/^TypeError: Cannot read properties/);
  });
});
