import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Agent, AgentSession } from '../agent/index.js';
import { createOracleAgent } from '../agent/index.js';
import { defineEnvironment, defineTool, toolError } from '../environment/index.js';
import type { JsonValue } from '../core/index.js';
import { TrialRecordSchema } from '../schema/index.js';
import { buildTask } from '../testing/index.js';
import type { Sequence, Task } from '../task/index.js';
import { runSequenceAttempt } from './run-sequence.js';

const writeNote = defineTool({
  name: 'write_note',
  description: 'Write a note.',
  input: z.object({ key: z.string(), value: z.string() }),
  effect: 'write',
  run: ({ key, value }, { state }) => {
    state.put('notes', key, { value });
    return 'ok';
  },
});

const notesEnvironment = defineEnvironment({
  name: 'notes',
  version: '1',
  policy: 'Policy one.',
  fixture: { notes: {}, settings: { mode: { value: 'one' } } },
  tools: [
    writeNote,
    defineTool({
      name: 'read_note',
      description: 'Read a note.',
      input: z.object({ key: z.string() }),
      effect: 'read',
      run: ({ key }, { state }) => state.get('notes', key) ?? toolError('not_found', `no ${key}`),
    }),
    defineTool({
      name: 'crash',
      description: 'Fails.',
      input: z.object({}),
      effect: 'read',
      run: () => {
        throw new Error('backend down');
      },
    }),
  ],
  versions: {
    '2': {
      policy: 'Policy two.',
      tools: [
        defineTool({
          name: 'write_note',
          description: 'Write a note (upper case).',
          input: z.object({ key: z.string(), value: z.string() }),
          effect: 'write',
          run: ({ key, value }, { state }) => {
            state.put('notes', key, { value: value.toUpperCase() });
            return 'ok';
          },
        }),
      ],
      fixture: { settings: { mode: { value: 'two' } } },
    },
  },
});

const tell = buildTask(notesEnvironment, {
  id: 'tell',
  user: { instruction: 'My favourite colour is blue.' },
  expect: {},
  reference: [{ say: 'Noted.' }],
});
const recall = buildTask(notesEnvironment, {
  id: 'recall',
  user: { instruction: 'Write my favourite colour into note colour.' },
  expect: { changes: [{ insert: 'notes', match: { value: 'blue' } }] },
  reference: [{ tool: 'write_note', args: { key: 'colour', value: 'blue' } }],
});
const copy = buildTask(notesEnvironment, {
  id: 'copy',
  user: { instruction: 'Copy note colour to note copy.' },
  expect: { changes: [{ insert: 'notes', match: { value: 'blue' } }] },
  reference: [
    { tool: 'read_note', args: { key: 'colour' } },
    { tool: 'write_note', args: { key: 'copy', value: 'blue' } },
  ],
});
const broken = buildTask(notesEnvironment, {
  id: 'broken',
  user: { instruction: 'Call crash.' },
  expect: {},
  reference: [{ tool: 'crash', args: {} }],
});

function sequenceOf(
  id: string,
  episodes: { task: Task; session?: 'new' | 'same'; version?: string }[],
): Sequence {
  let version: string | null = null;
  return {
    id,
    file: `sequences/${id}.yaml`,
    spec: {
      id,
      labels: { family: 'memory' },
      episodes: episodes.map((e) => ({
        task: e.task.id,
        session: e.session ?? 'new',
        ...(e.version === undefined ? {} : { version: e.version }),
      })),
    },
    episodes: episodes.map((e, index) => {
      version = e.version ?? version ?? '1';
      return {
        episode: index + 1,
        id: `${id}@${index + 1}`,
        task: e.task,
        session: e.session ?? 'new',
        version,
      };
    }),
  };
}

function play(sequence: Sequence, agent: Agent, attempt = 1) {
  return runSequenceAttempt({
    sequence,
    environment: notesEnvironment,
    agent,
    runSeed: 1,
    attempt,
    rerun: 0,
    runId: 'run-test',
    suiteHash: 'suite',
    systemHash: 'system',
  });
}

/** Remembers the colour it is told; writes the one it remembers (or "unknown"). */
function colourAgent(options: { useMemory: boolean; seen?: (JsonValue | undefined)[] }): Agent {
  return {
    spec: { kind: 'test', name: 'colour', version: '1', options: {} },
    readsReference: false,
    async run(session: AgentSession) {
      options.seen?.push(session.memory?.get('colour'));
      let local: string | undefined;
      let text = session.task.instruction;
      for (;;) {
        const told = /colour is (\w+)/.exec(text)?.[1];
        if (told !== undefined) {
          local = told;
          if (options.useMemory) session.memory?.set('colour', told);
        }
        if (text.startsWith('Write')) {
          const remembered = options.useMemory ? session.memory?.get('colour') : undefined;
          const colour = local ?? (typeof remembered === 'string' ? remembered : 'unknown');
          await session.callTool('write_note', { key: 'colour', value: colour });
        }
        const reply = await session.sendToUser('Done.');
        if (reply.type === 'stop') return { finalAnswer: null };
        text = reply.text;
      }
    },
  };
}

describe('runSequenceAttempt', () => {
  it('records each episode with its sequence field, valid against the trial record schema', async () => {
    const records = await play(
      sequenceOf('s', [{ task: tell }, { task: recall }]),
      createOracleAgent(),
    );
    expect(records.map((record) => [record.task_id, record.success])).toEqual([
      ['s@1', true],
      ['s@2', true],
    ]);
    expect(records[1]?.sequence).toEqual({
      id: 's',
      episode: 2,
      task: 'recall',
      session: 'new',
      version: '1',
    });
    expect(records[1]?.labels).toEqual({ family: 'memory' });
    expect(records[1]?.trial_id).toBe('run-test/s@2/1.0');
    for (const record of records) expect(TrialRecordSchema.safeParse(record).success).toBe(true);
  });

  it('starts each episode from the state the previous one left', async () => {
    const records = await play(
      sequenceOf('carry', [{ task: recall }, { task: copy }]),
      createOracleAgent(),
    );
    expect(records[1]?.initial_state_hash).toBe(records[0]?.final_state_hash);
    expect(records[1]?.success).toBe(true);
    // Alone, from its own s0, the copy task has no note to read.
    const alone = await play(sequenceOf('alone', [{ task: copy }]), createOracleAgent());
    expect(alone[0]?.events.some((e) => e.kind === 'tool_result' && !e.ok)).toBe(true);
  });

  it('switches policy, tool behaviour and fixture when an episode moves to another version', async () => {
    const policies: string[] = [];
    const agent: Agent = {
      spec: { kind: 'test', name: 'writer', version: '1', options: {} },
      readsReference: false,
      async run(session) {
        policies.push(session.task.policy);
        await session.callTool('write_note', { key: `k${policies.length}`, value: 'blue' });
        return { finalAnswer: 'ok' };
      },
    };
    const records = await play(
      sequenceOf('drift', [{ task: recall }, { task: recall, version: '2' }]),
      agent,
    );
    expect(policies).toEqual(['Policy one.', 'Policy two.']);
    expect(records[0]?.state_diff).toEqual({
      notes: { k1: { before: null, after: { value: 'blue' } } },
    });
    expect(records[1]?.state_diff).toEqual({
      notes: { k2: { before: null, after: { value: 'BLUE' } } },
    });
    expect(records[1]?.sequence?.version).toBe('2');
    // Version 2's fixture was upserted before episode 2 started.
    expect(records[1]?.initial_state_hash).not.toBe(records[0]?.final_state_hash);
    expect(records[0]?.success).toBe(true);
    expect(records[1]?.success).toBe(false);
  });

  it('passes a cross-session episode with memory and fails it without', async () => {
    const sequence = sequenceOf('mem', [{ task: tell }, { task: recall }]);
    const remembering = await play(sequence, colourAgent({ useMemory: true }));
    const forgetting = await play(sequence, colourAgent({ useMemory: false }));
    expect(remembering.map((record) => record.success)).toEqual([true, true]);
    expect(forgetting.map((record) => record.success)).toEqual([true, false]);
  });

  it('keeps memory across the sessions of one attempt and starts the next attempt empty', async () => {
    const seen: (JsonValue | undefined)[] = [];
    const agent = colourAgent({ useMemory: true, seen });
    const sequence = sequenceOf('mem', [{ task: tell }, { task: recall }]);
    await play(sequence, agent, 1);
    await play(sequence, agent, 2);
    expect(seen).toEqual([undefined, 'blue', undefined, 'blue']);
  });

  it('continues the conversation into a same-session episode when the user stops', async () => {
    const seen: (JsonValue | undefined)[] = [];
    const records = await play(
      sequenceOf('chain', [{ task: tell }, { task: recall, session: 'same' }]),
      colourAgent({ useMemory: false, seen }),
    );
    // One run of the agent for both episodes; it needed no memory.
    expect(seen).toHaveLength(1);
    expect(records.map((record) => [record.exit_reason, record.success])).toEqual([
      ['user_stop', true],
      ['user_stop', true],
    ]);
    expect(records[1]?.sequence?.session).toBe('same');
    expect(records[1]?.events[0]).toMatchObject({
      kind: 'user',
      text: 'Write my favourite colour into note colour.',
    });
    expect(records[0]?.events.filter((event) => event.kind === 'tool_call')).toHaveLength(0);
    expect(records[1]?.events.filter((event) => event.kind === 'tool_call')).toHaveLength(1);
  });

  it('starts a new session, and says so, when the agent ended the conversation before a same-session episode', async () => {
    const records = await play(
      sequenceOf('ended', [{ task: tell }, { task: recall, session: 'same' }]),
      createOracleAgent(),
    );
    expect(records[1]?.sequence?.session).toBe('new');
    expect(
      records[1]?.events.some((e) => e.kind === 'note' && /starts a new session/.test(e.text)),
    ).toBe(true);
  });

  it('ends the attempt at an invalid episode', async () => {
    const records = await play(
      sequenceOf('infra', [{ task: broken }, { task: recall }]),
      createOracleAgent(),
    );
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ valid: false, terminal_reason: 'environment_failure' });
  });
});
