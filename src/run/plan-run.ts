import { agentSpecOf, createAgentFromSpec } from '../agent/index.js';
import type { Agent, AgentBuildContext, AgentSpecInput } from '../agent/index.js';
import { BOUNDS, EndstateError, rangeProblem } from '../core/index.js';
import type { NumericRange, Problem } from '../core/index.js';
import type { DiagnosisMode, RunRecord, SystemSpec } from '../schema/index.js';
import type { Suite, Task } from '../task/index.js';
import { createUsersFromSpec } from '../user/index.js';
import { judgeFor, judgeFromSpec, tasksWithoutJudge } from './judge-wiring.js';
import type {
  CallerFactory,
  RunPlan,
  RunPlanContext,
  RunPlanInput,
  RunUsers,
  StoredRun,
} from './run-plan.js';
import { resumeRefusal } from './resume-check.js';
import { selectPlayables } from './select-playables.js';
import type { Playables } from './select-playables.js';
import { buildSystemSpec, hashSystemSpec } from './system-spec.js';

/** The numbers of the input and their ranges, named by field (src/core/bounds.ts). */
const RANGES = {
  trials: { ...BOUNDS.trials, name: 'trials' },
  seed: { ...BOUNDS.seed, name: 'seed' },
  concurrency: { ...BOUNDS.concurrency, name: 'concurrency' },
  maxReruns: { ...BOUNDS.maxReruns, name: 'maxReruns' },
} satisfies Record<string, NumericRange>;

/** What a stored run keeps of its own: given again, the plan would not be the run's. */
const STORED_FIELDS = ['trials', 'seed', 'maxReruns', 'tasks', 'faults'] as const;

/**
 * Resolves a run once, before anything is stored: the tasks it plays, the
 * agent built through the registry, the simulated users, the judge, the
 * mode and the system spec that pins them, and its settings. With a
 * stored run, what the input leaves out comes from the run's record, so
 * `--resume` and a queue's workers rebuild the very plan the run had (and
 * resuming is refused when the suite or the system differs).
 *
 * @param input what the run is asked to be; every field may be left out
 * @param suite the suite, as `loadSuite` returns it
 * @param stored a stored run to plan again (with its trials: to resume it)
 * @returns the plan `playRun` plays
 * @throws EndstateError `E_USAGE` naming each bad field of the input (every one at once), an
 *   agent kind or options the registry refuses, or a task selection that matches nothing;
 *   `E_RESUME` when a stored run cannot be resumed with this suite and system
 *
 * @example
 * const suite = await loadSuite('examples/support');
 * const plan = await planRun({ agent: { kind: 'simulated', options: { slip: 0.1 } }, trials: 4 }, suite);
 */
export async function planRun(
  input: RunPlanInput,
  suite: Suite,
  stored?: StoredRun,
): Promise<RunPlan> {
  checkInput(input, stored?.run);
  const run = stored?.run;
  const context = input.context ?? {};
  const callerFor = callerOf(context);
  const settings = settingsOf(input, run);
  const notes: string[] = [];
  const playables = playablesOf(input, suite, run, (text) => notes.push(text));
  const episodes = playables.sequences.reduce((sum, sequence) => sum + sequence.episodes.length, 0);
  checkPlannedTrials(playables.tasks.length + episodes, settings.trials);
  const agentSpec = input.agent ?? (run === undefined ? ORACLE : agentSpecOf(run.system));
  const built = await buildAgent(agentSpec, suite, playables.tasks, { ...context, callerFor });
  const mode = modeOf(input, run);
  const users = await usersOf(input, run, callerFor);
  const judge = await (input.judge === undefined
    ? judgeFromSpec(run?.system.judge, callerFor)
    : judgeFor(input.judge, callerFor));
  const system = buildSystemSpec(built.agent.spec, { user: users?.spec, judge: judge?.spec, mode });
  const systemHash = hashSystemSpec(system);
  return {
    suite,
    agent: built.agent,
    tasks: built.tasks,
    sequences: playables.sequences,
    users,
    judge,
    mode,
    ...settings,
    ...modelsOf(context),
    sandbox: system.sandbox,
    system,
    systemHash,
    resume: resumeOf(stored, suite, { spec: system, hash: systemHash }),
    notes,
  };
}

/** What the run record keeps of the models (read once everything is built) and their refusal. */
function modelsOf(context: RunPlanContext): Pick<RunPlan, 'pricing' | 'requestLimits' | 'refusal'> {
  const models = context.models;
  return {
    pricing: models?.pricing?.(),
    requestLimits: models?.requestLimits?.(),
    refusal: () => models?.refusal?.(),
  };
}

/** The run's settings: a stored run's own, else the input's, else the defaults of `endstate run`. */
function settingsOf(
  input: RunPlanInput,
  run: RunRecord | undefined,
): Pick<RunPlan, 'trials' | 'seed' | 'concurrency' | 'maxReruns' | 'faults'> {
  if (run !== undefined) {
    return {
      trials: run.trials_per_task,
      seed: run.seed,
      concurrency: input.concurrency ?? run.concurrency,
      maxReruns: run.max_reruns,
      faults: run.faults,
    };
  }
  return {
    trials: input.trials ?? RANGES.trials.default,
    seed: input.seed ?? RANGES.seed.default,
    concurrency: input.concurrency ?? RANGES.concurrency.default,
    maxReruns: input.maxReruns ?? RANGES.maxReruns.default,
    faults: input.faults,
  };
}

/**
 * What the run plays: a stored run's own tasks, else those `tasks`
 * matches; a new run without a judge leaves out the tasks with a rubric
 * (said through `note`).
 */
function playablesOf(
  input: RunPlanInput,
  suite: Suite,
  run: RunRecord | undefined,
  note: (text: string) => void,
): Playables {
  if (run !== undefined) return selectPlayables(suite, { resumeTaskIds: run.suite.task_ids });
  const selected = selectPlayables(suite, input.tasks === undefined ? {} : { glob: input.tasks });
  if (input.judge !== undefined) return selected;
  return { ...selected, tasks: tasksWithoutJudge(selected.tasks, note) };
}

/** The simulated users: the input's, else a stored run's; undefined for the tasks' own scripts. */
async function usersOf(
  input: RunPlanInput,
  run: RunRecord | undefined,
  callerFor: CallerFactory,
): Promise<RunUsers | undefined> {
  const spec = input.user ?? run?.system.user;
  if (spec === undefined || spec.kind === 'scripted') return undefined;
  return createUsersFromSpec(spec, { callerFor });
}

/** The stored run and its trials to go on with, once the suite and the system are found to be its own. */
function resumeOf(
  stored: StoredRun | undefined,
  suite: Suite,
  system: { readonly spec: SystemSpec; readonly hash: string },
): RunPlan['resume'] {
  if (stored?.trials === undefined) return undefined;
  const refusal = resumeRefusal(stored.run, stored.trials, suite, system);
  if (refusal !== undefined) throw refusal;
  return { run: stored.run, trials: stored.trials };
}

const ORACLE: AgentSpecInput = { kind: 'oracle', options: {} };

/** Every bad field at once: numbers out of range, and settings a stored run keeps. */
function checkInput(input: RunPlanInput, run: RunRecord | undefined): void {
  const problems: Problem[] = [];
  for (const [field, range] of Object.entries(RANGES)) {
    const value = input[field as keyof typeof RANGES];
    const problem = value === undefined ? undefined : rangeProblem(range, value);
    if (problem !== undefined) problems.push({ message: problem, path: field });
  }
  if (run !== undefined) {
    for (const field of STORED_FIELDS) {
      if (input[field] === undefined) continue;
      problems.push({
        message: `${field}: run ${run.run_id} keeps its own; leave it out`,
        path: field,
      });
    }
  }
  if (problems.length === 0) return;
  throw new EndstateError('E_USAGE', 'the run plan input is not valid', {
    problems,
    hint: 'Trials, seed, concurrency and reruns are whole numbers in the ranges of "Bounds" in docs/cli.md; a resumed run keeps its tasks, trials, seed, reruns and faults.',
  });
}

/** The callers of the run's models; asked for one without `models`, a clear error. */
function callerOf(context: RunPlanContext): CallerFactory {
  const models = context.models;
  if (models !== undefined) return models.callerFor;
  return (ref) =>
    Promise.reject(
      new EndstateError(
        'E_USAGE',
        `the run calls ${ref.provider}:${ref.id}, and its plan has no context.models to reach it`,
        {
          hint: 'Pass context.models.callerFor (a model caller per model, e.g. createModelCaller).',
        },
      ),
    );
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

/**
 * The run's mode: the input's, else a stored run's own, else `dialogue`. A
 * no-user run has no simulated user, so a model playing the user is refused.
 */
function modeOf(input: RunPlanInput, run: RunRecord | undefined): DiagnosisMode {
  const mode = input.mode ?? run?.system.mode ?? 'dialogue';
  if (mode === 'no-user' && input.user?.kind === 'llm') {
    throw new EndstateError(
      'E_USAGE',
      'mode no-user plays without a simulated user, so user (a model) has nothing to play',
      { hint: 'Leave out user, or use mode dialogue or oracle-plan.' },
    );
  }
  return mode;
}

/**
 * The agent a spec describes, built through the registry, and the tasks it
 * can run: a replay agent runs only the tasks in its file, which is read
 * once and must name no task the suite lacks.
 */
async function buildAgent(
  spec: AgentSpecInput,
  suite: Suite,
  tasks: readonly Task[],
  context: AgentBuildContext,
): Promise<{ agent: Agent; tasks: readonly Task[] }> {
  const file = spec.kind === 'replay' ? spec.options['trajectory_file'] : undefined;
  const load = context.loadTrajectories;
  if (typeof file !== 'string' || load === undefined) {
    return { agent: await createAgentFromSpec(spec, context), tasks };
  }
  const trajectories = load(file);
  const known = new Set(suite.tasks.map((task) => task.id));
  const unknown = Object.keys(trajectories).filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new EndstateError(
      'E_TRAJECTORY_INVALID',
      `trajectory file ${file} names unknown task(s): ${unknown.join(', ')}`,
      { hint: `Suite ${suite.name} has: ${[...known].join(', ')}.` },
    );
  }
  const agent = await createAgentFromSpec(spec, {
    ...context,
    loadTrajectories: (path) => (path === file ? trajectories : load(path)),
  });
  return { agent, tasks: tasks.filter((task) => Object.hasOwn(trajectories, task.id)) };
}
