import type { SandboxSpec } from '../schema/index.js';

/** Agents run as programs, which the sandbox applies to. */
const PROGRAM_AGENTS = new Set(['command', 'mcp']);

/**
 * One line for every report: how the agent under test was isolated.
 *
 * @example
 * describeSandbox({ kind: 'none', network: 'host', env: [], mounts: [] }, 'command');
 * // 'none: the agent ran UNISOLATED (--no-sandbox) ...'
 */
export function describeSandbox(sandbox: SandboxSpec | null, agentKind: string): string {
  if (sandbox === null) {
    return PROGRAM_AGENTS.has(agentKind)
      ? 'not recorded (a run made before agents were sandboxed): the agent ran unisolated'
      : 'not applicable (the agent runs inside endstate, no program is started)';
  }
  const env = sandbox.env.length === 0 ? '' : ` · env ${sandbox.env.join(', ')}`;
  if (sandbox.kind === 'none') {
    return `none: the agent ran UNISOLATED (--no-sandbox): it could read the suite, the store and the harness's files; declared variables only${env}`;
  }
  const mounts = sandbox.mounts.length === 0 ? '' : ` · mounts ${sandbox.mounts.join(', ')}`;
  const dir = sandbox.agent_dir === undefined ? '' : ` · agent dir ${sandbox.agent_dir}`;
  return `bubblewrap · network ${sandbox.network}${env}${mounts}${dir}`;
}
