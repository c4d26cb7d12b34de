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
  '/etc',
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
}

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
  const visible = [...systemPaths, ...readOnly.map((entry) => entry.path)];
  const masked = layout.hidden
    .map((hidden) => hidden.path)
    .filter((path) => visible.some((shown) => shown !== path && isWithin(path, shown)));
  return {
    network: layout.network,
    system,
    readOnly,
    masked: [...new Set(masked)],
    tmp: '/tmp',
    cwd: launch.cwd,
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
