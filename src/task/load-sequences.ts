import { join } from 'node:path';
import type { Problem } from '../core/index.js';
import type { Environment } from '../environment/index.js';
import { SequenceFileSchema } from '../schema/index.js';
import type { SequenceFile } from '../schema/index.js';
import { episodeId } from './sequence.js';
import type { Sequence, SequenceEpisodeOf } from './sequence.js';
import type { Task } from './task.js';
import { parseSchemaFile } from './parse-schema-file.js';
import { readInputFile } from './read-input-file.js';
import type { ParsedSchemaFile } from './parse-schema-file.js';

/** What makes a suite file a sequence file. */
export const SEQUENCE_FILE = /^sequences\/.+\.(ya?ml|json)$/;

export type ParsedSequenceFile = ParsedSchemaFile<SequenceFile>;

/** Parses and schema-checks one sequence file (YAML or JSON), listing every problem at once. */
export function parseSequenceFile(text: string | Uint8Array, file: string): ParsedSequenceFile {
  return parseSchemaFile(
    text,
    file,
    SequenceFileSchema,
    'a sequence file must hold one mapping (id, episodes)',
  );
}

/**
 * Loads the suite's `sequences/*` files and resolves their episodes against
 * its tasks and the environment's versions; every problem names its file,
 * line and field.
 */
export function loadSequences(
  root: string,
  files: readonly string[],
  tasks: readonly Task[],
  environment: Environment,
): { sequences: Sequence[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const sequences: Sequence[] = [];
  const taskById = new Map(tasks.map((task) => [task.id, task]));
  const firstFileOfId = new Map<string, string>();
  for (const file of files) {
    const read = readInputFile(join(root, file), {
      file,
      fix: 'split the sequence into shorter ones, each in its own file',
    });
    if (read.type === 'too-large') {
      problems.push(read.problem);
      continue;
    }
    const parsed = parseSequenceFile(read.bytes, file);
    if (!parsed.ok) {
      problems.push(...parsed.problems);
      continue;
    }
    const { spec, source } = parsed;
    const at = (path: readonly PropertyKey[], field: string, message: string): Problem => {
      const position = source.locate(path);
      return {
        file,
        ...(position === undefined ? {} : { line: position.line, column: position.column }),
        path: field,
        message,
      };
    };
    const found: Problem[] = [];
    const earlier = firstFileOfId.get(spec.id);
    if (earlier !== undefined)
      found.push(at(['id'], 'id', `sequence id "${spec.id}" is also used by ${earlier}`));
    else firstFileOfId.set(spec.id, file);
    if (taskById.has(spec.id))
      found.push(
        at(
          ['id'],
          'id',
          `sequence id "${spec.id}" is also a task id: give the sequence its own id`,
        ),
      );
    const episodes = resolveEpisodes(spec, environment, taskById, at, found);
    problems.push(...found);
    if (found.length === 0) sequences.push({ id: spec.id, file, spec, episodes });
  }
  return { sequences, problems };
}

function resolveEpisodes(
  spec: SequenceFile,
  environment: Environment,
  taskById: ReadonlyMap<string, Task>,
  at: (path: readonly PropertyKey[], field: string, message: string) => Problem,
  problems: Problem[],
): SequenceEpisodeOf[] {
  const versioned = (environment.versions?.size ?? 0) > 0;
  const known = [environment.version, ...(environment.versions?.keys() ?? [])];
  const episodes: SequenceEpisodeOf[] = [];
  let version: string | null = versioned ? environment.version : null;
  for (const [index, declared] of spec.episodes.entries()) {
    const field = `episodes[${index}]`;
    const task = taskById.get(declared.task);
    if (task === undefined) {
      problems.push(
        at(
          ['episodes', index, 'task'],
          `${field}.task`,
          `no task has id "${declared.task}" (task ids: ${[...taskById.keys()].join(', ')})`,
        ),
      );
    }
    if (index === 0 && declared.session === 'same') {
      problems.push(
        at(
          ['episodes', index, 'session'],
          `${field}.session`,
          'the first episode has no conversation to continue: leave session out or write new',
        ),
      );
    }
    if (declared.version !== undefined) {
      if (!known.includes(declared.version)) {
        problems.push(
          at(
            ['episodes', index, 'version'],
            `${field}.version`,
            versioned
              ? `environment "${environment.name}" has no version "${declared.version}" (versions: ${known.join(', ')})`
              : `environment "${environment.name}" declares no versions: add them to defineEnvironment({ versions }) or leave version out`,
          ),
        );
      } else version = declared.version;
    }
    if (task !== undefined)
      episodes.push({
        episode: index + 1,
        id: episodeId(spec.id, index + 1),
        task,
        session: declared.session,
        version,
      });
  }
  return episodes;
}

/** The tasks no sequence names: the ones a run plays on their own. */
export function standaloneTasks(
  tasks: readonly Task[],
  sequences: readonly Sequence[],
): readonly Task[] {
  const inSequences = new Set(
    sequences.flatMap((sequence) => sequence.episodes.map((episode) => episode.task.id)),
  );
  return inSequences.size === 0 ? tasks : tasks.filter((task) => !inSequences.has(task.id));
}
