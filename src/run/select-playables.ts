import picomatch from 'picomatch';
import { EndstateError } from '../core/index.js';
import { standaloneTasks } from '../task/index.js';
import type { Sequence, Suite, Task } from '../task/index.js';

/** What a run plays: tasks on their own, and whole sequences. */
export interface Playables {
  readonly tasks: readonly Task[];
  readonly sequences: readonly Sequence[];
}

/**
 * The tasks and sequences a run plays: a resumed run's own (its task ids,
 * episodes as `<sequence>@<episode>`), or those `--tasks GLOB` matches (a
 * sequence is played whole when the glob matches its id or one of its
 * episode ids), or all of them. Tasks a sequence names play only inside it.
 */
export function selectPlayables(
  suite: Suite,
  selection: { readonly resumeTaskIds?: readonly string[]; readonly glob?: string },
): Playables {
  const sequences = suite.sequences ?? [];
  const alone = standaloneTasks(suite.tasks, sequences);
  if (selection.resumeTaskIds !== undefined) {
    const ids = new Set(selection.resumeTaskIds);
    const byId = new Map(alone.map((task) => [task.id, task]));
    return {
      tasks: selection.resumeTaskIds.flatMap((id) => byId.get(id) ?? []),
      sequences: sequences.filter((sequence) =>
        sequence.episodes.some((episode) => ids.has(episode.id)),
      ),
    };
  }
  if (selection.glob === undefined) return { tasks: alone, sequences };
  const matches = picomatch(selection.glob);
  const selected = {
    tasks: alone.filter((task) => matches(task.id)),
    sequences: sequences.filter(
      (sequence) =>
        matches(sequence.id) || sequence.episodes.some((episode) => matches(episode.id)),
    ),
  };
  if (selected.tasks.length === 0 && selected.sequences.length === 0) {
    if (sequences.length === 0) {
      throw new EndstateError(
        'E_USAGE',
        `no task of suite ${suite.name} matches --tasks ${selection.glob}`,
        { hint: `Task ids: ${suite.tasks.map((task) => task.id).join(', ')}.` },
      );
    }
    const ids = [...alone.map((task) => task.id), ...sequences.map((sequence) => sequence.id)];
    throw new EndstateError(
      'E_USAGE',
      `no task or sequence of suite ${suite.name} matches --tasks ${selection.glob}`,
      { hint: `Task and sequence ids: ${ids.join(', ')}.` },
    );
  }
  return selected;
}
