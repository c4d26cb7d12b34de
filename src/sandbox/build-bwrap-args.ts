import { AGENT_GID, AGENT_UID } from './sandbox-settings.js';
import type { AgentNetwork } from './sandbox-settings.js';

/** A read-only view of one host path at a path inside the sandbox. */
export interface SandboxBind {
  /** Where it is on the host (symlinks resolved). */
  readonly source: string;
  /** Where the program sees it. */
  readonly path: string;
}

/** A symbolic link inside the sandbox, e.g. /bin -> usr/bin on merged-/usr systems. */
export interface SandboxSymlink {
  readonly target: string;
  readonly path: string;
}

/** Everything one sandboxed program may see, with machine paths resolved. */
export interface BwrapPlan {
  readonly network: AgentNetwork;
  /** System runtimes (/usr, /lib ...), the parts of /etc programs need, and the node binary's folder. */
  readonly system: readonly (SandboxBind | SandboxSymlink)[];
  /** Files the harness wrote in place of the host's (/etc/passwd, /etc/group). */
  readonly generated: readonly SandboxBind[];
  /** The agent's folder, node_modules of its ancestors, --agent-mount paths, files handed to it. */
  readonly readOnly: readonly SandboxBind[];
  /** Folders hidden under an empty tmpfs because a visible folder contains them (suite, store, working folder). */
  readonly masked: readonly string[];
  /** The private writable folder (HOME and TMPDIR), a tmpfs of `tmpBytes`. */
  readonly tmp: string;
  readonly tmpBytes: number;
  /** The program's working folder inside the sandbox (created empty when nothing shows it). */
  readonly cwd: string;
  /** The file descriptor bubblewrap reads the seccomp filter from; none: no filter. */
  readonly seccompFd?: number;
}

/**
 * The bubblewrap arguments (before `--` and the command) for a plan: a new
 * user namespace in which the agent is uid 1000 with no capabilities and
 * cannot make another, new PID, IPC, UTS and cgroup namespaces (and network
 * unless `host`), its own session (no terminal to type into), a private
 * /proc, killed with endstate, a tmpfs root in which only the planned paths
 * exist, and the seccomp filter. Later mounts lie over earlier ones, so the
 * order matters: tmpfs /tmp, then read-only binds (an agent folder under
 * /tmp shows through), then the masks; last the root turns read-only, so
 * the sized /tmp is the only place the agent can write. The environment is not in the
 * arguments (they are visible to every local user in `ps`): bubblewrap is
 * started with exactly the agent's environment, which it hands on.
 *
 * @example
 * buildBwrapArgs({ network: 'host', system: [], generated: [], readOnly: [], masked: [], tmp: '/tmp', tmpBytes: 1 << 20, cwd: '/tmp' });
 */
export function buildBwrapArgs(plan: BwrapPlan): string[] {
  const args = ['--unshare-user', '--uid', String(AGENT_UID), '--gid', String(AGENT_GID)];
  args.push('--disable-userns', '--assert-userns-disabled');
  args.push('--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try');
  if (plan.network !== 'host') args.push('--unshare-net');
  args.push('--cap-drop', 'ALL', '--die-with-parent', '--new-session');
  args.push('--proc', '/proc', '--dev', '/dev');
  args.push('--perms', '1777', '--size', String(plan.tmpBytes), '--tmpfs', plan.tmp);
  for (const entry of plan.system) {
    if ('target' in entry) args.push('--symlink', entry.target, entry.path);
    else args.push('--ro-bind', entry.source, entry.path);
  }
  for (const file of plan.generated) args.push('--ro-bind', file.source, file.path);
  args.push('--dir', plan.cwd);
  for (const bind of plan.readOnly) args.push('--ro-bind', bind.source, bind.path);
  for (const folder of plan.masked) args.push('--tmpfs', folder, '--remount-ro', folder);
  // Only /tmp stays writable: the root (a tmpfs bubblewrap builds the view in) would hold anything.
  args.push('--remount-ro', '/', '--chdir', plan.cwd);
  if (plan.seccompFd !== undefined) args.push('--seccomp', String(plan.seccompFd));
  return args;
}
