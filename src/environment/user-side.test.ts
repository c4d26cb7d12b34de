import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EndstateError, createRng, frozenClock } from '../core/index.js';
import type { Stopwatch } from '../core/index.js';
import { createWorkingState, freezeState, hashState } from '../state/index.js';
import { applyInit } from './apply-init.js';
import { defineEnvironment } from './define-environment.js';
import type { EnvironmentSpec } from './define-environment.js';
import { defineTool } from './define-tool.js';
import { ToolCrashError, createDispatcher } from './dispatcher.js';
import { createEventLog } from './event-log.js';
import { toolError } from './tool-error.js';

const getLine = defineTool({
  name: 'get_line',
  description: 'Look up a line.',
  input: z.object({ line_id: z.string() }),
  effect: 'read',
  run: ({ line_id }, { state }) => state.get('lines', line_id) ?? toolError('not_found', 'no'),
});

const enableRoaming = defineTool({
  name: 'enable_roaming',
  description: 'Enable roaming on a line.',
  input: z.object({ line_id: z.string() }),
  effect: 'write',
  run: ({ line_id }, { state }) =>
    state.update('lines', line_id, (line) => {
      line.roaming = true;
    }),
});

const toggleData = defineTool({
  name: 'toggle_data',
  description: 'Flip mobile data on the phone.',
  input: z.object({}),
  effect: 'write',
  run: (_args, { state }) =>
    state.update('device', 'phone', (phone) => {
      phone.mobile_data = phone.mobile_data !== true;
    }),
});

const breakPhone = defineTool({
  name: 'break_phone',
  description: 'Set-up: switch mobile data off.',
  input: z.object({ reason: z.string() }),
  effect: 'write',
  run: ({ reason }, { state }) =>
    reason === 'refuse'
      ? toolError('refused', 'will not')
      : state.update('device', 'phone', (phone) => {
          phone.mobile_data = false;
        }),
});

const agentFixture = { lines: { L1: { roaming: false } } };
const userFixture = { device: { phone: { mobile_data: true, roaming_allowed: false } } };

/** A carrier with a phone: the sync hook copies the line's roaming flag onto the device. */
const spec: EnvironmentSpec = {
  name: 'carrier',
  version: '1',
  policy: 'Help.',
  fixture: agentFixture,
  tools: [getLine, enableRoaming],
  user: { fixture: userFixture, tools: [toggleData], setup: [breakPhone] },
  sync: ({ state }) => {
    const roaming = state.get('lines', 'L1')?.roaming === true;
    if (state.get('device', 'phone')?.roaming_allowed === roaming) return;
    state.update('device', 'phone', (phone) => {
      phone.roaming_allowed = roaming;
    });
  },
};
const carrier = defineEnvironment(spec);
const { user: _user, sync: _sync, ...plainSpec } = spec;

const stillStopwatch: Stopwatch = { elapsedMs: () => 0 };

function dispatch(
  environment = carrier,
  access: { allow?: string[]; deny: string[] } = { deny: [] },
) {
  const state = createWorkingState(environment.fixture);
  const log = createEventLog(stillStopwatch);
  const dispatcher = createDispatcher({
    environment,
    state,
    clock: frozenClock('2026-10-05T09:00:00Z'),
    rng: createRng(1),
    log,
    stopwatch: stillStopwatch,
    access,
  });
  return { state, log, dispatcher };
}

describe('an environment with a user side', () => {
  it("holds both sides in one s0, hashed as one state of both sides' records", () => {
    expect(carrier.fixture.snapshot).toEqual({ ...agentFixture, ...userFixture });
    expect(carrier.fixture.hash).toBe(hashState({ ...agentFixture, ...userFixture }));
    expect(carrier.user?.collections).toEqual(['device']);
    expect(carrier.user?.descriptors.map((tool) => tool.name)).toEqual(['toggle_data']);
    // The agent is shown its own tools only.
    expect(carrier.descriptors.map((tool) => tool.name)).toEqual(['get_line', 'enable_roaming']);
  });

  it('keeps the hash of an environment without a user side', () => {
    const plain = defineEnvironment(plainSpec);
    expect(plain.fixture.hash).toBe(hashState(agentFixture));
    expect(plain).not.toHaveProperty('user');
  });

  it('refuses a collection or a tool name that both sides claim', () => {
    let error: unknown;
    try {
      defineEnvironment({
        ...spec,
        user: { fixture: { lines: {}, device: {} }, tools: [toggleData, getLine] },
      });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(EndstateError);
    expect((error as EndstateError).code).toBe('E_ENVIRONMENT_INVALID');
    expect((error as EndstateError).problems).toEqual([
      {
        path: 'user.fixture.lines',
        message:
          'collection "lines" is also in the agent\'s fixture: give each side collections of its own',
      },
      {
        path: 'user.tools',
        message:
          'tool "get_line" is already defined (names are unique across tools, setup, user.tools and user.setup)',
      },
    ]);
  });

  it("lets a version upsert records on the user's side", () => {
    const versioned = defineEnvironment({
      ...spec,
      versions: { '2': { fixture: { device: { phone: { mobile_data: false } } } } },
    });
    expect(versioned.versions?.get('2')?.fixture.snapshot).toEqual({
      device: { phone: { mobile_data: false } },
    });
  });
});

describe('the dispatcher on two sides', () => {
  it("runs a user-side call among the user's tools, recorded as the user's", async () => {
    const { state, log, dispatcher } = dispatch();
    const result = await dispatcher.call('toggle_data', {}, { by: 'user', side: 'user' });
    expect(result).toEqual({ ok: true, result: { mobile_data: false, roaming_allowed: false } });
    expect(state.get('device', 'phone')?.mobile_data).toBe(false);
    expect(log.events.map(({ t_ms: _t, ...event }) => event)).toEqual([
      { kind: 'tool_call', call_id: 'c1', tool: 'toggle_data', args: {}, by: 'user', side: 'user' },
      {
        kind: 'tool_result',
        call_id: 'c1',
        tool: 'toggle_data',
        ok: true,
        result: { mobile_data: false, roaming_allowed: false },
        duration_ms: 0,
        by: 'user',
      },
    ]);
  });

  it("answers the agent's call of a user tool with the usual unknown-tool error", async () => {
    const { state, dispatcher } = dispatch();
    const result = await dispatcher.call('toggle_data', {});
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'unknown_tool',
        message: 'there is no tool named "toggle_data"',
        available: ['get_line', 'enable_roaming'],
      },
    });
    expect(state.diff()).toEqual({});
  });

  it("answers a user-side call of an agent's tool with unknown-tool, listing the user's tools", async () => {
    const { dispatcher } = dispatch();
    const result = await dispatcher.call(
      'enable_roaming',
      { line_id: 'L1' },
      { by: 'user', side: 'user' },
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'unknown_tool', available: ['toggle_data'] },
    });
  });

  it("does not hold the user's tools to the task's access lists, which name the agent's", async () => {
    const { dispatcher } = dispatch(carrier, { allow: ['get_line'], deny: [] });
    const result = await dispatcher.call('toggle_data', {}, { by: 'user', side: 'user' });
    expect(result.ok).toBe(true);
    expect((await dispatcher.call('enable_roaming', { line_id: 'L1' })).ok).toBe(false);
  });

  it("brings the device in line after the agent's call, and leaves it when nothing changed", async () => {
    const { state, dispatcher } = dispatch();
    await dispatcher.call('get_line', { line_id: 'L1' });
    expect(state.diff()).toEqual({});
    await dispatcher.call('enable_roaming', { line_id: 'L1' });
    expect(state.diff()).toEqual({
      device: {
        phone: {
          before: { mobile_data: true, roaming_allowed: false },
          after: { mobile_data: true, roaming_allowed: true },
        },
      },
      lines: { L1: { before: { roaming: false }, after: { roaming: true } } },
    });
  });

  it('ends the call as a crash when the sync hook throws', async () => {
    const broken = defineEnvironment({
      ...spec,
      sync: () => {
        throw new Error('no such line');
      },
    });
    const { log, dispatcher } = dispatch(broken);
    await expect(dispatcher.call('toggle_data', {}, { by: 'user', side: 'user' })).rejects.toThrow(
      ToolCrashError,
    );
    expect(log.events.at(-1)).toMatchObject({
      kind: 'tool_result',
      ok: false,
      error: { code: 'tool_crash', message: 'sync hook failed: no such line' },
    });
    // The device changed before the hook failed: a crash makes the trial invalid, whatever the state.
  });
});

describe('applyInit', () => {
  const clock = '2026-10-05T09:00:00Z';

  it('runs steps on either side, each followed by the sync hook, into a new frozen s0', async () => {
    const result = await applyInit(
      carrier,
      carrier.fixture,
      [
        { side: 'agent', tool: 'enable_roaming', args: { line_id: 'L1' } },
        { side: 'user', tool: 'break_phone', args: { reason: 'test' } },
      ],
      clock,
    );
    const expected = {
      lines: { L1: { roaming: true } },
      device: { phone: { mobile_data: false, roaming_allowed: true } },
    };
    expect(result).toMatchObject({ type: 'ready' });
    if (result.type !== 'ready') return;
    expect(result.state.snapshot).toEqual(expected);
    expect(result.state.hash).toBe(hashState(expected));
    expect(Object.isFrozen(result.state.snapshot)).toBe(true);
  });

  it('keeps the fixture itself when there is nothing to run', async () => {
    const plain = defineEnvironment(plainSpec);
    const result = await applyInit(plain, plain.fixture, [], clock);
    expect(result).toEqual({ type: 'ready', state: plain.fixture });
  });

  it("refuses a step on the wrong side's tools, or one that answers an error", async () => {
    await expect(
      applyInit(
        carrier,
        carrier.fixture,
        [{ side: 'agent', tool: 'toggle_data', args: {} }],
        clock,
      ),
    ).resolves.toEqual({
      type: 'failed',
      index: 0,
      message: 'there is no agent-side tool "toggle_data"',
    });
    await expect(
      applyInit(
        carrier,
        carrier.fixture,
        [
          { side: 'user', tool: 'toggle_data', args: {} },
          { side: 'user', tool: 'break_phone', args: { reason: 'refuse' } },
        ],
        clock,
      ),
    ).resolves.toEqual({
      type: 'failed',
      index: 1,
      message: 'break_phone answered an error: refused: will not',
    });
  });

  it('names no step when the sync hook fails on the fixture', async () => {
    const broken = defineEnvironment({
      ...spec,
      sync: () => {
        throw new Error('bad fixture');
      },
    });
    await expect(
      applyInit(broken, freezeState(broken.fixture.snapshot), [], clock),
    ).resolves.toEqual({
      type: 'failed',
      index: null,
      message: 'the sync hook failed: bad fixture',
    });
  });
});
