import { resolve } from 'node:path';

/** `.endstate/` in the working folder holds the store unless --store says otherwise. */
export function storePath(option: string | undefined, cwd: string): string {
  return resolve(cwd, option ?? '.endstate/endstate.db');
}
