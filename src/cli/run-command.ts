import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { agentSpecOf } from '../agent/index.js';
import { BOUNDS, EndstateError } from '../core/index.js';
import {
  buildSystemSpec,
  createRunRecord,
  hashSystemSpec,
  resumeRefusal,
  runCanary,
  runSuite,
} from '../run/index.js';
import type { RunJudge, RunSuiteOptions } from '../run/index.js';
import type { DiagnosisMode, RunRecord, SystemSpec, TrialRecord } from '../schema/index.js';
import { parseModelRef } from '../model/index.js';
import type { DecodingSettings, ModelRef, Pricing } from '../model/index.js';
import { USER_PROMPT_VERSION, createUsersFromSpec } from '../user/index.js';
import type { RunEvent } from '../run/index.js';
import { describeVerification, openStore } from '../store/index.js';
import type { RunStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { Sequence, Suite, Task } from '../task/index.js';
import { selectPlayables } from './select-playables.js';
import type { Agent } from '../agent/index.js';
import type { QueueAddress } from '../queue/index.js';
import type * as queueModuleType from '../queue/index.js';
import type { RunFaults } from '../trial/index.js';
import type { CliIo } from './cli-io.js';
import type { CiOutputFlags } from './ci-outputs.js';
import { parseGate } from './parse-gate.js';
import { guardInterrupts } from './interrupt-guard.js';
import { loadRunFaults } from './load-faults.js';
import { warnIfLockStale } from './lock-warning.js';
import { createProgress } from './progress.js';
import { DEFAULT_SLIP, agentSpecOfFlags, buildAgent } from './select-agent.js';
import type { CallerFactory } from './select-agent.js';
import { judgeFromSpec, judgeOf, tasksWithoutJudge } from './judge-wiring.js';
import { loadPricingFlag, modelsOf, wireModels } from './model-wiring.js';
import { hiddenStoreFileOf, storeFileOf, storeForWorkers, storeSpecOf } from './store-path.js';
import type { StoreSpec } from './store-path.js';
import { traceRunStore } from './trace-run-store.js';
import { checkOutputPaths } from './check-output-paths.js';
import { goneRunError, resolveStoredRun } from './open-stored-run.js';
import { hasSandboxFlags } from './agent-sandbox.js';
import type { SandboxFlags } from './agent-sandbox.js';

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

function decodingOf(flags: RunFlags): DecodingSettings {
  return {
    ...(flags.temperature !== undefined ? { temperature: flags.temperature } : {}),
    ...(flags.topP !== undefined ? { top_p: flags.topP } : {}),
    ...(flags.maxOutputTokens !== undefined ? { max_output_tokens: flags.maxOutputTokens } : {}),
    ...(flags.modelSeed !== undefined ? { seed: flags.modelSeed } : {}),
  };
}

/**
 * The simulated users: a model playing the users of tasks that have a
 * scenario (`--user-model`), else the tasks' scripts; on --resume without
 * user flags, those of the run's system spec.
 */
async function usersOf(
  flags: RunFlags,
  callerFor: CallerFactory,
  stored: SystemSpec | undefined,
): Promise<RunSuiteOptions['users']> {
  if (flags.userModel === undefined) {
    if (flags.userTemperature !== undefined) {
      throw new EndstateError('E_USAGE', '--user-temperature applies with --user-model');
    }
    if (stored === undefined || stored.user.kind === 'scripted') return undefined;
    return createUsersFromSpec(stored.user, { callerFor });
  }
  const ref = parseModelRef(flags.userModel, '--user-model');
  const decoding: DecodingSettings =
    flags.userTemperature === undefined ? {} : { temperature: flags.userTemperature };
  return createUsersFromSpec(
    { kind: 'llm', prompt_version: USER_PROMPT_VERSION, model: { ...ref, ...decoding } },
    { callerFor },
  );
}

/**
 * The run's mode: `--mode`, else a resumed run's own, else `dialogue`. A
 * no-user run has no simulated user, so a user model is refused.
 */
function modeOf(flags: RunFlags, stored: SystemSpec | undefined): DiagnosisMode {
  const mode = flags.mode ?? stored?.mode ?? 'dialogue';
  if (mode === 'no-user' && flags.userModel !== undefined) {
    throw new EndstateError(
      'E_USAGE',
      '--mode no-user plays without a simulated user, so --user-model has nothing to play',
      {
        hint: 'Leave out --user-model (the opening holds the scenario), or use --mode dialogue or oracle-plan.',
      },
    );
  }
  return mode;
}

/** Flags that choose or shape the agent: given on --resume, they are checked against the run's. */
function hasAgentFlags(flags: RunFlags): boolean {
  return (
    flags.agent !== undefined ||
    flags.slip !== undefined ||
    flags.trajectory !== undefined ||
    flags.model !== undefined ||
    flags.systemPrompt !== undefined ||
    Object.keys(decodingOf(flags)).length > 0 ||
    flags.parallelToolCalls !== undefined ||
    flags.command !== undefined ||
    !flags.sandbox ||
    hasSandboxFlags(flags)
  );
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

/** Every planned trial is held in memory and stored: their number is bounded before the run. */
function checkPlannedTrials(taskCount: number, trials: number): void {
  const planned = taskCount * trials;
  const range = BOUNDS.plannedTrials;
  if (planned <= range.max) return;
  throw new EndstateError(
    'E_USAGE',
    `${taskCount} task(s) × --trials ${trials} plans ${planned} trials; at most ${range.max} are allowed in one run (${range.why})`,
    { hint: 'Lower --trials, or select fewer tasks with --tasks and split the work over runs.' },
  );
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

interface RunInput {
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

async function runChecked(
  input: RunInput,
  flags: RunFlags,
  io: CliIo,
  openStore: () => Promise<RunStore>,
  hooks: RunHooks,
): Promise<number> {
  const { suite, suitePath, resume, runFaults, gates, pricing } = input;
  const playables = selectPlayables(suite, {
    ...(resume === undefined ? {} : { resumeTaskIds: resume.run.suite.task_ids }),
    ...(resume !== undefined || flags.tasks === undefined ? {} : { glob: flags.tasks }),
  });
  let tasks = playables.tasks;
  const { sequences } = playables;
  if (sequences.length > 0 && flags.queue !== undefined) {
    throw new EndstateError(
      'E_USAGE',
      `--queue cannot play the sequences of suite ${suite.name} (${sequences.map((sequence) => sequence.id).join(', ')})`,
      {
        hint: 'Play a suite with sequences in one process (leave out --queue), or select only plain tasks with --tasks.',
      },
    );
  }
  // Said once the run is sure to start, after the canary and the preflight.
  const notes: string[] = [];
  if (resume === undefined && flags.judge === undefined) {
    tasks = tasksWithoutJudge(tasks, (text) => notes.push(text));
  }
  const episodes = sequences.reduce((sum, sequence) => sum + sequence.episodes.length, 0);
  checkPlannedTrials(tasks.length + episodes, resume?.run.trials_per_task ?? flags.trials);
  let wiring: ReturnType<typeof wireModels> | undefined;
  const wire = (): ReturnType<typeof wireModels> => (wiring ??= wireModels(flags, io, { pricing }));
  const callerFor: CallerFactory = (ref) => wire().callerFor(ref);
  const stored = resume?.run.system;
  const storeSpec = storeSpecOf(flags.store, io.cwd);
  const hidden = {
    cwd: io.cwd,
    suite: resolve(io.cwd, suitePath),
    store: hiddenStoreFileOf(storeSpec, io.cwd),
  };
  const agentSpec =
    stored !== undefined && !hasAgentFlags(flags)
      ? agentSpecOf(stored)
      : agentSpecOfFlags({
          kind: flags.agent ?? stored?.agent.kind ?? 'oracle',
          slip: flags.slip ?? DEFAULT_SLIP,
          trajectory: flags.trajectory,
          model: flags.model,
          systemPrompt: flags.systemPrompt,
          decoding: decodingOf(flags),
          parallelToolCalls: flags.parallelToolCalls === true,
          command: flags.command,
          sandbox: flags,
          hidden,
        });
  const selected = await buildAgent(agentSpec, suite, tasks, { cwd: io.cwd, hidden, callerFor });
  const mode = modeOf(flags, stored);
  const users = await usersOf(flags, callerFor, stored);
  const judge =
    stored !== undefined && flags.judge === undefined
      ? await judgeFromSpec(stored.judge, callerFor)
      : await judgeOf(flags.judge, callerFor);
  const spec = buildSystemSpec(selected.agent.spec, {
    user: users?.spec,
    judge: judge?.spec,
    mode,
  });
  if (resume !== undefined) {
    const refusal = resumeRefusal(resume.run, resume.trials, suite, {
      spec,
      hash: hashSystemSpec(spec),
    });
    if (refusal !== undefined) throw refusal;
  }
  if (flags.canary) await checkCanary(suite, suitePath, flags.seed);
  if (flags.preflight && flags.replay === undefined) {
    const models = modelsOf(spec);
    if (models.length > 0) await preflight(models, wire());
  }
  const queue = flags.queue === undefined ? undefined : await reachQueue(flags.queue);
  // With an OTLP endpoint set, the store's writes also become spans.
  const store = await traceRunStore(await openStore(), io, resume?.run);
  for (const note of notes) io.err(note);
  const play: PlayInput = {
    suite,
    agent: selected.agent,
    tasks: selected.tasks,
    sequences,
    store,
    resume,
    users,
    judge,
    runFaults,
    mode,
    wiring: () => wiring,
  };
  const run =
    queue === undefined
      ? await playHere(play, flags, io)
      : await playOnQueue(play, { ...queue, suitePath: resolve(io.cwd, suitePath) }, flags, io);
  hooks.onRun?.(run);
  // The scorecard and its outputs load once the trials are done: the first
  // trial starts without the report and statistics code.
  const { reportStoredRun } = await import('./report-stored-run.js');
  return reportStoredRun({ store, run, spec: storeSpec, gates }, flags, io);
}

/** What playing a checked run needs, here or on the queue. */
interface PlayInput {
  readonly suite: Suite;
  readonly agent: Agent;
  readonly tasks: readonly Task[];
  readonly sequences: readonly Sequence[];
  readonly store: RunStore;
  readonly resume: { run: RunRecord; trials: TrialRecord[] } | undefined;
  readonly users: RunSuiteOptions['users'];
  readonly judge: RunJudge | undefined;
  readonly runFaults: RunFaults | undefined;
  readonly mode: DiagnosisMode;
  readonly wiring: () => ReturnType<typeof wireModels> | undefined;
}

/** The run's trials played by this process, `--concurrency` at a time. */
async function playHere(input: PlayInput, flags: RunFlags, io: CliIo): Promise<RunRecord> {
  const { store, resume, users, judge, runFaults } = input;
  const wiring = input.wiring();
  // Read when asked: a model caller made during the run wires the models then.
  const refusal = (): EndstateError | undefined => input.wiring()?.refusal();
  const progress = createProgress(io);
  const guard = guardInterrupts(store, (signal) => {
    progress.stop();
    io.err(`\n${signal}: the finished trials of ${guard.runId ?? 'the run'} are stored\n`);
  });
  try {
    const result = await runSuite({
      suite: input.suite,
      agent: input.agent,
      tasks: input.tasks,
      sequences: input.sequences,
      trials: flags.trials,
      concurrency: flags.concurrency,
      seed: flags.seed,
      maxReruns: flags.maxReruns,
      store,
      collect: false,
      mode: input.mode,
      ...(users === undefined ? {} : { users }),
      ...(judge === undefined ? {} : { judge }),
      ...(runFaults === undefined ? {} : { faults: runFaults }),
      ...(resume === undefined ? {} : { resume }),
      ...(wiring === undefined
        ? {}
        : { pricing: wiring.pricing(), requestLimits: wiring.requestLimits() }),
      stop: () => guard.interruption ?? refusal(),
      onEvent: (event: RunEvent) => {
        if (event.type === 'run-start') {
          guard.runId = event.run.run_id;
          if (resume !== undefined) io.err(resumingLine(event));
        }
        progress.onEvent(event);
      },
    }).catch((error: unknown) => {
      // The guard exits once the run is marked interrupted.
      if (error === guard.interruption) return new Promise<never>(() => {});
      if (error === refusal() && guard.runId !== undefined) {
        progress.stop();
        io.err(
          `run ${guard.runId} stopped after a refused model request: its finished trials are stored; once fixed, go on with --resume ${guard.runId}\n`,
        );
      }
      throw error;
    });
    return result.run;
  } finally {
    guard.release();
    progress.stop();
  }
}

function resumingLine(event: Extract<RunEvent, { type: 'run-start' }>): string {
  return `resuming ${event.run.run_id}: ${event.alreadyDone} of ${event.plannedTrials} trials were stored, ${event.plannedTrials - event.alreadyDone} to run\n`;
}

type QueueModule = typeof queueModuleType;

/** The queue module (loaded only for --queue) and the address, once Redis answers there. */
async function reachQueue(
  url: string,
): Promise<{ queueModule: QueueModule; address: QueueAddress }> {
  const queueModule = await import('../queue/index.js');
  const address = queueModule.parseQueueAddress(url);
  await queueModule.checkQueueReachable(address);
  return { queueModule, address };
}

/**
 * The run's trials played by workers: the run is stored (a new one) and
 * one job per pending attempt queued; this process follows the jobs and
 * closes the run once every planned trial is stored.
 */
async function playOnQueue(
  input: PlayInput,
  queue: { queueModule: QueueModule; address: QueueAddress; suitePath: string },
  flags: RunFlags,
  io: CliIo,
): Promise<RunRecord> {
  const { store, resume } = input;
  const wiring = input.wiring();
  const run =
    resume?.run ??
    createRunRecord(
      {
        suite: input.suite,
        agent: input.agent,
        trials: flags.trials,
        concurrency: flags.concurrency,
        seed: flags.seed,
        maxReruns: flags.maxReruns,
        mode: input.mode,
        ...(input.users === undefined ? {} : { users: input.users }),
        ...(input.judge === undefined ? {} : { judge: input.judge }),
        ...(input.runFaults === undefined ? {} : { faults: input.runFaults }),
        ...(wiring === undefined
          ? {}
          : { pricing: wiring.pricing(), requestLimits: wiring.requestLimits() }),
      },
      input.tasks,
    );
  if (resume === undefined) await store.createRun(run);
  const progress = createProgress(io);
  const guard = guardInterrupts(store, (signal) => {
    progress.stop();
    io.err(
      `\n${signal}: the finished trials of ${run.run_id} are stored; queued jobs stay on the queue, and endstate run --resume ${run.run_id} --queue … waits for them\n`,
    );
  });
  guard.runId = run.run_id;
  io.err(`queueing the trials of ${run.run_id} on ${queue.address.shown}\n`);
  try {
    return await queue.queueModule
      .runOnQueue({
        address: queue.address,
        run,
        store,
        tasks: input.tasks,
        ...(resume === undefined ? {} : { stored: resume.trials }),
        place: {
          store: storeForWorkers(storeSpecOf(flags.store, io.cwd)),
          suitePath: queue.suitePath,
        },
        ...(flags.queueReconcile === undefined ? {} : { reconcileMs: flags.queueReconcile }),
        stop: () => guard.interruption,
        onEvent: (event: RunEvent) => {
          if (event.type === 'run-start' && resume !== undefined) io.err(resumingLine(event));
          progress.onEvent(event);
        },
      })
      .catch((error: unknown) => {
        if (error === guard.interruption) return new Promise<never>(() => {});
        progress.stop();
        throw error;
      });
  } finally {
    guard.release();
    progress.stop();
  }
}

/** One tiny request to each model the run calls, so a wrong key, name or URL fails in seconds. */
async function preflight(
  models: readonly { ref: ModelRef; role: 'agent' | 'user' | 'judge' }[],
  wiring: ReturnType<typeof wireModels>,
): Promise<void> {
  for (const { ref, role } of models) await wiring.preflight(ref, role);
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
