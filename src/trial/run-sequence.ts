import type { Agent } from '../agent/index.js';
import { createAgentMemory } from '../agent/index.js';
import { deriveSeed } from '../core/index.js';
import { environmentAt, upsertRecords } from '../environment/index.js';
import type { Environment } from '../environment/index.js';
import type { JudgeCaller, RecordSequence, TrialIdentity, TrialRecord } from '../schema/index.js';
import { freezeState } from '../state/index.js';
import type { FrozenState, StateSnapshot } from '../state/index.js';
import type { Sequence, SequenceEpisodeOf, Task } from '../task/index.js';
import type { UserFactory } from '../user/index.js';
import { runTrialKeepingState } from './run-trial.js';
import type { RunFaults } from './run-trial.js';
import { createSessionChain } from './session-chain.js';

export interface SequenceAttemptInput {
  readonly sequence: Sequence;
  readonly environment: Environment;
  readonly agent: Agent;
  /** The run's seed: each episode's seed derives from it, the episode's id, the attempt and the rerun. */
  readonly runSeed: number;
  /** 1..k. */
  readonly attempt: number;
  readonly rerun: number;
  readonly runId: string;
  readonly suiteHash: string;
  readonly systemHash: string;
  readonly users?: UserFactory | undefined;
  readonly runFaults?: RunFaults | undefined;
  /** The run's judge model, made for each episode (its calls are recorded under the episode). */
  readonly judge?: ((trial: TrialIdentity) => JudgeCaller) | undefined;
}

/**
 * One attempt of a sequence: its episodes played in order in one trial.
 * Episode 1 starts from its task's s0; each later one from the state the
 * previous left (with the records its environment version upserts). Each
 * episode is graded on its own s0 → sT by the usual graders, with its own
 * events, budgets and terminal reason. The agent keeps `session.memory`
 * across the attempt; a `session: same` episode continues the previous
 * conversation when that conversation was handed over by the user's stop.
 * An invalid episode (an environment, provider or grader failure) ends
 * the attempt: its record is the last one returned.
 */
export async function runSequenceAttempt(input: SequenceAttemptInput): Promise<TrialRecord[]> {
  const { sequence, environment } = input;
  const chain = createSessionChain(input.agent, createAgentMemory());
  const records: TrialRecord[] = [];
  let carried: StateSnapshot | undefined;
  let previousVersion = environment.version;
  try {
    for (const [index, episode] of sequence.episodes.entries()) {
      const version = episode.version ?? environment.version;
      const task = episodeTask(sequence, episode, {
        initialState: startingState(environment, episode.task, carried, previousVersion, version),
      });
      chain.prepare({
        wantsSame: episode.session === 'same',
        // An agent given one episode's reference cannot follow the conversation into the next.
        continues: !input.agent.readsReference && sequence.episodes[index + 1]?.session === 'same',
      });
      const seed = deriveSeed(input.runSeed, episode.id, input.attempt, input.rerun);
      const { record, finalState } = await runTrialKeepingState({
        task,
        environment: environmentAt(environment, version),
        agent: input.agent,
        seed,
        attempt: input.attempt,
        rerun: input.rerun,
        runId: input.runId,
        suiteHash: input.suiteHash,
        systemHash: input.systemHash,
        users: input.users,
        runFaults: input.runFaults,
        judge: input.judge?.({
          task_id: episode.id,
          attempt: input.attempt,
          rerun: input.rerun,
          seed,
        }),
        link: chain,
      });
      const field: RecordSequence = {
        id: sequence.id,
        episode: episode.episode,
        task: episode.task.id,
        session: chain.continued ? 'same' : 'new',
        version: episode.version,
      };
      records.push({ ...record, sequence: field });
      if (!record.valid) break;
      await chain.settle(true);
      carried = finalState();
      previousVersion = version;
    }
  } finally {
    await chain.settle(false);
  }
  return records;
}

/** The episode's task as its trial plays it: the episode's id, the carried s0, the sequence's labels. */
function episodeTask(
  sequence: Sequence,
  episode: SequenceEpisodeOf,
  parts: { readonly initialState: FrozenState },
): Task {
  const { task } = episode;
  return {
    ...task,
    id: episode.id,
    spec: { ...task.spec, labels: { ...sequence.spec.labels, ...task.spec.labels } },
    initialState: parts.initialState,
  };
}

/**
 * Where an episode starts: the first from its task's s0, later ones from
 * the state the previous episode left; moving to another version (the
 * base excepted) upserts that version's records.
 */
function startingState(
  environment: Environment,
  task: Task,
  carried: StateSnapshot | undefined,
  previousVersion: string,
  version: string,
): FrozenState {
  const upserts =
    version === previousVersion ? undefined : environment.versions?.get(version)?.fixture;
  const changes = upserts !== undefined && upserts.recordCount > 0;
  if (carried === undefined && !changes) return task.initialState;
  const start = carried ?? task.initialState.snapshot;
  return freezeState(changes ? upsertRecords(start, upserts.snapshot) : start);
}
