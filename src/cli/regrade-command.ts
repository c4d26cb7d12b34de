import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { buildScorecard, renderTerminal } from '../report/index.js';
import { judgeFor, judgeFromSpec, judgedTasks, regrade } from '../run/index.js';
import type { RegradeSummary, TrialRef } from '../run/index.js';
import { loadSuite } from '../task/index.js';
import type { CliIo } from './cli-io.js';
import { parseModelRef, withEndpoint } from '../model/index.js';
import type { ModelRef } from '../model/index.js';
import { loadPricingFlag, wireModels } from './model-wiring.js';
import { openStoredRun } from './open-stored-run.js';
import { storeFileOf, storeSpecOf } from './store-path.js';
import { withJudgeValidation } from './with-judge-validation.js';
import { runAsShown } from './run-as-shown.js';
import { writeJsonFile } from './write-json-file.js';
import { checkOutputPaths } from './check-output-paths.js';
import { checkRunSeal, withSealWarning } from './check-run-seal.js';

export interface RegradeFlags {
  readonly store?: string;
  readonly json?: string;
  /** The suite folder, when it is no longer where the run found it. */
  readonly suite?: string;
  readonly allowSuiteChange?: boolean;
  /** The judge model of tasks with a rubric (`provider:id`); default: the run's own judge. */
  readonly judge?: string;
  readonly pricing?: string;
  readonly record?: string;
  readonly replay?: string;
  /** `--verbose`: every figure of the terminal scorecard, zero-only ones included. */
  readonly verbose?: boolean;
}

/** Trials listed by name before the rest are counted. */
const LISTED = 10;

const nameOf = (trial: TrialRef): string =>
  `${trial.task_id} #${trial.attempt}${trial.rerun > 0 ? `.${trial.rerun}` : ''}`;

function listed(trials: readonly TrialRef[]): string {
  if (trials.length === 0) return '0';
  const names = trials.slice(0, LISTED).map(nameOf).join(', ');
  const more = trials.length > LISTED ? `, and ${trials.length - LISTED} more` : '';
  return `${trials.length}: ${names}${more}`;
}

/** The summary under the scorecard: what was regraded and which verdicts flipped. */
export function renderRegradeSummary(summary: RegradeSummary): string {
  const { grader_version: version } = summary;
  const lines = [
    `Regraded ${summary.regraded_from} as ${summary.run_id} (grader version ${version.from} → ${version.to}${summary.suite_hash.from === summary.suite_hash.to ? '' : `, suite ${summary.suite_hash.from.slice(0, 12)} → ${summary.suite_hash.to.slice(0, 12)}`})`,
    `  trials          ${summary.regraded} of ${summary.trials} regraded · ${summary.rebuilt} final state(s) rebuilt by replaying tool calls · ${summary.not_graded} invalid (nothing to grade, copied)`,
    `  fail → pass     ${listed(summary.fail_to_pass)}`,
    `  pass → fail     ${listed(summary.pass_to_fail)}`,
    `  not regradable  ${summary.not_regradable.length}${summary.not_regradable.length > 0 ? ' (copied with their old verdict)' : ''}`,
  ];
  for (const trial of summary.not_regradable.slice(0, LISTED)) {
    lines.push(`    ${nameOf(trial)}: ${trial.reason}`);
  }
  if (summary.not_regradable.length > LISTED) {
    lines.push(`    and ${summary.not_regradable.length - LISTED} more (see --json)`);
  }
  return lines.join('\n');
}

/**
 * `endstate regrade [RUN|latest]`: the graders re-run on a stored run's
 * trials, stored as a new run; the old run is left as it was.
 */
export async function regradeCommand(
  runArgument: string,
  flags: RegradeFlags,
  io: CliIo,
): Promise<number> {
  const spec = storeSpecOf(flags.store, io.cwd);
  checkOutputPaths({
    storePath: storeFileOf(spec),
    cwd: io.cwd,
    outputs: { '--json': flags.json },
  });
  // Checked before the store is opened, though only a judge's calls are priced.
  const pricing = loadPricingFlag(flags.pricing, io);
  const { store, run } = await openStoredRun(spec, io.cwd, runArgument);
  try {
    // The regraded run is sealed anew: a tampered run is never regraded, whatever the flags.
    const seal = await checkRunSeal(store, run, { storePath: spec.display }, io);
    const suitePath = flags.suite === undefined ? run.suite.path : resolve(io.cwd, flags.suite);
    if (!existsSync(suitePath)) {
      throw new EndstateError(
        'E_FILE_NOT_FOUND',
        `suite folder ${suitePath} of run ${run.run_id} does not exist`,
        { hint: 'Pass --suite PATH to name where the suite is now.' },
      );
    }
    const suite = await loadSuite(suitePath);
    if (run.status !== 'finished') {
      io.err(`note: run ${run.run_id} is ${run.status}; only its stored trials are regraded\n`);
    }
    const judged = judgedTasks(suite.tasks).filter((task) => run.suite.task_ids.includes(task.id));
    // Without --judge, the run's own judge (its system spec) grades the rubrics again.
    const judgeSpec = flags.judge === undefined ? run.system.judge : undefined;
    if (judged.length > 0 && flags.judge === undefined && judgeSpec === undefined) {
      throw new EndstateError(
        'E_USAGE',
        `run ${run.run_id} has tasks graded by a judge model (${judged.map((task) => task.id).join(', ')}) but was run without one: regrading them needs --judge`,
        {
          hint: "Pass --judge provider:id; with --replay DIR the judge's recorded answers are used again.",
        },
      );
    }
    // The judge's calls share the run's defaults for retries, limits and timeouts.
    const wiring =
      flags.judge === undefined && (judged.length === 0 || judgeSpec === undefined)
        ? undefined
        : wireModels(
            { ...flags, maxRetries: 5, maxConcurrentRequests: 8, requestTimeout: 120 },
            io,
            { pricing },
          );
    const callerFor = (ref: ModelRef) => wiring!.callerFor(ref);
    const judge =
      wiring === undefined
        ? undefined
        : flags.judge === undefined
          ? await judgeFromSpec(judgeSpec, callerFor)
          : await judgeFor(
              withEndpoint(parseModelRef(flags.judge, '--judge'), io.env, '--judge'),
              callerFor,
            );
    const result = await regrade({
      store,
      run,
      suite,
      allowSuiteChange: flags.allowSuiteChange === true,
      ...(judge === undefined ? {} : { judge }),
    });
    // The scorecard comes from the store, as `endstate report` would rebuild it.
    const trials = await store.listTrials(result.run.run_id);
    const scorecard = withJudgeValidation(
      withSealWarning(buildScorecard(result.run, trials), seal),
      trials,
      spec,
    );
    io.out(
      `${renderTerminal(scorecard, { verbose: flags.verbose === true })}\n\n${renderRegradeSummary(result.summary)}\n`,
    );
    if (flags.json !== undefined) {
      writeJsonFile(resolve(io.cwd, flags.json), {
        run: runAsShown(result.run, io.cwd),
        scorecard,
        trials,
        regrade: result.summary,
      });
      io.err(`wrote ${flags.json}\n`);
    }
    // A judge that refused every request left grader failures: say why, exit 4.
    const refusal = wiring?.refusal();
    if (refusal !== undefined) throw refusal;
    return 0;
  } finally {
    await store.close();
  }
}
