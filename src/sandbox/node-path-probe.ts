import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
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
};
