import { writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_KINDS, agentSpecOf, createAgentFromSpec } from '../agent/index.js';
import { AGENT_KINDS as HELP_AGENT_KINDS } from './agent-kinds.js';
import type { ModelCaller } from '../model/index.js';
import { buildSystemSpec, hashSystemSpec } from '../run/index.js';
import type { CallerFactory } from '../run/index.js';
import type { AgentChoice } from './select-agent.js';
import { agentBuildContext, agentSpecOfFlags } from './select-agent.js';

const cwd = mkdtempSync(join(tmpdir(), 'endstate-select-agent-'));
writeFileSync(join(cwd, 'paths.json'), JSON.stringify({ 'refund-8842': [{ say: 'done' }] }));
writeFileSync(join(cwd, 'prompt.md'), 'Be brief.');
const hidden = { cwd, suite: join(cwd, 'suite'), store: join(cwd, '.endstate/endstate.db') };
const callerFor: CallerFactory = (ref) =>
  Promise.resolve({
    model: `${ref.provider}:${ref.id}`,
    call: () => Promise.reject(new Error('no calls')),
  } as ModelCaller);

const base: AgentChoice = {
  kind: 'oracle',
  slip: 0.1,
  trajectory: undefined,
  model: undefined,
  systemPrompt: undefined,
  decoding: {},
  parallelToolCalls: false,
  command: undefined,
  sandbox: { sandbox: false },
  hidden,
};
const FLAGS: Record<string, Partial<AgentChoice>> = {
  oracle: {},
  simulated: { slip: 0.25 },
  replay: { trajectory: 'paths.json' },
  llm: {
    model: 'openai-compatible:http://127.0.0.1:9/v1#fake',
    systemPrompt: 'prompt.md',
    decoding: { temperature: 0.3, seed: 4 },
    parallelToolCalls: true,
  },
  command: { command: 'node agent.mjs', sandbox: { sandbox: false, agentEnv: ['HOME'] } },
  mcp: { command: 'node client.mjs', sandbox: { sandbox: false } },
};

async function specHashOf(spec: Parameters<typeof createAgentFromSpec>[0]) {
  const agent = await createAgentFromSpec(spec, agentBuildContext(cwd, hidden, callerFor));
  const system = buildSystemSpec(agent.spec);
  return { system, hash: hashSystemSpec(system) };
}

describe('agents from their spec', () => {
  it('has flags for every registered kind', () => {
    expect(Object.keys(FLAGS).sort()).toEqual([...AGENT_KINDS].sort());
    // The help's list (a module of its own, so --help loads no agent) is the registry's.
    expect([...HELP_AGENT_KINDS]).toEqual([...AGENT_KINDS]);
  });

  it.each(AGENT_KINDS)(
    'rebuilds a %s agent from its stored spec with the same system hash',
    async (kind) => {
      const fromFlags = await specHashOf(agentSpecOfFlags({ ...base, kind, ...FLAGS[kind] }));
      const rebuilt = await specHashOf(agentSpecOf(fromFlags.system));
      expect(rebuilt.system).toEqual(fromFlags.system);
      expect(rebuilt.hash).toBe(fromFlags.hash);
    },
  );

  it('refuses a replay file changed since the run, naming the field', async () => {
    const stored = await specHashOf(
      agentSpecOfFlags({ ...base, kind: 'replay', trajectory: 'paths.json' }),
    );
    writeFileSync(join(cwd, 'changed.json'), JSON.stringify({ 'refund-8842': [{ say: 'other' }] }));
    const spec = agentSpecOf(stored.system);
    await expect(
      specHashOf({ ...spec, options: { ...spec.options, trajectory_file: 'changed.json' } }),
    ).rejects.toThrow(
      /trajectory file changed\.json changed since the run: .*agent\.options\.trajectories_hash/,
    );
  });

  it('refuses options its kind does not know, naming the field', async () => {
    await expect(
      specHashOf({ kind: 'simulated', options: { slip: 2, speed: 1 } }),
    ).rejects.toMatchObject({
      code: 'E_USAGE',
      problems: expect.arrayContaining([
        expect.objectContaining({ message: expect.stringContaining('agent.options.slip') }),
      ]),
    });
  });

  it("puts a base URL other than the provider's own in the system spec, and so in its hash", async () => {
    const llm = { ...base, kind: 'llm', model: 'openai:gpt-4o-mini' };
    // The spec `--model openai:gpt-4o-mini` made before endpoints were recorded.
    const before = await specHashOf({
      kind: 'llm',
      options: { parallel_tool_calls: false },
      model: { provider: 'openai', id: 'gpt-4o-mini' },
    });
    const unset = await specHashOf(agentSpecOfFlags({ ...llm, env: {} }));
    const spelled = await specHashOf(
      agentSpecOfFlags({ ...llm, env: { OPENAI_BASE_URL: 'https://api.openai.com/v1' } }),
    );
    const proxied = await specHashOf(
      agentSpecOfFlags({ ...llm, env: { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' } }),
    );
    expect(unset.hash).toBe(before.hash);
    expect(spelled.hash).toBe(before.hash);
    expect(proxied.system.model).toEqual({
      provider: 'openai',
      id: 'gpt-4o-mini',
      base_url: 'http://127.0.0.1:8080/v1',
    });
    expect(proxied.hash).not.toBe(before.hash);
    // A stored run's spec rebuilds the agent at its endpoint, whatever the environment says now.
    expect((await specHashOf(agentSpecOf(proxied.system))).hash).toBe(proxied.hash);
  });
});
