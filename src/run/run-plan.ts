import type { Agent, AgentBuildContext, AgentSpecInput } from '../agent/index.js';
import type { ModelCaller, ModelRef } from '../model/index.js';
import type {
  DiagnosisMode,
  RunPricing,
  RunRecord,
  SandboxSpec,
  SystemSpec,
  TrialRecord,
} from '../schema/index.js';
import type { Sequence, Suite, Task } from '../task/index.js';
import type { RunFaults } from '../trial/index.js';
import type { UserFactory, UsersSpec } from '../user/index.js';
import type { RunJudge } from './run-suite.js';

/** Makes the model caller of one model; models are reached only when a model agent, user or judge is asked for. */
export type CallerFactory = (ref: ModelRef) => Promise<ModelCaller>;

/**
 * How a run reaches its models, from the shell: a caller per model, and
 * what the run record keeps of them (read once the plan is built).
 */
export interface RunModels {
  /** A model caller per model (see createModelCaller). */
  readonly callerFor: CallerFactory;
  /** The prices applied to the models a caller was made for; undefined when no model was wired. */
  readonly pricing?: () => RunPricing | undefined;
  /** The limits each provider endpoint's requests are held to; undefined when no model was wired. */
  readonly requestLimits?: () => RunRecord['request_limits'];
  /** The first refusal no retry can fix (a wrong key, say): once set, no more trials start. */
  readonly refusal?: () => Error | undefined;
}

/**
 * What a plan needs from the shell beside the input: files (a replay
 * file, a system prompt) are read and agent programs isolated through the
 * agent build context, models reached through `models`. A plan of an
 * oracle or simulated agent with the tasks' own users needs none of it.
 */
export interface RunPlanContext extends Omit<AgentBuildContext, 'callerFor'> {
  /** The run's models: needed by an llm agent, users played by a model and a judge. */
  readonly models?: RunModels;
}

/**
 * What a run is asked to be, in plain values: `endstate run` parses its
 * flags into this, a library user writes it. Every field may be left out;
 * a stored run (`planRun`'s third argument) fills in its own.
 */
export interface RunPlanInput {
  /** The agent, as the agent registry builds it (default: the oracle; a stored run's own). */
  readonly agent?: AgentSpecInput;
  /** Simulated users other than the tasks' scripts (default: the scripts; a stored run's own). */
  readonly user?: UsersSpec;
  /** The judge model of tasks with a rubric; without one (and no stored judge) those tasks are left out. */
  readonly judge?: ModelRef;
  /** `dialogue` (default), `no-user` or `oracle-plan`; a stored run keeps its own. */
  readonly mode?: DiagnosisMode;
  /** k, trials per task (default 1; a stored run keeps its own). */
  readonly trials?: number;
  /** The run seed every trial seed derives from (default 0; a stored run keeps its own). */
  readonly seed?: number;
  /** Trials played at once (default 4, or a stored run's). */
  readonly concurrency?: number;
  /** Reruns of an invalid trial (default 2; a stored run keeps its own). */
  readonly maxReruns?: number;
  /** A glob of the task (or sequence) ids to play (default: all); a stored run plays its own. */
  readonly tasks?: string;
  /** Faults and injections added to every task; a stored run keeps its own. */
  readonly faults?: RunFaults;
  /** Files, agent programs and models, reached through the shell. */
  readonly context?: RunPlanContext;
}

/**
 * A stored run to plan again: with its stored trials, to go on with it
 * (`--resume`: refused when the suite or the system is not the run's);
 * without, to play its queued attempts (a worker).
 */
export interface StoredRun {
  /** The run's record, as the store holds it. */
  readonly run: RunRecord;
  /** The trials the store holds of it (`store.listTrials(run.run_id)`). */
  readonly trials?: readonly TrialRecord[];
}

/** A run's simulated users: a factory per trial, and how the system spec names them. */
export interface RunUsers {
  /** Makes each trial's simulated user. */
  readonly factory: UserFactory;
  /** The system spec's `user` entry. */
  readonly spec: SystemSpec['user'];
}

/**
 * One run, resolved once: the system under test built and pinned by its
 * spec, the tasks and sequences it plays and its settings. `playRun`
 * plays it; nothing in it is read again from flags or files.
 */
export interface RunPlan {
  /** The suite the run plays. */
  readonly suite: Suite;
  /** The system's agent, built through the agent registry. */
  readonly agent: Agent;
  /** Tasks played on their own, in the run's order (a replay agent's: those in its file). */
  readonly tasks: readonly Task[];
  /** Sequences played whole, their episodes in order. */
  readonly sequences: readonly Sequence[];
  /** Undefined: the tasks' scripted users. */
  readonly users: RunUsers | undefined;
  /** The judge model of tasks with a rubric, if the run has one. */
  readonly judge: RunJudge | undefined;
  /** `dialogue`, or a diagnosis mode. */
  readonly mode: DiagnosisMode;
  /** Faults and injections added to every task. */
  readonly faults: RunFaults | undefined;
  /** k, trials per task. */
  readonly trials: number;
  /** The run seed every trial seed derives from. */
  readonly seed: number;
  /** Trials played at once by this process. */
  readonly concurrency: number;
  /** Reruns of an invalid trial. */
  readonly maxReruns: number;
  /** The prices of the run's models, as the run record keeps them (undefined when no model is called). */
  readonly pricing: RunPricing | undefined;
  /** The limits on requests per provider endpoint, as the run record keeps them. */
  readonly requestLimits: RunRecord['request_limits'];
  /** The agent program's sandbox, as the system spec records it. */
  readonly sandbox: SandboxSpec | undefined;
  /** The system under test, built once: the run record, the resume check and the preflight read it. */
  readonly system: SystemSpec;
  /** sha256 of the system spec's canonical JSON: the label of every result of the run. */
  readonly systemHash: string;
  /** The stored run this plan goes on with, and its trials. */
  readonly resume: { readonly run: RunRecord; readonly trials: readonly TrialRecord[] } | undefined;
  /** What the shell should say once the run is sure to start (tasks left out for want of a judge). */
  readonly notes: readonly string[];
  /** The models' first refusal no retry can fix, if any: it stops the run. */
  readonly refusal: () => Error | undefined;
}
