import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { buildDiagnosis, renderDiagnosisTerminal } from '../report/index.js';
import type { RunTrials } from '../report/index.js';
import type { DiagnosisMode } from '../schema/index.js';
import type { CliIo } from './cli-io.js';
import { checkOutputPaths } from './check-output-paths.js';
import { checkRunSeal } from './check-run-seal.js';
import { EXIT } from './exit-codes.js';
import { loadPricingFlag } from './model-wiring.js';
import { findStoredRun } from './open-stored-run.js';
import { runCommand } from './run-command.js';
import type { RunFlags } from './run-command.js';
import { openExistingStore, storeFileOf, storeSpecOf } from './store-path.js';
import { writeJsonFile } from './write-json-file.js';

/** The three modes, in the order they are played and given to `--runs`. */
const MODES: readonly DiagnosisMode[] = ['dialogue', 'no-user', 'oracle-plan'];

export interface DiagnoseFlags extends Omit<RunFlags, 'mode' | 'resume' | 'queue' | 'json'> {
  /** `DIALOGUE,NO_USER,ORACLE_PLAN`: render from three stored runs instead of playing them. */
  readonly runs?: string;
  /** Write the diagnosis as JSON here. */
  readonly json?: string;
}

/**
 * `endstate diagnose <suite>`: plays the suite three times with the same
 * agent, model, trials and seed, in the modes dialogue, no-user and
 * oracle-plan (three stored runs), then prints each mode's success with
 * its interval, the paired differences and where each task's failure lies.
 * `--runs A,B,C` renders the same from stored runs. Exit 0 when diagnosed;
 * 2 on bad input (runs of different suites or systems, or in other modes);
 * a run that leaves trials without a valid record stops with its own code.
 */
export async function diagnoseCommand(
  suitePath: string | undefined,
  flags: DiagnoseFlags,
  io: CliIo,
): Promise<number> {
  const spec = storeSpecOf(flags.store, io.cwd);
  checkOutputPaths({
    storePath: storeFileOf(spec),
    cwd: io.cwd,
    outputs: { '--json': flags.json },
  });
  // Refused before the first run is played, and with --runs too, where nothing is priced.
  loadPricingFlag(flags.pricing, io);
  if (flags.runs !== undefined) {
    if (suitePath !== undefined) {
      throw new EndstateError('E_USAGE', 'endstate diagnose takes a suite or --runs, not both', {
        hint: 'Leave out the suite to render stored runs, or --runs to play new ones.',
      });
    }
    return renderStored(runIdsOf(flags.runs), flags, io);
  }
  if (suitePath === undefined) {
    throw new EndstateError('E_USAGE', 'endstate diagnose needs a suite folder, or --runs', {
      hint: 'e.g. endstate diagnose examples/support --agent simulated --trials 4; or endstate diagnose --runs A,B,C.',
    });
  }
  if (spec.type === 'memory') {
    throw new EndstateError('E_USAGE', 'endstate diagnose cannot use --store memory:', {
      hint: 'The three runs are read back from the store: give a SQLite path or a postgres:// store.',
    });
  }
  const runIds: string[] = [];
  for (const [index, mode] of MODES.entries()) {
    io.err(`diagnose: playing the ${mode} run (${index + 1} of 3)\n`);
    const { runs: _runs, json: _json, ...runFlags } = flags;
    // Each run's scorecard stays in the store (endstate report RUN); the diagnosis is printed.
    const quiet: CliIo = { ...io, out: () => undefined };
    const code = await runCommand(
      suitePath,
      {
        ...runFlags,
        mode,
        canary: flags.canary && index === 0,
        preflight: flags.preflight && index === 0,
      },
      quiet,
      { onRun: (run) => void runIds.push(run.run_id) },
    );
    if (code !== EXIT.ok && code !== EXIT.gate) {
      io.err(`diagnose: the ${mode} run ended with exit code ${code}; no diagnosis is made\n`);
      return code;
    }
  }
  return renderStored(runIds, flags, io);
}

/** `A,B,C`: exactly three run references (id, `latest`, `latest~N`). */
function runIdsOf(text: string): string[] {
  const ids = text.split(',').map((id) => id.trim());
  if (ids.length !== 3 || ids.some((id) => id === '')) {
    throw new EndstateError(
      'E_USAGE',
      `--runs "${text}" must name three runs: dialogue, no-user and oracle-plan, comma-separated`,
      { hint: 'e.g. --runs latest~2,latest~1,latest (the runs endstate diagnose SUITE stored).' },
    );
  }
  return ids;
}

async function renderStored(
  runIds: readonly string[],
  flags: DiagnoseFlags,
  io: CliIo,
): Promise<number> {
  const spec = storeSpecOf(flags.store, io.cwd);
  const store = await openExistingStore(spec, io.cwd);
  try {
    const loaded: RunTrials[] = [];
    const integrity: Record<string, unknown> = {};
    for (const runId of runIds) {
      const run = await findStoredRun(store, spec.display, runId, {
        acceptTampered: flags.acceptTampered,
        io,
      });
      const seal = await checkRunSeal(
        store,
        run,
        { acceptTampered: flags.acceptTampered, storePath: spec.display },
        io,
      );
      integrity[run.run_id] = seal.verification;
      loaded.push({ run, trials: await store.listTrials(run.run_id) });
    }
    const [dialogue, noUser, oraclePlan] = loaded as [RunTrials, RunTrials, RunTrials];
    const diagnosis = buildDiagnosis({
      dialogue,
      'no-user': noUser,
      'oracle-plan': oraclePlan,
    });
    io.out(`${renderDiagnosisTerminal(diagnosis)}\n`);
    if (flags.json !== undefined) {
      writeJsonFile(resolve(io.cwd, flags.json), { integrity, ...diagnosis });
      io.err(`wrote ${flags.json}\n`);
    }
    return EXIT.ok;
  } finally {
    await store.close();
  }
}
