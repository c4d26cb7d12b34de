import { resolve } from 'node:path';
import {
  buildScorecard,
  providerErrorGroups,
  renderProviderErrors,
  renderTerminal,
} from '../report/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';
import type { RunStore } from '../store/index.js';
import type { CliIo } from './cli-io.js';
import { renderCiOutputs, writeCiOutputs } from './ci-outputs.js';
import type { CiOutputFlags } from './ci-outputs.js';
import { checkRunSeal, withSealWarning } from './check-run-seal.js';
import { readStoredFailureLabels } from './failure-labels-file.js';
import { evaluateGates } from './gates.js';
import type { Gate } from './parse-gate.js';
import { runVerdict } from './run-verdict.js';
import { runAsShown, shownPath } from './run-as-shown.js';
import { describeSavedFailures, saveFailures } from './save-failures.js';
import type { StoreSpec } from './store-path.js';
import { withJudgeValidation } from './with-judge-validation.js';
import { writeHtmlReport } from './write-html-report.js';
import { writeJsonFile } from './write-json-file.js';

/** What `run` and `report` write from a stored run's scorecard. */
export interface StoredRunOutputFlags extends CiOutputFlags {
  readonly json?: string | undefined;
  readonly html?: string | undefined;
  readonly saveFailures?: string | undefined;
  readonly maxInvalid?: number | undefined;
  readonly acceptTampered?: boolean | undefined;
  /** `--verbose`: every figure of the terminal scorecard, zero-only ones included. */
  readonly verbose?: boolean | undefined;
}

/**
 * A stored run's scorecard, rebuilt from the store once its records are
 * checked against the seals written with them, and everything shown and
 * written from it (terminal, JSON, HTML, CI outputs, saved failures);
 * returns the exit code its verdict gives. `run` ends with it, and
 * `report` is it.
 */
export async function reportStoredRun(
  input: {
    readonly store: RunStore;
    readonly run: RunRecord;
    readonly spec: StoreSpec;
    readonly gates: readonly Gate[];
    /** An oracle run's records: the reference of the drift regret. */
    readonly oracleTrials?: readonly TrialRecord[] | undefined;
  },
  flags: StoredRunOutputFlags,
  io: CliIo,
): Promise<number> {
  const { store, run, spec, gates } = input;
  const seal = await checkRunSeal(
    store,
    run,
    { acceptTampered: flags.acceptTampered, storePath: spec.display },
    io,
  );
  const trials = await store.listTrials(run.run_id);
  const scorecard = withJudgeValidation(
    withSealWarning(
      buildScorecard(run, trials, {
        failureLabels: readStoredFailureLabels(spec, io.cwd),
        ...(input.oracleTrials === undefined ? {} : { oracleTrials: input.oracleTrials }),
      }),
      seal,
    ),
    trials,
    spec,
  );
  const ciOutputs = renderCiOutputs(
    {
      scorecard,
      trials,
      gates: evaluateGates(scorecard, gates),
      integrity: seal.warnings.length === 0 ? undefined : seal.warnings.join('; '),
    },
    flags,
  );
  if (run.status !== 'finished')
    io.err(
      `note: run ${run.run_id} is ${run.status}; the scorecard covers its ${trials.length} stored trial(s)\n`,
    );
  io.out(`${renderTerminal(scorecard, { verbose: flags.verbose === true })}\n`);
  const providerErrors = renderProviderErrors(providerErrorGroups(trials));
  if (providerErrors !== '') io.out(`\n${providerErrors}\n`);
  if (flags.json !== undefined) {
    writeJsonFile(resolve(io.cwd, flags.json), {
      run: runAsShown(run, io.cwd),
      integrity: seal.verification,
      scorecard,
      trials,
    });
    io.err(`wrote ${flags.json}\n`);
  }
  if (flags.html !== undefined) writeHtmlReport(flags.html, { run, scorecard, trials }, io);
  writeCiOutputs(ciOutputs, io);
  if (flags.saveFailures !== undefined) {
    const shown = runAsShown(run, io.cwd);
    const dir = shownPath(flags.saveFailures, io.cwd);
    const { written } = saveFailures(resolve(io.cwd, flags.saveFailures), trials, shown, dir);
    io.err(describeSavedFailures(written, dir, shown));
  }
  const verdict = runVerdict(scorecard, { gates, maxInvalid: flags.maxInvalid });
  for (const message of verdict.messages) io.err(`${message}\n`);
  return verdict.code;
}
