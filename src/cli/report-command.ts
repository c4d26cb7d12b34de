import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { buildScorecard, renderTerminal } from '../report/index.js';
import { openSqliteStore } from '../store/index.js';
import type { CliIo } from './cli-io.js';
import { storePath } from './store-path.js';

/** `endstate report [RUN|latest]`: the scorecard recomputed from the store alone. */
export async function reportCommand(
  runArgument: string,
  flags: { readonly store?: string; readonly json?: string },
  io: CliIo,
): Promise<number> {
  const path = storePath(flags.store, io.cwd);
  if (!existsSync(path)) {
    throw new EndstateError('E_STORE', `no result store at ${path}`, {
      hint: 'Run `endstate run <suite>` in this folder first, or pass --store PATH.',
    });
  }
  const store = openSqliteStore(path);
  try {
    const run =
      runArgument === 'latest' ? await store.latestRun() : await store.getRun(runArgument);
    if (run === undefined) {
      const known = (await store.listRuns()).map((stored) => stored.run_id).slice(-5);
      throw new EndstateError('E_RUN_NOT_FOUND', `no run "${runArgument}" in ${path}`, {
        hint:
          known.length > 0 ? `Recent runs: ${known.join(', ')}.` : 'The store holds no runs yet.',
      });
    }
    const trials = await store.listTrials(run.run_id);
    const scorecard = buildScorecard(run, trials);
    if (run.status !== 'finished')
      io.err(
        `note: run ${run.run_id} is ${run.status}; the scorecard covers its ${trials.length} stored trial(s)\n`,
      );
    io.out(`${renderTerminal(scorecard)}\n`);
    if (flags.json !== undefined) {
      writeFileSync(
        resolve(io.cwd, flags.json),
        `${JSON.stringify({ run, scorecard, trials }, null, 2)}\n`,
      );
      io.err(`wrote ${flags.json}\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}
