import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { exportTau2 } from '../import/index.js';
import type { CliIo } from './cli-io.js';
import { EXIT } from './exit-codes.js';
import { EXPORT_FORMATS } from './export-formats.js';
import { openStoredRun } from './open-stored-run.js';
import { storeSpecOf } from './store-path.js';

export interface ExportFlags {
  readonly store?: string;
  /** Write here (default: standard output). */
  readonly out?: string;
}

/** `endstate export tau2 <run> [--out FILE]`: a stored run in another benchmark's results format. */
export async function exportCommand(
  format: string,
  runArgument: string,
  flags: ExportFlags,
  io: CliIo,
): Promise<number> {
  if (format !== 'tau2') {
    throw new EndstateError('E_USAGE', `unknown export format "${format}"`, {
      hint: `Formats: ${EXPORT_FORMATS.join(', ')}.`,
    });
  }
  const { store, run } = await openStoredRun(storeSpecOf(flags.store, io.cwd), io.cwd, runArgument);
  try {
    const results = exportTau2(run, await store.listTrials(run.run_id));
    const text = `${JSON.stringify(results, null, 2)}\n`;
    if (flags.out === undefined) io.out(text);
    else {
      writeFileSync(resolve(io.cwd, flags.out), text);
      io.err(
        `wrote ${flags.out}: run ${run.run_id} in tau2's results format, ${results.simulations.length} simulation(s) of ${results.tasks.length} task(s)\n`,
      );
    }
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
