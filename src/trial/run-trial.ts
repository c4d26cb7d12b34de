import { AgentInfrastructureError, TrialStoppedError } from '../agent/index.js';
import type { Agent, AgentMemory, AgentResult } from '../agent/index.js';
import {
  sleep,
  createRng,
  frozenClock,
  startStopwatch,
  startTimeout,
  wallClockIso,
} from '../core/index.js';
import type { Rng, Stopwatch } from '../core/index.js';
import type { Environment, EventLog, FaultInjector } from '../environment/index.js';
import type { JudgeCaller } from '../grade/index.js';
import {
  createDispatcher,
  createToolPresentation,
  createEventLog,
  createFaultInjector,
  faultPlan,
} from '../environment/index.js';
import type {
  Constraint,
  DiagnosisMode,
  ExitReason,
  Fault,
  RecordedInjection,
  ModelUsage,
  TrialRecord,
} from '../schema/index.js';
import { createWorkingState } from '../state/index.js';
import type { StateSnapshot, WorkingState } from '../state/index.js';
import type { Task } from '../task/index.js';
import { noUsers, scriptedUsers } from '../user/index.js';
import type { UserFactory } from '../user/index.js';
import { createCapGuard, sessionCaps } from './cap-guard.js';
import { createSession, createTrialControl, withTrialSignal } from './create-session.js';
import { gradeFinalState } from './grade-final-state.js';
import type { TrialControl } from './create-session.js';
import { INFRASTRUCTURE_EXITS } from './terminal-reason.js';
import { verdictOf } from './verdict-of.js';
import { environmentSeed } from './environment-seed.js';
import { crashedTrial } from './crashed-trial.js';
import { recordBase } from './trial-record-base.js';
import { userToolbox } from './user-turn.js';
import type { TrialParts } from './trial-record-base.js';
import type { SessionLink } from './session-chain.js';

export interface TrialInput {
  readonly task: Task;
  readonly environment: Environment;
  readonly agent: Agent;
  readonly seed: number;
  /** 1..k. */
  readonly attempt: number;
  readonly rerun: number;
  readonly runId: string;
  readonly suiteHash: string;
  readonly systemHash: string;
  /** Makes the simulated user (default: each task's script). */
  readonly users?: UserFactory | undefined;
  /** Faults and injections for every task of the run (`--faults`), after the task's own. */
  readonly runFaults?: RunFaults | undefined;
  /** The run's judge model (`--judge`), for model-based graders. */
  readonly judge?: JudgeCaller | undefined;
  /**
   * A diagnosis mode (default `dialogue`): `no-user` replaces the simulated
   * user by the task's whole user spec in one opening with standing
   * consent, `oracle-plan` adds the reference path to the public view.
   */
  readonly mode?: DiagnosisMode | undefined;
}

/** A trial that is an episode of a sequence: its agent's memory, and how it plays the agent. */
export interface EpisodeInput extends TrialInput {
  /** The agent's memory across the sequence attempt (default: a fresh one). */
  readonly memory?: AgentMemory | undefined;
  /** How the episode plays the agent (default: `agent.run` on a new session). */
  readonly link?: SessionLink | undefined;
}

/** A run's `--faults` declarations. */
export interface RunFaults {
  readonly faults: readonly Fault[];
  readonly inject: readonly RecordedInjection[];
}

/** How long a stopped agent gets to wind up (kill its program, close its server) before the record is made. */
const AGENT_WIND_UP_MS = 3000;

/**
 * One attempt of one system at one task, from a verified s0 with its own
 * seed: reset, session, terminal reason, grading, record. Failures inside
 * the trial become data on the record; this function does not throw.
 */
export async function runTrial(input: TrialInput): Promise<TrialRecord> {
  return (await runTrialKeepingState(input)).record;
}

/** runTrial, returning the state the trial ended in as well (a sequence carries it to the next episode). */
export async function runTrialKeepingState(
  input: EpisodeInput,
): Promise<{ record: TrialRecord; finalState: () => StateSnapshot | undefined }> {
  const stopwatch = startStopwatch();
  const trial: TrialParts = {
    stopwatch,
    startedAt: wallClockIso(),
    log: createEventLog(stopwatch),
    control: createTrialControl(),
    state: undefined,
    initialHash: undefined,
  };
  let record: TrialRecord;
  try {
    record = await playTrial(input, trial);
  } catch (error) {
    // The outer guard: whatever escaped is this trial's failure, never the run's.
    record = crashedTrial(input, trial, error);
  }
  // Taken only when asked for: a plain trial never copies its state.
  return { record, finalState: () => trial.state?.snapshot() };
}

async function playTrial(input: EpisodeInput, trial: TrialParts): Promise<TrialRecord> {
  const { task, environment } = input;
  const { log, stopwatch, control } = trial;

  // Reset: a fresh working copy over the frozen s0, verified by its hash.
  const state = (trial.state = createWorkingState(task.initialState));
  const initialHash = (trial.initialHash = state.hash());
  if (initialHash !== task.initialState.hash) {
    control.stop(
      'harness_crash',
      `reset verification failed: state hash ${initialHash} is not the fixture hash ${task.initialState.hash}`,
    );
  }
  const finalAnswer =
    control.stopReason === undefined
      ? await playSession(input, state, log, stopwatch, control)
      : null;

  const exit: ExitReason = control.stopReason ?? 'finished';
  const diff = state.diff();
  // An environment or harness failure leaves nothing to grade: no grades at all.
  const graded = INFRASTRUCTURE_EXITS.includes(exit)
    ? undefined
    : await gradeFinalState({
        task,
        environment,
        diff,
        events: log.events,
        finalAnswer,
        judge: input.judge,
      });
  const { fields, graderCostUsd } = verdictOf({
    exit,
    graded,
    infrastructure: control.infrastructure,
    error: control.error ?? null,
  });

  const base = recordBase(input, trial);
  return {
    ...base,
    usage: { ...base.usage, grader_cost_usd: graderCostUsd },
    initial_state_hash: initialHash,
    final_state_hash: state.hash(),
    state_diff: diff,
    final_answer: finalAnswer,
    exit_reason: exit,
    ...fields,
    ...(control.errorStack === undefined ? {} : { error_stack: control.errorStack }),
  };
}

/** The owner a task's `scope` constraint allows: the dispatcher refuses calls on anyone else's records. */
function scopeOf(constraints: readonly Constraint[]): { scopeOwner?: string } {
  const declared = constraints.find((constraint) => 'scope' in constraint);
  return declared === undefined || !('scope' in declared)
    ? {}
    : { scopeOwner: declared.scope.owner };
}

/** The conversation: the user opens, the agent acts through its session; returns the final answer. */
async function playSession(
  input: EpisodeInput,
  state: WorkingState,
  log: EventLog,
  stopwatch: Stopwatch,
  control: TrialControl,
): Promise<string | null> {
  const { task, environment, agent } = input;
  const rng = createRng(input.seed);
  const presentation = createToolPresentation(environment.descriptors, task.spec.tools.present);
  const dispatcher = createDispatcher({
    presentation,
    environment,
    state,
    clock: frozenClock(task.spec.clock),
    rng: createRng(environmentSeed(input.seed)),
    log,
    stopwatch,
    access: task.spec.tools,
    ...scopeOf(task.spec.constraints),
    toolTimeoutMs: task.spec.limits.tool_timeout_s * 1000,
    ...faultsOf(input, rng),
  });
  const trial = { task_id: task.id, attempt: input.attempt, rerun: input.rerun, seed: input.seed };
  const mode = input.mode ?? 'dialogue';
  const users = mode === 'no-user' ? noUsers : (input.users ?? scriptedUsers);
  const user = users(
    withTrialSignal(control, {
      spec: task.spec.user,
      trial,
      recordUsage: (usage: ModelUsage) =>
        void log.record({ kind: 'usage', ...usage, role: 'user' }),
      toolbox: userToolbox(environment, { dispatcher, control }),
    }),
  );
  let opening: string;
  try {
    opening = await user.open();
  } catch (error) {
    // A crash of a tool the user called while opening has stopped the trial already.
    if (error instanceof TrialStoppedError && control.stopReason !== undefined) return null;
    if (!(error instanceof AgentInfrastructureError)) throw error;
    control.failInfrastructure(error);
    return null;
  }
  log.record({
    kind: 'user',
    text: opening,
    source: user.kind === 'scripted' || user.kind === 'none' ? 'instruction' : 'simulator',
    ...(mode === 'no-user' ? { standing_consent: true as const } : {}),
  });
  const session = createSession(
    {
      task,
      environment,
      dispatcher,
      user,
      log,
      stopwatch,
      rng: rng.fork('agent'),
      agent,
      trial,
      opening,
      mode,
      presentation,
      memory: input.memory,
    },
    control,
  );
  // An agent that reads the reference plays it under the names it was shown.
  const shownReference =
    task.spec.tools.present === undefined
      ? task.spec.reference
      : task.spec.reference.map((step) =>
          'tool' in step ? { ...step, tool: presentation.shownName(step.tool) } : step,
        );
  const reference = agent.readsReference ? shownReference : undefined;
  const result = await playAgent(
    input.link === undefined
      ? () => ({ running: agent.run(session, reference) })
      : () => input.link!.play({ session, control, reference }),
    task,
    control,
  );
  const finalAnswer = result?.finalAnswer ?? null;
  const tooLong =
    finalAnswer === null ? undefined : finalAnswerProblem(finalAnswer, task, log, control);
  if (tooLong !== undefined) return null;
  if (finalAnswer !== null) {
    log.record({ kind: 'agent', text: finalAnswer, final: true, ...confidenceOf(result, log) });
  }
  return finalAnswer;
}

/** Ends the trial as the agent's error when its final answer is over the message cap. */
function finalAnswerProblem(
  finalAnswer: string,
  task: Task,
  log: EventLog,
  control: TrialControl,
): string | undefined {
  const guard = createCapGuard(sessionCaps(task.spec.limits), log, control);
  const problem = guard.messageProblem(finalAnswer, 'the final answer');
  if (problem === undefined) return undefined;
  log.record({ kind: 'note', text: `size cap: ${problem}` });
  control.stop('agent_error', `agent error: ${problem}`);
  return problem;
}

/** The agent's reported confidence, when it gave one in [0, 1]; anything else is noted and dropped. */
function confidenceOf(result: AgentResult | null, log: EventLog): { confidence?: number } {
  const confidence = result?.confidence;
  if (confidence === undefined) return {};
  if (confidence >= 0 && confidence <= 1) return { confidence };
  log.record({ kind: 'note', text: `agent confidence ${confidence} ignored: not in [0, 1]` });
  return {};
}

/**
 * Runs the agent under the timeout; returns its result when it finished
 * normally, null when it was stopped or (an episode of a sequence) the
 * conversation was handed over to the next episode.
 */
async function playAgent(
  start: () => { running: Promise<AgentResult>; handover?: Promise<'handover'> },
  task: Task,
  control: TrialControl,
): Promise<AgentResult | null> {
  const timeout = startTimeout(task.spec.limits.timeout_s * 1000);
  const { running, handover } = start();
  try {
    const result = await Promise.race(
      handover === undefined ? [running, timeout.promise] : [running, timeout.promise, handover],
    );
    if (result === 'handover') return null;
    if (result === 'timeout') {
      control.stop('timeout');
      // The abort tells the agent to wind up (an external program is killed); give it a moment,
      // so nothing it started outlives the trial. Its late rejection is expected and dropped.
      await Promise.race([
        running.then(
          () => undefined,
          () => undefined,
        ),
        sleep(AGENT_WIND_UP_MS),
      ]);
      return null;
    }
    return control.stopReason === undefined ? result : null;
  } catch (error) {
    if (error instanceof AgentInfrastructureError) control.failInfrastructure(error);
    if (control.stopReason === undefined) {
      const message = error instanceof Error ? error.message : String(error);
      control.stop('agent_error', `agent error: ${message}`);
    }
    return null;
  } finally {
    timeout.cancel();
  }
}

/** The trial's fault injector, when the task or the run declares any faults. */
function faultsOf(input: TrialInput, rng: Rng): { faults?: FaultInjector } {
  const { spec } = input.task;
  const run = input.runFaults;
  const declared =
    spec.faults.length + spec.inject.length + (run?.faults.length ?? 0) + (run?.inject.length ?? 0);
  if (declared === 0) return {};
  return { faults: createFaultInjector(faultPlan(spec, run), rng.fork('faults')) };
}
