import { realpathSync } from 'node:fs';
import { dirname, basename, join, resolve } from 'node:path';
import { EndstateError } from '../core/index.js';

/** The path as the file system knows it: through links, as far as it exists. */
function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    // Not there yet: resolve its folder (which may be a link) and keep the name.
    try {
      return join(realpathSync(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

/**
 * Refuses outputs that would overwrite the result store (its database, its
 * write-ahead log, its key file or its ledger) or each other, before anything runs: `--json` aimed
 * at the store would destroy every recorded run. `outputs` maps each flag
 * (`--json`) to its path, undefined when not given. `storePath` is the
 * SQLite file; undefined for a store that is no file (PostgreSQL, memory),
 * whose outputs are only checked against each other.
 */
export function checkOutputPaths(input: {
  readonly storePath: string | undefined;
  readonly cwd: string;
  readonly outputs: Readonly<Record<string, string | undefined>>;
}): void {
  const storeFiles = new Set<string>();
  if (input.storePath !== undefined) {
    const store = canonical(resolve(input.cwd, input.storePath));
    for (const suffix of ['', '-wal', '-shm', '-journal', '.key', '.ledger'])
      storeFiles.add(`${store}${suffix}`);
  }
  const seen = new Map<string, string>();
  for (const [flag, path] of Object.entries(input.outputs)) {
    if (path === undefined) continue;
    const target = canonical(resolve(input.cwd, path));
    if (storeFiles.has(target)) {
      throw new EndstateError(
        'E_USAGE',
        `${flag} ${path} is the result store (${input.storePath})`,
        {
          hint: `Write ${flag} to another file: the store holds every recorded run and would be overwritten.`,
        },
      );
    }
    const other = seen.get(target);
    if (other !== undefined) {
      throw new EndstateError('E_USAGE', `${flag} ${path} is also the file of ${other}`, {
        hint: 'Give each output a file of its own.',
      });
    }
    seen.set(target, flag);
  }
}
