import { yieldToEventLoop } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import type { Sequence } from '../task/index.js';
import { runSequenceAttempt } from '../trial/index.js';
import type { AttemptInput } from './run-attempt.js';

export interface SequenceAttemptJob extends Omit<AttemptInput, 'task' | 'onTrial'> {
  readonly sequence: Sequence;
  /**
   * Called with every record of one try, all at once, so a kill leaves
   * either the whole try stored or none of it; `willRerun` when the try
   * was invalid and another follows.
   */
  readonly onTrials: (records: readonly TrialRecord[], willRerun: boolean) => void;
}

/**
 * One of a sequence's k attempts: all its episodes, played again from
 * episode 1 (rerun + 1) when an episode was invalid, up to the run's rerun
 * limit. A try that is rerun keeps only its invalid episode's record (the
 * episodes before it are played again); the last try keeps every record.
 */
export async function runSequenceJob(input: SequenceAttemptJob): Promise<void> {
  const { sequence, attempt, run } = input;
  for (let rerun = input.firstRerun ?? 0; rerun <= run.max_reruns; rerun++) {
    await yieldToEventLoop();
    const stop = input.shouldStop?.();
    if (stop !== undefined) throw stop;
    const records = await runSequenceAttempt({
      sequence,
      environment: input.environment,
      agent: input.agent,
      runSeed: run.seed,
      attempt,
      rerun,
      runId: run.run_id,
      suiteHash: input.suiteHash,
      systemHash: run.system_hash,
      users: input.users,
      runFaults: input.runFaults,
      judge: input.judge,
    });
    const invalid = records.find((record) => !record.valid);
    const stopped = input.shouldStop?.();
    const isEndedByStop =
      invalid !== undefined ||
      records.some((record) => record.terminal_reason === 'harness_incompatibility');
    if (stopped !== undefined && isEndedByStop) throw stopped;
    const willRerun = invalid !== undefined && rerun < run.max_reruns;
    if (!willRerun) {
      input.onTrials(records, false);
      return;
    }
    const replayed = records.length - 1;
    input.onTrials(
      [
        replayed === 0
          ? invalid
          : {
              ...invalid,
              events: [
                ...invalid.events,
                {
                  t_ms: invalid.events.at(-1)?.t_ms ?? 0,
                  kind: 'note',
                  text: `sequence ${sequence.id}, attempt ${attempt}: this episode was invalid, so the attempt is played again from episode 1 (the record${replayed === 1 ? '' : 's'} of the ${replayed} episode${replayed === 1 ? '' : 's'} before it ${replayed === 1 ? 'is' : 'are'} not kept)`,
                },
              ],
            },
      ],
      true,
    );
  }
}
