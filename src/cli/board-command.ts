import { writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { EndstateError, hashJson } from '../core/index.js';
import {
  buildBoard,
  renderBoardHtml,
  renderBoardMarkdown,
  renderBoardTerminal,
  runSettings,
} from '../report/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import type { CliIo } from './cli-io.js';
import { checkOutputPaths } from './check-output-paths.js';
import { checkRunSeal } from './check-run-seal.js';
import { loadViewerTemplate } from './load-viewer-template.js';
import { findStoredRun } from './open-stored-run.js';
import { openExistingStore, storeFileOf, storeSpecOf } from './store-path.js';

export interface BoardFlags {
  readonly store?: string;
  /** Without runs: the suite whose runs to show (default: the latest run's). */
  readonly suite?: string;
  /** Write the boards as JSON here. */
  readonly json?: string;
  /** Write them as GitHub-flavoured Markdown here. */
  readonly md?: string;
  /** Write them as an HTML page with the frontier plotted here. */
  readonly html?: string;
  /** Show runs whose records were changed outside endstate (else refused, exit 2), marked. */
  readonly acceptTampered?: boolean;
}

/**
 * The runs a board shows by default: of the finished runs of `suite`, the
 * latest of each system under each setting (system hash, and the settings
 * a run record holds), oldest first.
 */
function latestOfEachSystem(runs: readonly RunRecord[], suite: string): RunRecord[] {
  const latest = new Map<string, RunRecord>();
  for (const run of runs) {
    if (run.suite.name !== suite || run.status !== 'finished') continue;
    const key = `${run.system_hash}/${hashJson(runSettings(run, []))}`;
    // listRuns is oldest first: a later run of the same key replaces the earlier.
    latest.delete(key);
    latest.set(key, run);
  }
  return [...latest.values()];
}

async function defaultRuns(
  store: RunStore,
  display: string,
  suite: string | undefined,
): Promise<RunRecord[]> {
  const stored = await store.listRuns();
  // A suite is stored under its folder's name: `--suite examples/support/` names `support`.
  const chosen =
    suite === undefined ? stored.at(-1)?.suite.name : basename(suite.replace(/[\\/]+$/, ''));
  if (chosen === undefined) {
    throw new EndstateError('E_RUN_NOT_FOUND', `no run in ${display}`, {
      hint: 'Run a suite first (endstate run SUITE), once per system to put on the board.',
    });
  }
  const runs = latestOfEachSystem(stored, chosen);
  if (runs.length === 0) {
    const suites = [...new Set(stored.map((run) => run.suite.name))].sort();
    throw new EndstateError('E_RUN_NOT_FOUND', `no finished run of suite ${chosen} in ${display}`, {
      hint: `Suites with stored runs: ${suites.join(', ') || 'none'}. Name one with --suite, or name runs (ids, latest, latest~N).`,
    });
  }
  return runs;
}

/**
 * `endstate board [runs…]`: several stored runs side by side (success with
 * its interval, pass^k, cost per trial and per success, latency, safety)
 * with the cost–success Pareto frontier marked; runs that differ in a
 * setting go on separate boards, each saying why. Without runs: the latest
 * finished run of each system (under each setting) on one suite. Exit 0,
 * 2 on bad input (an unknown run, an output path onto the store).
 */
export async function boardCommand(
  runArguments: readonly string[],
  flags: BoardFlags,
  io: CliIo,
): Promise<number> {
  if (runArguments.length > 0 && flags.suite !== undefined) {
    throw new EndstateError(
      'E_USAGE',
      '--suite picks runs by suite; it takes no runs named beside it',
      {
        hint: 'Name the runs (endstate board RUN RUN …), or pass --suite NAME alone for the latest run of each system on that suite.',
      },
    );
  }
  const spec = storeSpecOf(flags.store, io.cwd);
  checkOutputPaths({
    storePath: storeFileOf(spec),
    cwd: io.cwd,
    outputs: { '--json': flags.json, '--md': flags.md, '--html': flags.html },
  });
  const store = await openExistingStore(spec, io.cwd);
  try {
    const accept = { acceptTampered: flags.acceptTampered, io };
    const named: RunRecord[] = [];
    for (const argument of runArguments) {
      named.push(await findStoredRun(store, spec.display, argument, accept));
    }
    const runs =
      runArguments.length > 0
        ? named.filter(
            (run, index) => named.findIndex((other) => other.run_id === run.run_id) === index,
          )
        : await defaultRuns(store, spec.display, flags.suite);
    const warnings: string[] = [];
    const inputs: { run: RunRecord; trials: TrialRecord[] }[] = [];
    for (const run of runs) {
      const seal = await checkRunSeal(
        store,
        run,
        { acceptTampered: flags.acceptTampered, storePath: spec.display },
        io,
      );
      warnings.push(...seal.warnings);
      inputs.push({ run, trials: await store.listTrials(run.run_id) });
    }
    const set = buildBoard(inputs);
    const integrity = [...new Set(warnings)];
    const banner = integrity.map((warning) => `*** ${warning} ***\n`).join('');
    io.out(`${banner}${renderBoardTerminal(set)}\n`);
    if (flags.json !== undefined) {
      writeFileSync(
        resolve(io.cwd, flags.json),
        `${JSON.stringify({ integrity: { warnings: integrity }, ...set }, null, 2)}\n`,
      );
      io.err(`wrote ${flags.json}\n`);
    }
    if (flags.md !== undefined) {
      const lines = integrity.map((warning) => `> ⚠️ **${warning}**\n\n`).join('');
      writeFileSync(resolve(io.cwd, flags.md), `${lines}${renderBoardMarkdown(set)}`);
      io.err(`wrote ${flags.md}\n`);
    }
    if (flags.html !== undefined) {
      const html = renderBoardHtml({ template: loadViewerTemplate(), set, warnings: integrity });
      writeFileSync(resolve(io.cwd, flags.html), html);
      io.err(`wrote ${flags.html} (opens from disk, no network)\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}
