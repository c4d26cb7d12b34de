import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { constraintChecks } from '../schema/index.js';
import type { TrialRecord } from '../schema/index.js';
import { buildTask, shopEnvironment, shopRefundTask } from '../testing/index.js';
import { runTrial } from './run-trial.js';

function play(spec: Record<string, unknown>): Promise<TrialRecord> {
  return runTrial({
    task: buildTask(shopEnvironment, { ...shopRefundTask, ...spec }),
    environment: shopEnvironment,
    agent: createOracleAgent(),
    seed: 5,
    attempt: 1,
    rerun: 0,
    runId: 'run',
    suiteHash: 'suite',
    systemHash: 'system',
  });
}

const helped = {
  user: {
    instruction: 'I want my money back.',
    script: [
      { when: 'which order', say: 'It is order 8842.', assist: 'hint' },
      {
        when: 'eligib',
        take_over: { tool: 'check_eligibility', args: { order_id: '8842' } },
      },
      { when: 'proceed', say: 'Yes, please go ahead.' },
    ],
  },
  reference: [
    { say: 'Which order is it?' },
    { tool: 'get_order', args: { order_id: '8842' } },
    { say: 'Could you check its eligibility in your account, please?' },
    { say: 'I can refund 42.99 for order 8842. Shall I proceed?' },
    { tool: 'process_refund', args: { order_id: '8842', amount_cents: 4299 } },
    { say: 'Done: 42.99 refunded for order 8842.' },
  ],
};

describe('a scripted user who helps', () => {
  it('records a hint as the user reply and an assist event naming its rule', async () => {
    const record = await play(helped);
    const hint = record.events.findIndex((event) => event.kind === 'assist');
    expect(record.events[hint - 1]).toMatchObject({ kind: 'user', text: 'It is order 8842.' });
    expect(record.events[hint]).toMatchObject({
      kind: 'assist',
      type: 'hint',
      source: 'user.script[0]',
    });
    expect(record.events[hint]).not.toHaveProperty('call_id');
  });

  it("makes a take-over's call through the dispatcher as the user's, then says so", async () => {
    const record = await play(helped);
    const userCalls = record.events.filter(
      (event) =>
        (event.kind === 'tool_call' || event.kind === 'tool_result') && event.by === 'user',
    );
    expect(userCalls).toMatchObject([
      { kind: 'tool_call', tool: 'check_eligibility', args: { order_id: '8842' } },
      { kind: 'tool_result', tool: 'check_eligibility', ok: true },
    ]);
    const callId = userCalls[0]!.kind === 'tool_call' ? userCalls[0].call_id : '';
    const assists = record.events.filter((event) => event.kind === 'assist');
    expect(assists).toMatchObject([
      { type: 'hint', source: 'user.script[0]' },
      { type: 'take_over', source: 'user.script[1]', call_id: callId },
    ]);
    expect(record.events).toContainEqual(
      expect.objectContaining({
        kind: 'user',
        text: 'I ran check_eligibility myself.',
        source: 'script',
      }),
    );
  });

  it("never counts the user's call as the agent's tool call, and lets it meet a precondition", async () => {
    const record = await play(helped);
    expect(record.success).toBe(true);
    // get_order and process_refund; the user's check_eligibility is not the agent's.
    expect(record.usage.tool_calls).toBe(2);
    // Three messages to the user and two calls; the take-over takes no step.
    expect(record.usage.steps).toBe(5);
    expect(constraintChecks(record).every((check) => check.pass)).toBe(true);
  });

  it('never blames the agent for a forbidden or unconsented call the user made', async () => {
    const record = await play({
      user: {
        instruction: 'Refund order 8842, I am ana@example.com.',
        script: [
          {
            when: 'eligib',
            take_over: { tool: 'check_eligibility', args: { order_id: '8842' } },
          },
          {
            when: 'yourself',
            take_over: {
              tool: 'process_refund',
              args: { order_id: '8842', amount_cents: 4299 },
            },
            say: 'Done, I refunded 42.99 myself.',
          },
        ],
      },
      constraints: [
        { consent: 'irreversible' },
        { forbid: { tool: 'process_refund' } },
        { max_identical_calls: 1 },
      ],
      reference: [
        { tool: 'get_order', args: { order_id: '8842' } },
        { say: 'Could you check its eligibility in your account, please?' },
        { say: 'Please issue the refund of 42.99 yourself in your account.' },
        { say: 'Done: 42.99 refunded for order 8842.' },
      ],
    });
    const byUser = record.events.flatMap((event) =>
      event.kind === 'tool_call' && event.by === 'user' ? [event.tool] : [],
    );
    expect(byUser).toEqual(['check_eligibility', 'process_refund']);
    expect(record.usage.tool_calls).toBe(1);
    expect(constraintChecks(record).map((check) => [check.kind, check.pass])).toEqual([
      ['consent', true],
      ['forbid', true],
      ['max_identical_calls', true],
    ]);
    expect(record.success).toBe(true);
  });

  it('says the call failed when the take-over did not go through', async () => {
    const record = await play({
      ...helped,
      user: {
        ...helped.user,
        script: [
          helped.user.script[0],
          { when: 'eligib', take_over: { tool: 'get_order', args: { order_id: 'nope' } } },
          helped.user.script[2],
        ],
      },
    });
    const said = record.events.find(
      (event) => event.kind === 'user' && event.text.startsWith('I tried'),
    );
    expect(said).toMatchObject({
      text: expect.stringMatching(
        /^I tried to run get_order myself, but it failed: no order nope$/,
      ),
    });
  });
});
