import type { SequenceFile } from '../schema/index.js';
import type { Task } from './task.js';

/** One episode of a loaded sequence: the task it plays, its session and the environment version. */
export interface SequenceEpisodeOf {
  /** 1-based. */
  readonly episode: number;
  /** `<sequence id>@<episode>`: the id its records carry as `task_id`. */
  readonly id: string;
  readonly task: Task;
  readonly session: 'new' | 'same';
  /** The environment version it runs on; null when the environment declares no versions. */
  readonly version: string | null;
}

/** A sequence as loaded from a suite: its file's content and its resolved episodes. */
export interface Sequence {
  readonly id: string;
  /** Path of the sequence file relative to the suite folder. */
  readonly file: string;
  readonly spec: SequenceFile;
  readonly episodes: readonly SequenceEpisodeOf[];
}

/** The id an episode's records carry: `<sequence id>@<episode>` (1-based). */
export function episodeId(sequenceId: string, episode: number): string {
  return `${sequenceId}@${episode}`;
}
