import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { importTaubench } from '../import/index.js';
import type { CliIo } from './cli-io.js';
import { IMPORT_FORMATS } from './import-formats.js';

/** `endstate import taubench <dir> --out <suite>`. */
export async function importCommand(
  format: string,
  source: string,
  flags: { readonly out: string; readonly knownBad: number },
  io: CliIo,
): Promise<number> {
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
