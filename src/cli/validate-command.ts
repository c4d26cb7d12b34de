import { resolve } from 'node:path';
import { validateSuite } from '../run/index.js';
import { loadSuite } from '../task/index.js';
import type { CliIo } from './cli-io.js';
import { warnIfLockStale } from './lock-warning.js';

/** `endstate validate <suite>`: schema and references (at load), then each task's validity. */
export async function validateCommand(
  suitePath: string,
  flags: { readonly seed: number },
  io: CliIo,
): Promise<number> {
  const suite = await loadSuite(resolve(io.cwd, suitePath), { displayPath: suitePath });
  warnIfLockStale(suite, suitePath, io);
  io.out(
    `suite ${suite.name}: ${suite.tasks.length} tasks, schema and references ok (hash ${suite.hash.slice(0, 12)})\n`,
  );
  const validation = await validateSuite(suite, { seed: flags.seed });
  for (const task of validation.tasks) {
    io.out(`${task.usable ? 'ok  ' : 'FAIL'} ${task.task_id} (${task.file})\n`);
    for (const check of task.checks) {
      const mark = check.pass ? '✓' : check.severity === 'warning' ? '!' : '✗';
      if (!check.pass || !task.usable) io.out(`     ${mark} ${check.name}: ${check.message}\n`);
    }
  }
  const unusable = validation.tasks.filter((task) => !task.usable).length;
  const checks = validation.tasks.reduce((sum, task) => sum + task.checks.length, 0);
  io.out(
    unusable === 0
      ? `all ${validation.tasks.length} tasks usable (${checks} checks: oracle, reset, known-good, known-bad, assertions, do-nothing, replay)\n`
      : `${unusable} of ${validation.tasks.length} tasks unusable\n`,
  );
  return unusable === 0 ? 0 : 1;
}
