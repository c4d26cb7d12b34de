import { join, resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { SUITE_LOCK_FILE, describeDrift, loadSuite, writeSuiteLock } from '../task/index.js';
import type { LoadSuiteOptions } from '../task/index.js';
import type { CliIo } from './cli-io.js';

/**
 * `endstate lock <suite> [--check]`: records each task's revision and
 * content hash in `<suite>/endstate.lock.json`. A task that changed without
 * a revision bump is refused here too: re-locking must not launder an edit.
 * `--check` writes nothing and exits 2 unless the lock is current (for CI).
 */
export async function lockCommand(
  suitePath: string,
  flags: { readonly check?: boolean },
  io: CliIo,
  options: LoadSuiteOptions = {},
): Promise<number> {
  const suite = await loadSuite(resolve(io.cwd, suitePath), {
    ...options,
    lock: 'enforce',
    displayPath: suitePath,
  });
  const lockFile = join(suitePath, SUITE_LOCK_FILE);
  const relock = `Run endstate lock ${suitePath} and commit ${lockFile}.`;
  const status = suite.lock ?? { type: 'unlocked' };
  if (flags.check === true) {
    if (status.type === 'unlocked') {
      throw new EndstateError(
        'E_FILE_NOT_FOUND',
        `suite ${suite.name} is not locked: no ${lockFile}`,
        {
          hint: relock,
        },
      );
    }
    if (status.type === 'stale') {
      throw new EndstateError(
        'E_SUITE_LOCKED',
        `the lock of suite ${suite.name} is out of date: ${describeDrift(status.drift)}`,
        { hint: relock },
      );
    }
    io.out(`${lockFile} is current (${suite.tasks.length} tasks)\n`);
    return 0;
  }
  writeSuiteLock(suite);
  const tasks = `${suite.tasks.length} task${suite.tasks.length === 1 ? '' : 's'}`;
  io.out(`locked ${tasks} of suite ${suite.name} in ${lockFile}\n`);
  if (status.type === 'stale') io.out(`recorded: ${describeDrift(status.drift)}\n`);
  return 0;
}
