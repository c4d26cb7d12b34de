import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { importTau2, importTaubench } from '../import/index.js';
import type { CliIo } from './cli-io.js';
import { IMPORT_FORMATS } from './import-formats.js';

/** The flags of `endstate import`. */
export interface ImportFlags {
  readonly out: string;
  readonly knownBad: number;
  /** tau2: the task file in the domain folder (default tasks.json). */
  readonly tasksFile?: string;
}

/** `endstate import taubench|tau2 <dir> --out <suite>`. */
export async function importCommand(
  format: string,
  source: string,
  flags: ImportFlags,
  io: CliIo,
): Promise<number> {
  if (format !== 'tau2' && flags.tasksFile !== undefined) {
    throw new EndstateError('E_USAGE', '--tasks-file is for tau2 domain folders', {
      hint: 'tau-bench folders are read as they are (tasks_<split>.json or tasks_test.py).',
    });
  }
  if (format === 'tau2') return importTau2Command(source, flags, io);
  if (format !== 'taubench') {
    throw new EndstateError('E_USAGE', `unknown import format "${format}"`, {
      hint: `Formats: ${IMPORT_FORMATS.join(', ')}.`,
    });
  }
  let lastDecile = 0;
  const summary = await importTaubench({
    source: resolve(io.cwd, source),
    out: resolve(io.cwd, flags.out),
    knownBadLimit: flags.knownBad,
    onProgress: (done, total) => {
      const decile = Math.floor((done / total) * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        io.err(`  ${done}/${total} tasks converted\n`);
      }
    },
  });
  const counts = Object.entries(summary.tasks)
    .filter(([, count]) => count > 0)
    .map(([split, count]) => `${count} ${split}`)
    .join(', ');
  io.out(
    `wrote ${flags.out} (tau-bench ${summary.domain}): ${counts} tasks, ${summary.knownBad} known-bad paths, ${summary.unchangedTasks} tasks whose correct outcome is no change\n` +
      `next: endstate validate ${flags.out}\n`,
  );
  return 0;
}

/** `endstate import tau2 <domain dir> --out <suite>`. */
async function importTau2Command(
  source: string,
  flags: { readonly out: string; readonly tasksFile?: string },
  io: CliIo,
): Promise<number> {
  const summary = await importTau2({
    source: resolve(io.cwd, source),
    out: resolve(io.cwd, flags.out),
    ...(flags.tasksFile === undefined ? {} : { tasksFile: flags.tasksFile }),
  });
  io.out(
    `wrote ${flags.out}: ${summary.tasks} tau2 ${summary.domain} tasks, ${summary.unchangedTasks} whose correct outcome is no change, ${summary.judgedTasks} with a judge rubric (tau2's nl_assertions; run them with --judge)\n` +
      `next: endstate validate ${flags.out}\n`,
  );
  return 0;
}
