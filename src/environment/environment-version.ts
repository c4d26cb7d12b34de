import type { Problem } from '../core/index.js';
import { freezeState } from '../state/index.js';
import type { FrozenState, StateSnapshot } from '../state/index.js';
import type { ToolDefinition } from './define-tool.js';
import { describeTool } from './define-tool.js';
import type { Environment } from './define-environment.js';

/**
 * What changes when a sequence moves the environment to another version
 * (drift): the policy text, tools (same-named ones replaced, new ones
 * added) and records upserted into the state the sequence carries.
 *
 * @example
 * versions: {
 *   'refund-window-14d': {
 *     policy: 'Refunds within 14 days of delivery.',
 *     tools: [strictRefund],
 *     fixture: { settings: { refunds: { window_days: 14 } } },
 *   },
 * }
 */
export interface EnvironmentVersionSpec {
  /** The policy from this version on; default: the base version's. */
  readonly policy?: string;
  /** Tools that replace the base version's tool of the same name, or are added. */
  // Tools differ in their input types; the dispatcher validates before calling.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly tools?: readonly ToolDefinition<any>[];
  /** Records upserted (whole records, by collection and id) into the carried state when a sequence moves to this version. */
  readonly fixture?: StateSnapshot;
}

/** A checked version of an environment. */
export interface EnvironmentVersion {
  readonly name: string;
  readonly policy: string | undefined;
  readonly tools: readonly ToolDefinition[];
  /** The upserts, frozen (an empty state when the version declares none). */
  readonly fixture: FrozenState;
}

const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Every problem of the declared versions, with field paths under `versions.<name>`. */
export function checkVersions(
  versions: Readonly<Record<string, EnvironmentVersionSpec>>,
  base: { readonly version: string; readonly fixture: StateSnapshot },
): Problem[] {
  const problems: Problem[] = [];
  for (const [name, version] of Object.entries(versions)) {
    const at = `versions.${name}`;
    if (!VERSION_NAME.test(name))
      problems.push({ path: at, message: `"${name}" must be letters, digits, ".", "_" or "-"` });
    if (name === base.version)
      problems.push({
        path: at,
        message: `"${name}" is the base version (the environment's own \`version\`): give the changed version a name of its own`,
      });
    if (typeof version !== 'object' || version === null) {
      problems.push({ path: at, message: 'must be an object with policy, tools or fixture' });
      continue;
    }
    const unknown = Object.keys(version).filter(
      (key) => !['policy', 'tools', 'fixture'].includes(key),
    );
    if (unknown.length > 0)
      problems.push({
        path: at,
        message: `unknown field(s) ${unknown.join(', ')}: a version has policy, tools and fixture`,
      });
    if (version.policy !== undefined && typeof version.policy !== 'string')
      problems.push({ path: `${at}.policy`, message: 'must be a string' });
    const names = new Set<string>();
    for (const [index, tool] of (version.tools ?? []).entries()) {
      if ((tool as { kind?: unknown } | null)?.kind !== 'endstate-tool') {
        problems.push({
          path: `${at}.tools[${index}]`,
          message: 'is not a tool: make it with defineTool',
        });
        continue;
      }
      if (names.has(tool.name))
        problems.push({ path: `${at}.tools`, message: `tool "${tool.name}" is defined twice` });
      names.add(tool.name);
    }
    for (const [collection, records] of Object.entries(version.fixture ?? {})) {
      if (typeof records !== 'object' || records === null || Array.isArray(records)) {
        problems.push({
          path: `${at}.fixture.${collection}`,
          message: 'must be an object of records keyed by id',
        });
      } else if (!(collection in base.fixture)) {
        problems.push({
          path: `${at}.fixture.${collection}`,
          message: `collection "${collection}" is not in the base fixture (declare it there, empty if need be)`,
        });
      }
    }
  }
  return problems;
}

/** The versions as the environment keeps them, once checked. */
export function buildVersions(
  versions: Readonly<Record<string, EnvironmentVersionSpec>>,
): ReadonlyMap<string, EnvironmentVersion> {
  return new Map(
    Object.entries(versions).map(([name, version]) => [
      name,
      {
        name,
        policy: version.policy,
        tools: (version.tools ?? []) as readonly ToolDefinition[],
        fixture: freezeState(version.fixture ?? {}),
      },
    ]),
  );
}

/**
 * The environment as it stands at `version`: its policy and tools
 * replaced by the version's. The base version (the environment's own
 * `version`) is the environment itself.
 *
 * @throws Error when the environment has no such version (sequence files are checked on load)
 */
export function environmentAt(environment: Environment, version: string): Environment {
  if (version === environment.version) return environment;
  const declared = environment.versions?.get(version);
  if (declared === undefined)
    throw new Error(`environment "${environment.name}" has no version "${version}"`);
  const tools = new Map(environment.tools);
  for (const tool of declared.tools) tools.set(tool.name, tool);
  return {
    ...environment,
    policy: declared.policy ?? environment.policy,
    tools,
    descriptors: [...tools.values()].map(describeTool),
  };
}

/** `state` with the version's records upserted into it. */
export function upsertRecords(state: StateSnapshot, upserts: StateSnapshot): StateSnapshot {
  const next: Record<string, Record<string, StateSnapshot[string][string]>> = { ...state };
  for (const [collection, records] of Object.entries(upserts)) {
    next[collection] = { ...(next[collection] ?? {}), ...records };
  }
  return next;
}
