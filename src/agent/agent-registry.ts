import { EndstateError, canonicalJson, jsonEqual } from '../core/index.js';
import type { JsonObject, JsonValue } from '../core/index.js';
import type { SystemSpec } from '../schema/index.js';
import type { Agent, AgentSpec } from './agent.js';
import type { AgentBuildContext, AgentKind, AgentSpecInput } from './agent-kind.js';
import { BUILT_IN_AGENT_KINDS } from './built-in-agent-kinds.js';

/** The registry: every agent kind a system spec may name, by kind. */
export const AGENT_REGISTRY: ReadonlyMap<string, AgentKind> = new Map(
  BUILT_IN_AGENT_KINDS.map((kind) => [kind.kind, kind]),
);

/** The kinds `--agent` accepts and a stored spec may name. */
export const AGENT_KINDS: readonly string[] = BUILT_IN_AGENT_KINDS.map((kind) => kind.kind);

/** The agent part of a stored system spec, as the agent's own `spec`. */
export function agentSpecOf(
  system: Pick<SystemSpec, 'agent' | 'model' | 'prompt' | 'sandbox'>,
): AgentSpec {
  return {
    ...system.agent,
    ...(system.model === null ? {} : { model: system.model }),
    ...(system.prompt === null ? {} : { prompt: system.prompt }),
    // Parsed by its schema, the sandbox holds JSON values only (no key set to undefined).
    ...(system.sandbox === undefined ? {} : { sandbox: system.sandbox as JsonObject }),
  };
}

const SPEC_FIELDS = ['kind', 'name', 'version', 'options', 'model', 'prompt', 'sandbox'] as const;

/** Fields of the rebuilt spec that differ from the one asked for, as `field: then → now`. */
function differences(wanted: AgentSpecInput, built: AgentSpec): string[] {
  const value = (spec: AgentSpecInput | AgentSpec, field: (typeof SPEC_FIELDS)[number]) =>
    (spec[field] ?? null) as JsonValue;
  return SPEC_FIELDS.filter((field) => !jsonEqual(value(wanted, field), value(built, field))).map(
    (field) =>
      `agent ${field}: ${canonicalJson(value(wanted, field))} → ${canonicalJson(value(built, field))}`,
  );
}

/**
 * Builds an agent from its spec through the registry: the kind's options
 * are checked against its schema (each problem named by field), then its
 * factory builds it. A spec that names its `version` is a stored one: the
 * rebuilt agent must have the very same spec, or this refuses with the
 * fields that differ (an agent kind bumped its version, a file changed).
 *
 * @example
 * const agent = await createAgentFromSpec(agentSpecOf(run.system), { callerFor });
 * const simulated = await createAgentFromSpec({ kind: 'simulated', options: { slip: 0.1 } });
 */
export async function createAgentFromSpec(
  spec: AgentSpecInput,
  context: AgentBuildContext = {},
): Promise<Agent> {
  const kind = AGENT_REGISTRY.get(spec.kind);
  if (kind === undefined) {
    throw new EndstateError('E_USAGE', `unknown agent kind "${spec.kind}" (agent.kind)`, {
      hint: `Choose one of: ${[...AGENT_REGISTRY.keys()].join(', ')}.`,
    });
  }
  const parsed = kind.optionsSchema.safeParse(spec.options);
  if (!parsed.success) {
    throw new EndstateError('E_USAGE', `the ${spec.kind} agent's options are not valid`, {
      problems: parsed.error.issues.map((issue) => ({
        message: `agent.options${issue.path.map((key) => `.${String(key)}`).join('')}: ${issue.message}`,
      })),
      hint: `The ${spec.kind} agent's options are listed in docs/architecture.md (Agents from their spec).`,
    });
  }
  const agent = await kind.create(parsed.data, spec, context);
  if (spec.version !== undefined) {
    const changed = differences(spec, agent.spec);
    if (changed.length > 0) {
      throw new EndstateError(
        'E_USAGE',
        `the ${spec.kind} agent rebuilt from its spec is not the same agent`,
        {
          problems: changed.map((message) => ({ message })),
          hint: 'This endstate builds that agent differently (a new version of the kind): start a new run.',
        },
      );
    }
  }
  return agent;
}
