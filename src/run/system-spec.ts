import type { AgentSpec } from '../agent/index.js';
import { HARNESS_VERSION, hashJson } from '../core/index.js';
import { GRADER_VERSION } from '../grade/index.js';
import { DEFAULT_STOP_WHEN, SandboxSpecSchema } from '../schema/index.js';
import type { JsonObject } from '../core/index.js';
import type { DiagnosisMode, SystemSpec } from '../schema/index.js';

/** The tasks' own scripts, with the defaults a task that leaves them out gets (docs/task-format.md). */
const SCRIPTED_USERS: SystemSpec['user'] = {
  kind: 'scripted',
  prompt_version: null,
  defaults: { stop_when: DEFAULT_STOP_WHEN },
};

/** What else a run pins beside the agent. */
export interface SystemParts {
  /** Default: the tasks' scripted users. */
  readonly user?: SystemSpec['user'] | undefined;
  /** The judge model of the tasks' rubrics (`--judge`); absent when the run has none. */
  readonly judge?: JsonObject | undefined;
  /** A diagnosis mode; `dialogue` (the default) leaves the spec, and so its hash, as it was. */
  readonly mode?: DiagnosisMode | undefined;
}

/** The system under test as far as this run can pin it. */
export function buildSystemSpec(agent: AgentSpec, parts: SystemParts = {}): SystemSpec {
  const user = parts.user ?? SCRIPTED_USERS;
  return {
    agent: { kind: agent.kind, name: agent.name, version: agent.version, options: agent.options },
    model: agent.model ?? null,
    prompt: agent.prompt ?? null,
    user,
    ...(parts.judge === undefined ? {} : { judge: parts.judge }),
    ...(parts.mode === undefined || parts.mode === 'dialogue' ? {} : { mode: parts.mode }),
    ...(agent.sandbox === undefined ? {} : { sandbox: SandboxSpecSchema.parse(agent.sandbox) }),
    harness_version: HARNESS_VERSION,
    grader_version: GRADER_VERSION,
  };
}

/** sha256 of the spec's canonical JSON: results with different hashes are never pooled. */
export function hashSystemSpec(spec: SystemSpec): string {
  return hashJson(spec);
}
