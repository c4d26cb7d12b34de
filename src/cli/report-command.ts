import { resolve } from 'node:path';
import {
  buildScorecard,
  providerErrorGroups,
  renderProviderErrors,
  renderTerminal,
} from '../report/index.js';
import type { CliIo } from './cli-io.js';
import { renderCiOutputs, writeCiOutputs } from './ci-outputs.js';
import type { CiOutputFlags } from './ci-outputs.js';
import { readStoredFailureLabels } from './failure-labels-file.js';
import { evaluateGates, parseGate } from './gates.js';
import { openStoredRun } from './open-stored-run.js';
import { runVerdict } from './run-verdict.js';
import { describeSavedFailures, saveFailures } from './save-failures.js';
import { storeFileOf, storeSpecOf } from './store-path.js';
import { withJudgeValidation } from './with-judge-validation.js';
import { writeJsonFile } from './write-json-file.js';
import { checkOutputPaths } from './check-output-paths.js';
import { checkRunSeal, withSealWarning } from './check-run-seal.js';
import { writeHtmlReport } from './write-html-report.js';

export interface ReportFlags extends CiOutputFlags {
  readonly store?: string;
  readonly json?: string;
  /** Write the single-file HTML report (scorecard, charts, grid, trial traces) here. */
  readonly html?: string;
  /** Write each failed trial as a regression case (replay trajectory plus verdict) into this folder. */
  readonly saveFailures?: string;
  /** `--fail-under METRIC=V`, repeatable: exit 1 under any. */
  readonly failUnder?: readonly string[];
  /** `--max-invalid P`: exit 4 when more than this share of planned trials has no valid record. */
  readonly maxInvalid?: number;
  /** Show a run whose records were changed outside endstate (else refused, exit 2), marked as tampered. */
  readonly acceptTampered?: boolean;
}

/** `endstate report [RUN|latest]`: the scorecard recomputed from the store alone. */
export async function reportCommand(
  runArgument: string,
  flags: ReportFlags,
  io: CliIo,
): Promise<number> {
  const gates = (flags.failUnder ?? []).map(parseGate);
  const spec = storeSpecOf(flags.store, io.cwd);
  checkOutputPaths({
    storePath: storeFileOf(spec),
    cwd: io.cwd,
    outputs: {
      '--json': flags.json,
      '--html': flags.html,
      '--junit': flags.junit,
      '--md': flags.md,
    },
  });
  const { store, run } = await openStoredRun(spec, io.cwd, runArgument);
  try {
    const seal = await checkRunSeal(
      store,
      run,
      { acceptTampered: flags.acceptTampered, storePath: spec.display },
      io,
    );
    const trials = await store.listTrials(run.run_id);
    const scorecard = withJudgeValidation(
      withSealWarning(
        buildScorecard(run, trials, { failureLabels: readStoredFailureLabels(spec, io.cwd) }),
        seal,
      ),
      trials,
      spec,
    );
    const ciOutputs = renderCiOutputs(
      { scorecard, trials, gates: evaluateGates(scorecard, gates), integrity: seal.warning },
      flags,
    );
    if (run.status !== 'finished')
      io.err(
        `note: run ${run.run_id} is ${run.status}; the scorecard covers its ${trials.length} stored trial(s)\n`,
      );
    io.out(`${renderTerminal(scorecard)}\n`);
    const providerErrors = renderProviderErrors(providerErrorGroups(trials));
    if (providerErrors !== '') io.out(`\n${providerErrors}\n`);
    if (flags.json !== undefined) {
      writeJsonFile(resolve(io.cwd, flags.json), {
        run,
        integrity: seal.verification,
        scorecard,
        trials,
      });
      io.err(`wrote ${flags.json}\n`);
    }
    if (flags.html !== undefined) writeHtmlReport(flags.html, { run, scorecard, trials }, io);
    writeCiOutputs(ciOutputs, io);
    if (flags.saveFailures !== undefined) {
      const { written } = saveFailures(resolve(io.cwd, flags.saveFailures), trials, run);
      io.err(describeSavedFailures(written, flags.saveFailures, run));
    }
    const verdict = runVerdict(scorecard, { gates, maxInvalid: flags.maxInvalid });
    for (const message of verdict.messages) io.err(`${message}\n`);
    return verdict.code;
  } finally {
    await store.close();
  }
}
