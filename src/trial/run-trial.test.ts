import { describe, expect, it, vi } from 'vitest';
import type { Agent, AgentSession } from '../agent/index.js';
import {
  AgentInfrastructureError,
  createDoNothingAgent,
  createOracleAgent,
  createSimulatedAgent,
} from '../agent/index.js';
import type { TrialRecord } from '../schema/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from './run-trial.js';
import { constraintChecks } from '../schema/index.js';

const task = buildTask(shopEnvironment, shopRefundTask);

function trial(
  agent: Agent,
  overrides: Record<string, unknown> = {},
  seed = 7,
): Promise<TrialRecord> {
  return runTrial({
    task:
      Object.keys(overrides).length === 0
        ? task
        : buildTask(shopEnvironment, { ...shopRefundTask, ...overrides }),
    environment: shopEnvironment,
    agent,
    seed,
    attempt: 1,
    rerun: 0,
    runId: 'run-test',
    suiteHash: 'suite',
    systemHash: 'system',
  });
}

function agentDoing(run: (session: AgentSession) => Promise<string | null>): Agent {
  return {
    spec: { kind: 'test', name: 'test', version: '1', options: {} },
    readsReference: false,
    run: async (session) => ({ finalAnswer: await run(session) }),
  };
}

describe('runTrial', () => {
  it('records a successful oracle trial with its diff, checks and usage', async () => {
    const record = await trial(createOracleAgent());
    expect(record).toMatchObject({
      task_id: 'refund-8842',
      exit_reason: 'finished',
      terminal_reason: 'success',
      success: true,
      valid: true,
      final_answer: 'Done: 42.99 refunded for order 8842.',
      initial_state_hash: shopEnvironment.fixture.hash,
      usage: { steps: 4, tool_calls: 3 },
    });
    expect(record.state_diff).toEqual({
      orders: {
        '8842': {
          before: { customer: 'ana@example.com', status: 'delivered', total_cents: 4299 },
          after: { customer: 'ana@example.com', status: 'refunded', total_cents: 4299 },
        },
      },
      refunds: { 'RF-1': { before: null, after: { order_id: '8842', amount_cents: 4299 } } },
    });
    expect(record.final_state_hash).not.toBe(record.initial_state_hash);
    expect(record.events.map((event) => event.kind)).toEqual([
      'user',
      'tool_call',
      'tool_result',
      'tool_call',
      'tool_result',
      'agent',
      'user',
      'tool_call',
      'tool_result',
      'agent',
    ]);
  });

  it('fails an agent that does nothing, as an agent failure that stays valid', async () => {
    const record = await trial(createDoNothingAgent());
    expect(record).toMatchObject({
      success: false,
      valid: true,
      terminal_reason: 'agent_failure',
      exit_reason: 'finished',
    });
    expect(
      record.grades.outcome!.checks.filter((check) => !check.pass).map((check) => check.id),
    ).toEqual(['expect.changes[0]', 'expect.changes[1]']);
  });

  it('ends the trial at the step budget', async () => {
    const record = await trial(
      agentDoing(async (session) => {
        for (let i = 0; i < 100; i++) await session.callTool('get_order', { order_id: String(i) });
        return 'never';
      }),
    );
    expect(record).toMatchObject({
      exit_reason: 'max_steps',
      terminal_reason: 'agent_failure',
      valid: true,
    });
    expect(record.usage.steps).toBe(10);
    expect(record.final_answer).toBeNull();
  });

  it('ends a loop of identical calls with loop_detected', async () => {
    const record = await trial(
      agentDoing(async (session) => {
        for (;;) await session.callTool('get_order', { order_id: '8842' });
      }),
      { limits: { max_steps: 50, timeout_s: 5 } },
    );
    expect(record.exit_reason).toBe('loop_detected');
    expect(record.usage.tool_calls).toBe(5);
  });

  it('ends a hung agent at the timeout, after its wind-up time', async () => {
    // A fake clock: the timeout and the 3 s wind-up a hung agent gets pass without waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let record: TrialRecord | undefined;
    try {
      const playing = trial(
        agentDoing(() => new Promise(() => undefined)),
        { limits: { max_steps: 10, timeout_s: 0.05 } },
      ).then((made) => (record = made));
      await vi.advanceTimersByTimeAsync(2_900);
      expect(record).toBeUndefined();
      await vi.advanceTimersByTimeAsync(200);
      await playing;
    } finally {
      vi.useRealTimers();
    }
    expect(record).toMatchObject({
      exit_reason: 'timeout',
      terminal_reason: 'agent_failure',
      valid: true,
    });
  });

  it('aborts the session signal when the trial stops', async () => {
    let signal: AbortSignal | undefined;
    const record = await trial(
      agentDoing(async (session) => {
        signal = session.signal;
        await new Promise((resolve) => session.signal.addEventListener('abort', resolve));
        return null;
      }),
      { limits: { max_steps: 10, timeout_s: 0.05 } },
    );
    expect(record.exit_reason).toBe('timeout');
    expect(signal?.aborted).toBe(true);
  });

  it('gives the session its signal as plain data, not an accessor', async () => {
    // A data property: `{ ...session }` keeps it, and sessions share one shape.
    let own: PropertyDescriptor | undefined;
    let aborted: boolean | undefined;
    await trial(
      agentDoing((session) => {
        own = Object.getOwnPropertyDescriptor(session, 'signal');
        aborted = { ...session }.signal.aborted;
        return Promise.resolve('Done.');
      }),
    );
    expect(own).toMatchObject({ enumerable: true });
    expect(own?.get).toBeUndefined();
    expect(own?.value).toBeInstanceOf(AbortSignal);
    expect(aborted).toBe(false);
  });

  it('makes a crashing tool an invalid environment failure', async () => {
    const record = await trial(
      agentDoing(async (session) => (await session.callTool('crash', {}), 'ok')),
    );
    expect(record).toMatchObject({
      exit_reason: 'tool_crash',
      terminal_reason: 'environment_failure',
      valid: false,
      success: false,
      error: 'tool crash crashed: backend unavailable',
    });
  });

  it('records an agent that throws as agent_error', async () => {
    const record = await trial(
      agentDoing(() => {
        throw new Error('model returned garbage');
      }),
    );
    expect(record).toMatchObject({
      exit_reason: 'agent_error',
      terminal_reason: 'agent_failure',
      valid: true,
    });
    expect(record.error).toBe('agent error: model returned garbage');
  });

  it('makes a grader that cannot decide an invalid grader failure', async () => {
    const record = await trial(createOracleAgent(), {
      expect: { ...shopRefundTask.expect, assert: ['sT.refunds.size()'] },
    });
    expect(record).toMatchObject({
      terminal_reason: 'grader_failure',
      valid: false,
      success: false,
    });
    expect(record.error).toMatch(/gave bigint, not a boolean/);
  });

  it.each([
    [
      'list.sum()',
      'sT.refunds.map(r, r.amount_cents).sum() == 4299',
      "found no matching overload for 'list.sum()'",
    ],
    [
      'double * int',
      'sT_by_id.orders["8842"].total_cents * 2 > 0',
      'no such overload: dyn<double> * int',
    ],
  ])(
    'makes an assertion using %s an invalid grader failure naming the check',
    async (_, assertion, error) => {
      const record = await trial(createOracleAgent(), {
        expect: { ...shopRefundTask.expect, assert: ['sT.refunds.size() == 1', assertion] },
      });
      expect(record).toMatchObject({
        exit_reason: 'finished',
        terminal_reason: 'grader_failure',
        valid: false,
        success: false,
      });
      expect(record.error).toBe(`grader failed: expect.assert[1]: ${assertion}: ${error}`);
      const check = record.grades.outcome!.checks.find((c) => c.id === 'expect.assert[1]');
      expect(check).toEqual({
        id: 'expect.assert[1]',
        kind: 'assert',
        pass: false,
        message: `${assertion} could not be evaluated: ${error}`,
        evidence: { expression: assertion, error },
        // The failed check names its expression; it read no value.
        expression: assertion,
      });
    },
  );

  it('keeps an assertion that is merely false an agent failure', async () => {
    const record = await trial(createOracleAgent(), {
      expect: { ...shopRefundTask.expect, assert: ['sT.refunds.size() == 2'] },
    });
    expect(record).toMatchObject({
      terminal_reason: 'agent_failure',
      valid: true,
      success: false,
      error: null,
    });
    expect(record.grades.outcome!.checks.find((c) => c.id === 'expect.assert[0]')).toMatchObject({
      pass: false,
      message: 'sT.refunds.size() == 2 is false',
    });
  });

  it('stops when the user stops', async () => {
    const record = await trial(
      agentDoing(async (session) => {
        const reply = await session.sendToUser('Anything else I can do?');
        expect(reply).toEqual({ type: 'stop' });
        await session.callTool('get_order', { order_id: '8842' });
        return 'unreachable';
      }),
    );
    expect(record.exit_reason).toBe('user_stop');
    expect(record.usage.tool_calls).toBe(0);
  });

  it('blocks a denied tool and grades the attempt', async () => {
    const record = await trial(
      agentDoing(async (session) => {
        const result = await session.callTool('process_refund', {
          order_id: '8842',
          amount_cents: 4299,
        });
        expect(result.ok).toBe(false);
        return 'I could not refund it.';
      }),
      {
        tools: { deny: ['process_refund'] },
        constraints: [{ forbid: { tool: 'process_refund' } }],
      },
    );
    expect(record.events.some((event) => event.kind === 'blocked')).toBe(true);
    // The task's forbid constraint and its deny list both count the refused attempt.
    expect(constraintChecks(record)).toMatchObject([
      { id: 'constraints[0]', kind: 'forbid', pass: false },
      { id: 'tools.deny', kind: 'forbid', pass: false },
    ]);
    expect(record.success).toBe(false);
  });

  it("refuses a refund of another customer's order when the task declares a scope, and fails it", async () => {
    const record = await trial(
      agentDoing(async (session) => {
        await session.callTool('check_eligibility', { order_id: '8842' });
        const result = await session.callTool('process_refund', {
          order_id: '8842',
          amount_cents: 4299,
        });
        expect(result).toMatchObject({ ok: false, error: { code: 'out_of_scope' } });
        return 'I could not refund it.';
      }),
      { constraints: [{ scope: { owner: 'ben@example.com' } }] },
    );
    expect(record.state_diff).toEqual({});
    expect(record.events.filter((event) => event.kind === 'blocked')).toMatchObject([
      { tool: 'process_refund', reason: 'scope', owner: 'ben@example.com' },
    ]);
    expect(constraintChecks(record)).toMatchObject([{ kind: 'scope', pass: false }]);
    expect(record).toMatchObject({ success: false, valid: true, exit_reason: 'finished' });
  });

  it('ends the trial normally when a terminating tool goes through', async () => {
    const record = await trial(
      agentDoing(async (session) => {
        await session.callTool('transfer_to_human', { summary: 'refund request' });
        await session.callTool('get_order', { order_id: '8842' });
        return 'unreachable';
      }),
    );
    expect(record).toMatchObject({
      exit_reason: 'finished',
      terminal_reason: 'agent_failure',
      final_answer: null,
    });
    expect(record.usage.tool_calls).toBe(1);
  });

  it('records whose records a call touches', async () => {
    const record = await trial(createOracleAgent());
    const refund = record.events.find(
      (event) => event.kind === 'tool_call' && event.tool === 'process_refund',
    );
    expect(refund).toMatchObject({ scope: 'ana@example.com' });
  });

  it('never lets the expected outcome, reference, known-bad paths or hidden goal reach the agent', async () => {
    const seen: unknown[] = [];
    await trial(
      agentDoing(async (session) => {
        seen.push(session, session.task, session.tools, session.budget());
        seen.push(await session.callTool('get_order', { order_id: '8842' }));
        seen.push(await session.sendToUser('Shall I proceed?'));
        return null;
      }),
    );
    const visible = JSON.stringify(seen);
    expect(visible).toContain('Please refund order 8842');
    for (const secret of [
      'SECRET-GOAL',
      'KNOWN-BAD',
      'Done: 42.99 refunded',
      'expect.changes',
      '"refunded"',
    ]) {
      expect(visible).not.toContain(secret);
    }
    expect(Object.keys(seen[0] as object).sort()).toEqual(
      [
        'budget',
        'callTool',
        'caps',
        'memory',
        'note',
        'recordConnection',
        'recordRefusedConnection',
        'recordUsage',
        'rng',
        'sendToUser',
        'signal',
        'task',
        'tools',
        'trial',
      ].sort(),
    );
    // Plain data: nothing comes from a prototype of its own.
    expect(Object.getPrototypeOf(seen[0])).toBe(Object.prototype);
  });

  const usage = (tokens: number, costUsd: number) => ({
    role: 'agent' as const,
    model: 'test:model',
    input_tokens: tokens,
    output_tokens: 0,
    cached_input_tokens: 0,
    cost_usd: costUsd,
    wait_ms: 0,
    retries: 0,
  });

  it('ends the trial when the token or cost budget is spent, as an agent failure', async () => {
    const spend = (tokens: number, costUsd: number) =>
      agentDoing((session) => {
        for (let i = 0; i < 10; i++) session.recordUsage(usage(tokens, costUsd));
        return Promise.resolve('done');
      });
    const tokens = await trial(spend(400, 0), {
      limits: { max_steps: 10, timeout_s: 5, max_tokens: 1000 },
    });
    expect(tokens).toMatchObject({
      exit_reason: 'token_limit',
      terminal_reason: 'agent_failure',
      valid: true,
    });
    expect(tokens.usage).toMatchObject({ model_calls: 3, input_tokens: 1200 });
    const cost = await trial(spend(1, 0.4), {
      limits: { max_steps: 10, timeout_s: 5, max_cost_usd: 1 },
    });
    expect(cost).toMatchObject({ exit_reason: 'cost_limit', terminal_reason: 'agent_failure' });
    expect(cost.usage.cost_usd).toBeCloseTo(1.2, 10);
  });

  it('makes a provider failure an invalid trial, not an agent failure', async () => {
    const outage = await trial(
      agentDoing(() => {
        throw new AgentInfrastructureError(
          'provider still failing after 5 retries',
          'environment_failure',
        );
      }),
    );
    expect(outage).toMatchObject({
      exit_reason: 'provider_error',
      terminal_reason: 'environment_failure',
      valid: false,
    });
    const incompatible = await trial(
      agentDoing(() => {
        throw new AgentInfrastructureError(
          'model does not support tools',
          'harness_incompatibility',
        );
      }),
    );
    expect(incompatible).toMatchObject({
      terminal_reason: 'harness_incompatibility',
      valid: true,
      success: false,
    });
    expect(incompatible.error).toBe('model does not support tools');
  });

  it('gives identical records for the same seed, timestamps aside', async () => {
    const agent = createSimulatedAgent({ slip: 0.5 });
    const normalise = (record: TrialRecord): unknown =>
      JSON.parse(
        JSON.stringify(record, (key, value: unknown) =>
          ['t_ms', 'duration_ms', 'latency_ms', 'started_at'].includes(key) ? 0 : value,
        ),
      );
    const seeds = [1, 2, 3, 4, 5, 6];
    const first = await Promise.all(seeds.map((seed) => trial(agent, {}, seed)));
    const second = await Promise.all(seeds.map((seed) => trial(agent, {}, seed)));
    expect(second.map(normalise)).toEqual(first.map(normalise));
    expect(new Set(first.map((record) => JSON.stringify(normalise(record)))).size).toBeGreaterThan(
      1,
    );
  });

  it("records the agent's confidence on the final agent event", async () => {
    const agent: Agent = {
      ...agentDoing(() => Promise.resolve(null)),
      run: () => Promise.resolve({ finalAnswer: 'Done.', confidence: 0.4 }),
    };
    const record = await trial(agent);
    expect(record.events.at(-1)).toMatchObject({
      kind: 'agent',
      text: 'Done.',
      final: true,
      confidence: 0.4,
    });
  });

  it('drops a confidence outside [0, 1] with a note', async () => {
    const agent: Agent = {
      ...agentDoing(() => Promise.resolve(null)),
      run: () => Promise.resolve({ finalAnswer: 'Done.', confidence: 7 }),
    };
    const record = await trial(agent);
    const final = record.events.at(-1);
    expect(final).toMatchObject({ kind: 'agent', final: true });
    expect(final).not.toHaveProperty('confidence');
    expect(record.events).toContainEqual(
      expect.objectContaining({ kind: 'note', text: 'agent confidence 7 ignored: not in [0, 1]' }),
    );
  });

  it('has the simulated agent report 0.9 without a slip and less after one', async () => {
    const confidenceOf = (record: TrialRecord) =>
      record.events.find((event) => event.kind === 'agent' && event.final);
    const steady = await trial(createSimulatedAgent({ slip: 0 }));
    expect(confidenceOf(steady)).toMatchObject({ confidence: 0.9 });
    const quitter = await trial(createSimulatedAgent({ slip: 1, slips: ['give_up'] }));
    expect(confidenceOf(quitter)).toMatchObject({ confidence: 0.1 });
  });
});

describe('runTrial with tools.present', () => {
  const present = {
    tools: {
      deny: [],
      present: {
        order: ['process_refund'],
        rename: { process_refund: 'issue_refund' },
        describe: { get_order: 'Fetch an order.' },
        extra: [{ name: 'get_weather', description: 'Weather.', input_schema: {}, result: 'sun' }],
      },
    },
  };

  it('shows the agent the presented tools, never the real name of a renamed one', async () => {
    let shown: { name: string; description: string }[] = [];
    await trial(
      agentDoing((session) => {
        shown = session.tools.map(({ name, description }) => ({ name, description }));
        return Promise.resolve(null);
      }),
      present,
    );
    expect(shown[0]!.name).toBe('issue_refund');
    expect(shown.map((tool) => tool.name)).not.toContain('process_refund');
    expect(shown.find((tool) => tool.name === 'get_order')!.description).toBe('Fetch an order.');
    expect(shown.at(-1)!.name).toBe('get_weather');
  });

  it('lets the oracle solve the task under the shown names, recorded and graded under the real ones', async () => {
    const record = await trial(createOracleAgent(), present);
    expect(record.success).toBe(true);
    const called = record.events.flatMap((event) =>
      event.kind === 'tool_call' ? [event.tool] : [],
    );
    expect(called).toContain('process_refund');
    expect(called).not.toContain('issue_refund');
  });
});
