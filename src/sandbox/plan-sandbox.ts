import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import type { BwrapPlan, SandboxBind, SandboxSymlink } from './build-bwrap-args.js';
import type { AgentNetwork } from './sandbox-settings.js';

/** What the planner asks of the file system (a fake in tests). */
export interface PathProbe {
  /** lstat: what is at the path, without following a last symlink. */
  kind(path: string): 'dir' | 'file' | 'symlink' | 'missing';
  /** The path with every symlink resolved; the path itself when that fails. */
  realpath(path: string): string;
  readlink(path: string): string;
  /**
   * Whether a process of user and group `id` (no other groups) can reach and
   * read the path: every folder on the way searchable, the path readable
   * (and searchable when a folder). Else the first path that stops it.
   */
  blockedFor(path: string, id: number): string | undefined;
}

/** The folders of the system's runtimes that every sandboxed program sees, read-only. */
export const SYSTEM_PATHS = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
] as const;

/**
 * The parts of /etc a program needs, and no more: the dynamic loader's
 * cache, name resolution, TLS certificates, time zone and the alternatives
 * that programs in /usr/bin link through. /etc/passwd and /etc/group are
 * the harness's own (the agent's user only).
 */
export const ETC_PATHS = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/nsswitch.conf',
  '/etc/host.conf',
  '/etc/hosts',
  '/etc/resolv.conf',
  '/etc/gai.conf',
  '/etc/protocols',
  '/etc/services',
  '/etc/ssl',
  '/etc/ca-certificates',
  '/etc/ca-certificates.conf',
  '/etc/pki',
  '/etc/crypto-policies',
  '/etc/localtime',
  '/etc/timezone',
  '/etc/alternatives',
  '/etc/mime.types',
] as const;

/** The machine-resolved sandbox of one harness: absolute paths, fixed for the run. */
export interface SandboxLayout {
  readonly network: AgentNetwork;
  /** Absolute path of the agent's folder. */
  readonly agentDir: string;
  /** Absolute --agent-mount paths. */
  readonly mounts: readonly string[];
  /** Folders the agent must not see, by what they are ("suite", "store", "working folder"). */
  readonly hidden: readonly { readonly what: string; readonly path: string }[];
  /** The node binary (process.execPath): its folder is bound when outside the system paths. */
  readonly nodeBinary: string;
  /** Files the harness wrote to stand in for the host's (/etc/passwd, /etc/group). */
  readonly generated?: readonly SandboxBind[];
  /** The size of the agent's /tmp, bytes. */
  readonly tmpBytes?: number;
  /** The file descriptor of the seccomp filter, when there is one. */
  readonly seccompFd?: number;
  /**
   * The user the sandbox runs as outside its namespace when that is not
   * endstate's own (endstate runs as root): everything shown must be
   * readable by it.
   */
  readonly hostId?: number;
}

/** /tmp when the layout does not size it: the documented default, 256 MiB. */
const DEFAULT_TMP_BYTES = 256 * 1024 * 1024;

/** True when `inner` is `outer` or lies inside it. */
export function isWithin(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * What one program sees: the system runtimes, the agent's folder, every
 * node_modules folder of its ancestors, the --agent-mount paths and the
 * files handed to it, all read-only; hidden folders that a visible one
 * contains are masked. Throws E_SANDBOX when a hidden folder is, or
 * contains, the agent's folder (it cannot be shown and hidden at once).
 */
export function planSandbox(
  layout: SandboxLayout,
  launch: { readonly cwd: string; readonly files: readonly string[] },
  probe: PathProbe,
): BwrapPlan {
  const system = systemEntries(layout.nodeBinary, probe);
  const systemPaths = system.map((entry) => entry.path);
  const inSystem = (path: string): boolean => systemPaths.some((root) => isWithin(path, root));
  const readOnly: SandboxBind[] = [];
  const bind = (path: string): void => {
    if (inSystem(path) || readOnly.some((entry) => entry.path === path)) return;
    readOnly.push({ source: probe.realpath(path), path });
  };
  bind(layout.agentDir);
  for (const folder of ancestorNodeModules(layout.agentDir, probe)) bind(folder);
  for (const mount of layout.mounts) bind(mount);
  for (const file of launch.files) bind(file);
  checkHidden(layout);
  if (layout.hostId !== undefined) checkReadable(readOnly, system, layout.hostId, probe);
  const visible = [...systemPaths, ...readOnly.map((entry) => entry.path)];
  const masked = layout.hidden
    .map((hidden) => hidden.path)
    .filter((path) => visible.some((shown) => shown !== path && isWithin(path, shown)))
    // Nothing to hide yet (a store made once the agent preflight passed), and no mount point
    // can be made for it in a read-only folder.
    .filter((path) => probe.kind(path) !== 'missing');
  return {
    network: layout.network,
    system,
    generated: layout.generated ?? [],
    readOnly,
    masked: [...new Set(masked)],
    tmp: '/tmp',
    tmpBytes: layout.tmpBytes ?? DEFAULT_TMP_BYTES,
    cwd: launch.cwd,
    ...(layout.seccompFd === undefined ? {} : { seccompFd: layout.seccompFd }),
  };
}

function systemEntries(nodeBinary: string, probe: PathProbe): (SandboxBind | SandboxSymlink)[] {
  const entries: (SandboxBind | SandboxSymlink)[] = [];
  for (const path of SYSTEM_PATHS) {
    const kind = probe.kind(path);
    if (kind === 'dir') entries.push({ source: path, path });
    else if (kind === 'symlink') {
      const target = probe.readlink(path);
      // A relative link (/bin -> usr/bin) is kept as a link; an absolute one is bound.
      entries.push(isAbsolute(target) ? { source: probe.realpath(path), path } : { target, path });
    }
  }
  for (const path of ETC_PATHS) {
    const kind = probe.kind(path);
    if (kind === 'missing') continue;
    const source = kind === 'symlink' ? probe.realpath(path) : path;
    // A dangling link (resolv.conf into a resolver's folder that is not there) is left out.
    if (probe.kind(source) !== 'missing') entries.push({ source, path });
  }
  const nodeDir = dirname(nodeBinary);
  const covered = entries.some((entry) => isWithin(nodeDir, entry.path));
  if (!covered) entries.push({ source: probe.realpath(nodeDir), path: nodeDir });
  return entries;
}

/** `node_modules` folders from the agent's folder up to the root, so its imports resolve. */
function ancestorNodeModules(agentDir: string, probe: PathProbe): string[] {
  const found: string[] = [];
  for (let dir = resolve(agentDir); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules');
    const kind = probe.kind(candidate);
    // Inside the agent's folder a real node_modules is already visible; a link needs its target.
    if (kind === 'symlink' || (kind === 'dir' && !isWithin(candidate, agentDir))) {
      found.push(candidate);
    }
    if (dirname(dir) === dir) return found;
  }
}

function checkHidden(layout: SandboxLayout): void {
  for (const hidden of layout.hidden) {
    // The agent's own folder may be where endstate runs; a store's folder may hold the
    // agent's in a subfolder (the store file itself stays out of sight).
    const clash =
      hidden.what === 'suite'
        ? isWithin(layout.agentDir, hidden.path)
        : hidden.what === 'store' && layout.agentDir === hidden.path;
    if (clash) {
      throw new EndstateError(
        'E_SANDBOX',
        `the agent's folder ${layout.agentDir} lies in the ${hidden.what} folder ${hidden.path}, which the agent must not see`,
        {
          hint: `Move the agent out of ${hidden.path}, or name a folder that holds only the agent with --agent-dir.`,
        },
      );
    }
  }
}

/**
 * When the sandbox runs as another user than endstate (endstate is root),
 * bubblewrap can only bind what that user can reach: say which path stops
 * it, before any trial, instead of every trial failing alike.
 */
function checkReadable(
  readOnly: readonly SandboxBind[],
  system: readonly (SandboxBind | SandboxSymlink)[],
  hostId: number,
  probe: PathProbe,
): void {
  const binds = [...system.filter((entry): entry is SandboxBind => 'source' in entry), ...readOnly];
  for (const bind of binds) {
    const blocked = probe.blockedFor(bind.source, hostId);
    if (blocked === undefined) continue;
    throw new EndstateError(
      'E_SANDBOX',
      `the agent cannot be shown ${bind.source}: endstate runs as root, so the sandbox runs as the unprivileged user ${hostId} (nobody), and ${blocked} does not let others ${blocked === bind.source ? 'read it' : 'through'}`,
      {
        hint: `Let others read it (chmod o+rX ${blocked === bind.source ? `-R ${bind.source}` : blocked}), move the agent to a folder others can read (e.g. under /opt or /srv), or pass --no-sandbox to run the agent unisolated.`,
      },
    );
  }
}
