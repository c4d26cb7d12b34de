import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { checkQueuePlayable, planRun, runCanary } from '../run/index.js';
import type { RunModels, RunPlan, RunPlanInput } from '../run/index.js';
import type { DiagnosisMode, RunRecord, TrialRecord } from '../schema/index.js';
import type { Pricing } from '../model/index.js';
import { describeVerification, openStore } from '../store/index.js';
import type { RunStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { Suite } from '../task/index.js';
import type { RunFaults } from '../trial/index.js';
import type { CliIo } from './cli-io.js';
import type { CiOutputFlags } from './ci-outputs.js';
import { parseGate } from './parse-gate.js';
import { loadRunFaults } from './load-faults.js';
import { warnIfLockStale } from './lock-warning.js';
import { playShown, runQueueOf } from './play-shown.js';
import { agentBuildContext } from './select-agent.js';
import { loadPricingFlag, modelsOf, wireModels } from './model-wiring.js';
import { runPlanInputOf } from './run-plan-input.js';
import { hiddenStoreFileOf, storeFileOf, storeSpecOf } from './store-path.js';
import type { StoreSpec } from './store-path.js';
import { traceRunStore } from './trace-run-store.js';
import { checkOutputPaths } from './check-output-paths.js';
import { goneRunError, resolveStoredRun } from './open-stored-run.js';
import type { SandboxFlags } from './agent-sandbox.js';
import { checkAgentPreflight } from './check-agent-preflight.js';

export interface RunFlags extends CiOutputFlags, SandboxFlags {
  /** Print the scorecard even when the run's records were changed outside endstate (else exit 2), marked as tampered. */
  readonly acceptTampered?: boolean;
  /** Default oracle; on --resume, the run's agent. */
  readonly agent?: string;
  readonly trials: number;
  readonly concurrency: number;
  readonly seed: number;
  /** Default 0.1. */
  readonly slip?: number;
  readonly maxReruns: number;
  /** Largest share of planned trials left without a valid record (0: every one must be valid). */
  readonly maxInvalid: number;
  readonly tasks?: string;
  readonly trajectory?: string;
  readonly json?: string;
  readonly store?: string;
  readonly failUnder?: readonly string[];
  readonly model?: string;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxOutputTokens?: number;
  readonly modelSeed?: number;
  readonly parallelToolCalls?: boolean;
  readonly userModel?: string;
  readonly userTemperature?: number;
  /** The judge model of tasks with a rubric (`provider:id`). */
  readonly judge?: string;
  readonly pricing?: string;
  readonly record?: string;
  readonly replay?: string;
  readonly maxRetries: number;
  readonly maxConcurrentRequests: number;
  /** Requests started per rolling minute per provider endpoint; absent: no such limit. */
  readonly requestsPerMinute?: number;
  /** Seconds. */
  readonly requestTimeout: number;
  readonly command?: string;
  readonly faults?: string;
  readonly resume?: string;
  /** False with --no-canary. */
  readonly canary: boolean;
  /** False with --no-preflight. */
  readonly preflight: boolean;
  readonly saveFailures?: string;
  readonly durable?: boolean;
  /**
   * `dialogue` (default), or a diagnosis mode: `no-user` (the whole user
   * spec up front, no one answers) or `oracle-plan` (the reference path as
   * a plan). On --resume, the run's own.
   */
  readonly mode?: DiagnosisMode;
  /** `redis://…`: workers (`endstate worker`) play the trials; this process queues them and waits. */
  readonly queue?: string;
  /** Milliseconds without news from the queue before every outstanding job's state is read (default 5000). */
  readonly queueReconcile?: number;
}

/**
 * `endstate run <suite>`: everything is checked before the store is
 * touched. `endstate run --resume RUN` needs no suite and no agent flags:
 * the run's record holds its suite path and its system spec.
 */
export async function runCommand(
  suitePath: string | undefined,
  flags: RunFlags,
  io: CliIo,
  hooks: RunHooks = {},
): Promise<number> {
  const gates = (flags.failUnder ?? []).map(parseGate);
  const storeSpec = storeSpecOf(flags.store, io.cwd);
  checkStoreFlags(storeSpec, flags);
  checkOutputPaths({
    storePath: storeFileOf(storeSpec),
    cwd: io.cwd,
    outputs: { '--json': flags.json, '--junit': flags.junit, '--md': flags.md },
  });
  if (suitePath === undefined && flags.resume === undefined) {
    throw new EndstateError('E_USAGE', 'endstate run needs a suite folder', {
      hint: 'e.g. endstate run examples/support --agent simulated; or endstate run --resume latest to go on with a stored run.',
    });
  }
  // Checked whatever the agent: a bad file stops the run even when no model is ever priced.
  const pricing = loadPricingFlag(flags.pricing, io);
  // Opened once needed: a new run checks everything before the store is touched.
  let store: Promise<RunStore> | undefined;
  const openRunStore = (): Promise<RunStore> =>
    (store ??= openStore(storeSpec.spec, io.cwd, {
      ...(flags.durable === true ? { durable: true } : {}),
      // Workers write the run's trials: its seal covers what they stored.
      ...(flags.queue === undefined ? {} : { sharedWriters: true }),
    }));
  try {
    const resume = await resumable(openRunStore, flags, storeSpec.display);
    const shownPath = suitePath ?? resume!.run.suite.path;
    const suite = await loadSuiteOf(shownPath, resume?.run, io);
    warnIfLockStale(suite, shownPath, io);
    if (flags.junit !== undefined || flags.md !== undefined) {
      const { checkGateLabels } = await import('../report/index.js');
      checkGateLabels(
        suite.tasks.map((task) => ({ id: task.id, labels: task.spec.labels, file: task.file })),
      );
    }
    const runFaults =
      flags.faults === undefined
        ? undefined
        : loadRunFaults(flags.faults, io.cwd, suite.environment);
    return await runChecked(
      { suite, suitePath: shownPath, resume, runFaults, gates, pricing },
      flags,
      io,
      openRunStore,
      hooks,
    );
  } finally {
    if (store !== undefined) await (await store.catch(() => undefined))?.close();
  }
}

/** `--durable` is SQLite's; `--queue` needs a store other processes can reach. */
function checkStoreFlags(storeSpec: StoreSpec, flags: RunFlags): void {
  if (flags.durable === true && storeSpec.type !== 'sqlite') {
    throw new EndstateError(
      'E_USAGE',
      `--durable applies to a SQLite store, not --store ${storeSpec.spec.split(':')[0]}:`,
      {
        hint: 'Leave out --durable: PostgreSQL commits every trial durably.',
      },
    );
  }
  if (flags.queue !== undefined && storeSpec.type === 'memory') {
    throw new EndstateError('E_USAGE', '--queue cannot be used with --store memory:', {
      hint: 'Workers write trials to a store they can reach: --store postgres://… (workers on many machines) or a SQLite path (workers on this machine).',
    });
  }
}

/** The suite to run; on --resume without a suite argument, the one the run recorded. */
async function loadSuiteOf(
  shownPath: string,
  run: RunRecord | undefined,
  io: CliIo,
): Promise<Suite> {
  const path = resolve(io.cwd, shownPath);
  if (run !== undefined && !existsSync(path)) {
    throw new EndstateError(
      'E_FILE_NOT_FOUND',
      `suite folder ${shownPath} of run ${run.run_id} does not exist`,
      { hint: 'Pass the suite folder where it is now: endstate run SUITE --resume RUN.' },
    );
  }
  return loadSuite(path, { displayPath: shownPath });
}

/** A stored run to go on with (`--resume`), with the trials it has. */
async function resumable(
  openStore: () => Promise<RunStore>,
  flags: RunFlags,
  display: string,
): Promise<{ run: RunRecord; trials: TrialRecord[] } | undefined> {
  if (flags.resume === undefined) return undefined;
  if (flags.tasks !== undefined || flags.faults !== undefined) {
    throw new EndstateError(
      'E_USAGE',
      '--resume goes on with the run as it was: leave out --tasks and --faults',
      { hint: 'The run keeps its own tasks, trials per task, seed and faults.' },
    );
  }
  const store = await openStore();
  const resolution = await resolveStoredRun(store, flags.resume);
  if (resolution.type === 'gone') throw goneRunError(flags.resume, resolution, display, false);
  if (resolution.type === 'missing') {
    throw new EndstateError('E_RUN_NOT_FOUND', `no run ${flags.resume} in the store to resume`, {
      hint: 'Pass the run id that endstate run printed (or "latest"), and the same --store.',
    });
  }
  const { run } = resolution;
  // Resuming seals the run anew over what the store holds: a changed run would be laundered.
  const verification = await store.verifyRun(run.run_id);
  if (verification?.status === 'tampered') {
    throw new EndstateError(
      'E_TAMPERED',
      `cannot resume ${describeVerification(run.run_id, verification)}`,
      {
        problems: verification.problems.map((problem) => ({ message: problem.message })),
        hint: 'Its seal would be made anew over the changed records. Start a new run into a store agents cannot write.',
        details: { run_id: run.run_id },
      },
    );
  }
  return { run, trials: await store.listTrials(run.run_id) };
}

/** A run whose flags, suite and stored run are checked, ready to plan. */
interface CheckedRun {
  readonly suite: Suite;
  /** As shown in messages: the argument, or the path the resumed run recorded. */
  readonly suitePath: string;
  readonly resume: { run: RunRecord; trials: TrialRecord[] } | undefined;
  readonly runFaults: RunFaults | undefined;
  readonly gates: ReturnType<typeof parseGate>[];
  /** The `--pricing` tables, read before anything else; undefined without the flag. */
  readonly pricing: Pricing | undefined;
}

/** What a command built on `run` (such as `diagnose`) learns of the run it played. */
export interface RunHooks {
  /** Called with the stored run once its trials are played, before its scorecard is shown. */
  readonly onRun?: (run: RunRecord) => void;
}

/** Plans the run, checks it (canary, preflight), plays it here or on the queue and prints its scorecard. */
async function runChecked(
  checked: CheckedRun,
  flags: RunFlags,
  io: CliIo,
  openStore: () => Promise<RunStore>,
  hooks: RunHooks,
): Promise<number> {
  const models = lazyModels(flags, io, checked.pricing);
  const plan = await planRun(
    planInputOf(checked, flags, io, models),
    checked.suite,
    checked.resume,
  );
  await checkBeforeRun(plan, checked.suitePath, flags, models);
  const queue = await runQueueOf(flags, io, checked.suitePath);
  // With an OTLP endpoint set, the store's writes also become spans.
  const store = await traceRunStore(await openStore(), io, checked.resume?.run);
  for (const note of plan.notes) io.err(note);
  const run = await playShown(plan, store, queue, io);
  hooks.onRun?.(run);
  // The scorecard and its outputs load once the trials are done: the first
  // trial starts without the report and statistics code.
  const { reportStoredRun } = await import('./report-stored-run.js');
  const spec = storeSpecOf(flags.store, io.cwd);
  return reportStoredRun({ store, run, spec, gates: checked.gates }, flags, io);
}

/** The models of the run, wired once a model agent, user or judge asks for one (or the preflight does). */
interface LazyModels {
  readonly runModels: RunModels;
  wire(): ReturnType<typeof wireModels>;
}

function lazyModels(flags: RunFlags, io: CliIo, pricing: Pricing | undefined): LazyModels {
  let wiring: ReturnType<typeof wireModels> | undefined;
  const wire = (): ReturnType<typeof wireModels> => (wiring ??= wireModels(flags, io, { pricing }));
  return {
    wire,
    runModels: {
      callerFor: (ref) => wire().callerFor(ref),
      pricing: () => wiring?.pricing(),
      requestLimits: () => wiring?.requestLimits(),
      // Read when asked: a model caller made during the run wires the models then.
      refusal: () => wiring?.refusal(),
    },
  };
}

/** The plan input of the flags, with what the shell supplies: files read relative to the working folder, the folders a sandbox hides, the models. */
function planInputOf(
  checked: CheckedRun,
  flags: RunFlags,
  io: CliIo,
  models: LazyModels,
): RunPlanInput {
  const hidden = {
    cwd: io.cwd,
    suite: resolve(io.cwd, checked.suitePath),
    store: hiddenStoreFileOf(storeSpecOf(flags.store, io.cwd), io.cwd),
  };
  // The plan's context reaches models through `models`; the agent's is the same factory.
  const { callerFor: _sameFactory, ...agentContext } = agentBuildContext(
    io.cwd,
    hidden,
    models.runModels.callerFor,
  );
  return runPlanInputOf(flags, {
    stored: checked.resume?.run.system,
    hidden,
    faults: checked.runFaults,
    context: { ...agentContext, models: models.runModels },
    env: io.env,
  });
}

/** What must hold before the first trial: a queue plays no sequences, the canary passes, the agent program starts, every model answers. */
async function checkBeforeRun(
  plan: RunPlan,
  suitePath: string,
  flags: RunFlags,
  models: LazyModels,
): Promise<void> {
  if (flags.queue !== undefined) checkQueuePlayable(plan);
  if (flags.canary) await checkCanary(plan.suite, suitePath, flags.seed);
  if (!flags.preflight) return;
  // A command or mcp agent's program is started once, in its sandbox; queued trials run on the workers' machines.
  if (flags.queue === undefined) await checkAgentPreflight(plan);
  if (flags.replay !== undefined) return;
  // One tiny request to each model the run calls, so a wrong key, name or URL fails in seconds.
  for (const { ref, role } of modelsOf(plan.system)) await models.wire().preflight(ref, role);
}

/** The canary gate: the suite's canary tasks must reset and be solved by the oracle. */
async function checkCanary(suite: Suite, suitePath: string, seed: number): Promise<void> {
  const problems = await runCanary(suite, seed);
  if (problems.length === 0) return;
  throw new EndstateError(
    'E_CANARY',
    `the canary failed, so no trial was run: suite ${suitePath} or its environment is broken`,
    {
      problems: problems.map((problem) => ({
        file: problem.file,
        message: `${problem.task_id} ${problem.check}: ${problem.message}`,
      })),
      hint: `Run endstate validate ${suitePath} to see every task's checks. Canary tasks are those labelled canary: true (else the first task); --no-canary skips the gate.`,
    },
  );
}
