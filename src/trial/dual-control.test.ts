import { beforeAll, describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import type { Agent } from '../agent/index.js';
import type { TrialRecord } from '../schema/index.js';
import { hashState } from '../state/index.js';
import { loadSuite } from '../task/index.js';
import type { Sequence, Suite, Task } from '../task/index.js';
import type { UserFactory } from '../user/index.js';
import { runTrial } from './run-trial.js';
import { runSequenceAttempt } from './run-sequence.js';

let suite: Suite;
let airplane: Task;
beforeAll(async () => {
  suite = await loadSuite('examples/phone-settings', {
    importModule: (url) => import(url),
    taskCache: false,
  });
  airplane = suite.tasks.find((task) => task.id === 'airplane-mode-on')!;
});

function play(task: Task, users?: UserFactory): Promise<TrialRecord> {
  return runTrial({
    task,
    environment: suite.environment,
    agent: createOracleAgent(),
    ...(users === undefined ? {} : { users }),
    seed: 3,
    attempt: 1,
    rerun: 0,
    runId: 'run',
    suiteHash: suite.hash,
    systemHash: 'system',
  });
}

/** The task with another user section (and, optionally, another reference path). */
function withUser(
  user: Partial<Task['spec']['user']>,
  reference: Task['spec']['reference'] = airplane.spec.reference,
): Task {
  return {
    ...airplane,
    spec: { ...airplane.spec, user: { ...airplane.spec.user, ...user }, reference },
  };
}

const callsOf = (record: TrialRecord) =>
  record.events.flatMap((event) =>
    event.kind === 'tool_call' ? [[event.tool, event.by ?? 'agent', event.side ?? 'agent']] : [],
  );

describe("a task's init", () => {
  it("sets up s0 on the user's side before the conversation, synced", () => {
    const phone = airplane.initialState.snapshot.device?.phone;
    expect(phone).toMatchObject({ airplane_mode: true, data_connection: 'none' });
    // s0 is the fixture with the device changed, nothing else.
    const fixture = suite.environment.fixture.snapshot;
    expect(airplane.initialState.hash).toBe(
      hashState({ ...fixture, device: { phone: { ...fixture.device!.phone!, ...phone } } }),
    );
    expect(fixture.device?.phone).toMatchObject({ airplane_mode: false });
  });
});

describe('a scripted user with tools of their own', () => {
  it("turns airplane mode off on their phone when asked, and the task passes on the device's state", async () => {
    const record = await play(airplane);
    expect(record).toMatchObject({ success: true, exit_reason: 'finished' });
    expect(record.initial_state_hash).toBe(airplane.initialState.hash);
    expect(callsOf(record)).toEqual([
      ['get_line_by_phone', 'agent', 'agent'],
      ['toggle_airplane_mode', 'user', 'user'],
    ]);
    expect(record.state_diff).toEqual({
      device: {
        phone: {
          before: expect.objectContaining({ airplane_mode: true, data_connection: 'none' }),
          after: expect.objectContaining({ airplane_mode: false, data_connection: 'connected' }),
        },
      },
    });
    // The user's call is never the agent's: one tool call, two steps and messages.
    expect(record.usage.tool_calls).toBe(1);
    expect(record.usage.steps).toBe(2);
    expect(record.events).toContainEqual(
      expect.objectContaining({ kind: 'user', text: 'OK, I turned airplane mode off.' }),
    );
    expect(record.events.some((event) => event.kind === 'assist')).toBe(false);
  });

  it('fails on the device assertion when the user only says it is done', async () => {
    const record = await play(
      withUser({ script: [{ when: 'airplane', say: 'OK, I turned airplane mode off.' }] }),
    );
    expect(record.success).toBe(false);
    expect(record.state_diff).toEqual({});
    const outcome = record.grades.outcome!;
    const failed = outcome.checks.filter((check) => !check.pass).map((check) => check.id);
    expect([...failed].sort()).toEqual([
      'expect.assert[0]',
      'expect.changes[0]',
      'expect.changes[1]',
    ]);
  });

  it('says what their tool answered when the rule gives no words', async () => {
    const record = await play(
      withUser({
        script: [{ when: 'airplane', user_tool: { tool: 'toggle_airplane_mode', args: {} } }],
      }),
    );
    expect(record.success).toBe(true);
    expect(record.events).toContainEqual(
      expect.objectContaining({
        kind: 'user',
        text: 'I used toggle_airplane_mode: {"airplane_mode":false}',
      }),
    );
  });
});

describe("the agent and the user's tools", () => {
  it("is shown its own tools only, never the user's", async () => {
    let shown: string[] = [];
    const looker: Agent = {
      spec: { kind: 'test', name: 'looker', version: '1', options: {} },
      readsReference: false,
      run: (session) => {
        shown = session.tools.map((tool) => tool.name);
        return Promise.resolve({ finalAnswer: null });
      },
    };
    await runTrial({
      task: airplane,
      environment: suite.environment,
      agent: looker,
      seed: 3,
      attempt: 1,
      rerun: 0,
      runId: 'run',
      suiteHash: suite.hash,
      systemHash: 'system',
    });
    expect(shown).toEqual(['get_line_by_phone', 'resume_line']);
  });

  it('gets the normal unknown-tool refusal when it calls a user tool by name', async () => {
    const record = await play(
      withUser({}, [
        { tool: 'toggle_airplane_mode', args: {} },
        { say: 'I switched airplane mode off for you.' },
      ]),
    );
    expect(callsOf(record)).toEqual([['toggle_airplane_mode', 'agent', 'agent']]);
    expect(record.events.find((event) => event.kind === 'tool_result')).toMatchObject({
      ok: false,
      error: {
        code: 'unknown_tool',
        message: 'there is no tool named "toggle_airplane_mode"',
        available: ['get_line_by_phone', 'resume_line'],
      },
    });
    expect(record.state_diff).toEqual({});
    expect(record.success).toBe(false);
  });
});

describe('init in a sequence', () => {
  it("sets up the first episode's s0 only: a later episode starts from the state the last one left", async () => {
    const suspended = suite.tasks.find((task) => task.id === 'suspended-line-data-off')!;
    const episodes = [airplane, suspended];
    const sequence: Sequence = {
      id: 'twice',
      file: 'sequences/twice.yaml',
      spec: {
        id: 'twice',
        labels: {},
        episodes: episodes.map((task) => ({ task: task.id, session: 'new' as const })),
      },
      episodes: episodes.map((task, index) => ({
        episode: index + 1,
        id: `twice@${index + 1}`,
        task,
        session: 'new' as const,
        version: null,
      })),
    };
    const [first, second] = await runSequenceAttempt({
      sequence,
      environment: suite.environment,
      agent: createOracleAgent(),
      runSeed: 3,
      attempt: 1,
      rerun: 0,
      runId: 'run',
      suiteHash: suite.hash,
      systemHash: 'system',
    });
    expect(first).toMatchObject({ success: true, initial_state_hash: airplane.initialState.hash });
    // The second task's init (suspend the line, switch mobile data off) did not run.
    expect(second?.initial_state_hash).toBe(first?.final_state_hash);
    expect(second?.initial_state_hash).not.toBe(suspended.initialState.hash);
    expect(second?.events).toContainEqual(
      expect.objectContaining({
        kind: 'tool_result',
        tool: 'resume_line',
        ok: false,
        error: expect.objectContaining({ code: 'not_suspended' }),
      }),
    );
  });
});
