import { SUITE_LOCK_FILE, describeDrift } from '../task/index.js';
import type { Suite } from '../task/index.js';
import type { CliIo } from './cli-io.js';

/**
 * One line on stderr when a run accepted tasks its lock does not know yet
 * (a revision went up, a task was added or removed): until the lock is
 * written again, later edits at the new revision go unnoticed.
 */
export function warnIfLockStale(suite: Suite, suitePath: string, io: CliIo): void {
  if (suite.lock?.type !== 'stale') return;
  io.err(
    `warning: the lock of suite ${suite.name} is out of date (${describeDrift(suite.lock.drift)}): run endstate lock ${suitePath} to update ${SUITE_LOCK_FILE}\n`,
  );
}
