import type { SandboxSpec } from '../../schema/index.js';

/** Agents run as programs, which the sandbox applies to. */
const PROGRAM_AGENTS = new Set(['command', 'mcp']);

/**
 * Whether the isolation line reports a real risk (an agent program that ran
 * unisolated, or with the host's network), as opposed to a neutral fact
 * such as an in-process agent, to which no sandbox applies.
 */
export function isIsolationConcern(sandbox: SandboxSpec | null, agentKind: string): boolean {
  if (sandbox === null) return PROGRAM_AGENTS.has(agentKind);
  return sandbox.kind === 'none' || sandbox.network === 'host';
}

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
  // Runs made before the user namespace and the filter record neither.
  const privilege =
    sandbox.seccomp === undefined
      ? ''
      : ` · unprivileged user, no capabilities, seccomp (${sandbox.seccomp})`;
  const network =
    sandbox.network === 'host'
      ? 'network host: NETWORK UNISOLATED (the agent could reach every service of this machine and beyond)'
      : `network ${sandbox.network}`;
  const limits =
    sandbox.limits === undefined
      ? ''
      : ` · limits ${sandbox.limits.memory_mb} MiB memory, ${sandbox.limits.max_processes} processes, ${sandbox.limits.file_size_mb} MiB files, ${sandbox.limits.tmp_mb} MiB /tmp, ${sandbox.limits.cpu_s} s CPU`;
  return `bubblewrap${privilege} · ${network}${limits}${env}${mounts}${dir}`;
}
