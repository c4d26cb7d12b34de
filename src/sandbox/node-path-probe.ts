import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PathProbe } from './plan-sandbox.js';

/** The real file system, as the sandbox planner asks about it. */
export const nodePathProbe: PathProbe = {
  kind(path) {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return 'symlink';
      return stat.isDirectory() ? 'dir' : 'file';
    } catch {
      return 'missing';
    }
  },
  realpath(path) {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  },
  readlink: (path) => readlinkSync(path),
  blockedFor(path, id) {
    const chain: string[] = [];
    for (let at = path; ; at = dirname(at)) {
      chain.unshift(at);
      if (dirname(at) === at) break;
    }
    for (const [index, at] of chain.entries()) {
      let stat;
      try {
        stat = statSync(at);
      } catch {
        return at;
      }
      const shift = stat.uid === id ? 6 : stat.gid === id ? 3 : 0;
      const bits = (stat.mode >> shift) & 0o7;
      const isLast = index === chain.length - 1;
      const needed = isLast ? (stat.isDirectory() ? 0o5 : 0o4) : 0o1;
      if ((bits & needed) !== needed) return at;
    }
    return undefined;
  },
};
