import { describe, expect, it } from 'vitest';
import { createOracleAgent } from '../agent/index.js';
import { SystemSpecSchema, UserSpecSchema } from '../schema/index.js';
import { buildSystemSpec, hashSystemSpec } from './system-spec.js';

const commandSpec = {
  kind: 'command',
  name: 'agent.mjs',
  version: '1',
  options: { command: ['node', 'agent.mjs'] },
};
const sandbox = { kind: 'bubblewrap', network: 'host', env: [], mounts: [] };

describe('buildSystemSpec', () => {
  it('records a diagnosis mode, so each mode has its own system hash, and leaves dialogue as it was', () => {
    const agent = createOracleAgent().spec;
    const hashes = (['dialogue', 'no-user', 'oracle-plan'] as const).map((mode) =>
      hashSystemSpec(buildSystemSpec(agent, { mode })),
    );
    expect(new Set(hashes).size).toBe(3);
    expect(hashes[0]).toBe(hashSystemSpec(buildSystemSpec(agent)));
    expect('mode' in buildSystemSpec(agent, { mode: 'dialogue' })).toBe(false);
    expect(SystemSpecSchema.parse(buildSystemSpec(agent, { mode: 'no-user' })).mode).toBe(
      'no-user',
    );
  });

  it('records the sandbox of a program agent, and it changes the system hash', () => {
    const isolated = buildSystemSpec({ ...commandSpec, sandbox });
    const unisolated = buildSystemSpec({ ...commandSpec, sandbox: { ...sandbox, kind: 'none' } });
    expect(isolated.sandbox).toEqual(sandbox);
    expect(hashSystemSpec(isolated)).not.toBe(hashSystemSpec(unisolated));
  });

  it('leaves the spec of in-process agents as it was, so their hashes do not move', () => {
    const spec = buildSystemSpec(createOracleAgent().spec);
    expect('sandbox' in spec).toBe(false);
    // A stored run from before sandboxing still parses.
    expect(SystemSpecSchema.parse(buildSystemSpec(commandSpec)).sandbox).toBeUndefined();
  });

  it('records the judge model, so runs judged by different models or not judged get different hashes', () => {
    const agent = createOracleAgent().spec;
    const unjudged = buildSystemSpec(agent);
    const judgeA = buildSystemSpec(agent, {
      judge: { provider: 'openai', id: 'gpt-4o', temperature: 0 },
    });
    const judgeB = buildSystemSpec(agent, {
      judge: { provider: 'openai', id: 'gpt-4o-mini', temperature: 0 },
    });
    expect('judge' in unjudged).toBe(false);
    expect(SystemSpecSchema.parse(judgeA).judge).toEqual({
      provider: 'openai',
      id: 'gpt-4o',
      temperature: 0,
    });
    const hashes = new Set([unjudged, judgeA, judgeB].map(hashSystemSpec));
    expect(hashes.size).toBe(3);
  });

  it("shows the scripted users' default stop_when: the pattern a task without one gets", () => {
    const spec = SystemSpecSchema.parse(buildSystemSpec(createOracleAgent().spec));
    const taskDefault = UserSpecSchema.parse({ instruction: 'Hi' }).stop_when;
    expect(spec.user).toEqual({
      kind: 'scripted',
      prompt_version: null,
      defaults: { stop_when: taskDefault },
    });
    // The spec says what the default matches, in the words a task file would use.
    const stops = new RegExp(spec.user.defaults!.stop_when, 'i');
    expect(
      ['Your refund is done.', "You're all set", 'Anything else?'].map((text) => stops.test(text)),
    ).toEqual([true, true, true]);
    expect(stops.test('I abandoned the order')).toBe(false);
  });
});
