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
  /** System runtimes (/usr, /etc ...) and the node binary's folder. */
  readonly system: readonly (SandboxBind | SandboxSymlink)[];
  /** The agent's folder, node_modules of its ancestors, --agent-mount paths, files handed to it. */
  readonly readOnly: readonly SandboxBind[];
  /** Folders hidden under an empty tmpfs because a visible folder contains them (suite, store, working folder). */
  readonly masked: readonly string[];
  /** The private writable folder (HOME and TMPDIR). */
  readonly tmp: string;
  /** The program's working folder inside the sandbox (created empty when nothing shows it). */
  readonly cwd: string;
}

/**
 * The bubblewrap arguments (before `--` and the command) for a plan: new
 * PID, IPC and UTS namespaces (and network with `none`), a private /proc,
 * killed with endstate, a tmpfs root in which only the planned paths exist.
 * Later mounts lie over earlier ones, so the order matters: tmpfs /tmp,
 * then read-only binds (an agent folder under /tmp shows through), then the
 * masks. The environment is not in the arguments (they are visible to
 * every local user in `ps`): bubblewrap is started with exactly the
 * agent's environment, which it hands on.
 *
 * @example
 * buildBwrapArgs({ network: 'host', system: [], readOnly: [], masked: [], tmp: '/tmp', cwd: '/tmp' });
 */
export function buildBwrapArgs(plan: BwrapPlan): string[] {
  const args = ['--unshare-pid', '--unshare-ipc', '--unshare-uts'];
  if (plan.network === 'none') args.push('--unshare-net');
  args.push('--die-with-parent', '--proc', '/proc', '--dev', '/dev', '--tmpfs', plan.tmp);
  for (const entry of plan.system) {
    if ('target' in entry) args.push('--symlink', entry.target, entry.path);
    else args.push('--ro-bind', entry.source, entry.path);
  }
  args.push('--dir', plan.cwd);
  for (const bind of plan.readOnly) args.push('--ro-bind', bind.source, bind.path);
  for (const folder of plan.masked) args.push('--tmpfs', folder);
  args.push('--chdir', plan.cwd);
  return args;
}
