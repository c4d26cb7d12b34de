import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { TrajectoryFileSchema } from '../schema/index.js';
import type { TrajectoryFile } from '../schema/index.js';
import { parseYamlSource, readInputFileOrThrow, zodProblems } from '../task/index.js';

/** Reads a replay trajectory file: `{ "<task id>": [ {tool, args} | {say} ... ] }`. */
export function loadTrajectories(path: string, cwd: string): TrajectoryFile {
  const file = resolve(cwd, path);
  if (!existsSync(file)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `trajectory file ${path} does not exist`, {
      hint: 'Pass --trajectory FILE with a JSON object mapping task id to a list of steps.',
    });
  }
  const bytes = readInputFileOrThrow(file, {
    file: path,
    what: 'trajectory file',
    code: 'E_TRAJECTORY_INVALID',
    fix: 'split it into several files and replay the tasks of each with --tasks',
  });
  const source = parseYamlSource(bytes, path);
  if (source.problems.length > 0) {
    throw new EndstateError('E_TRAJECTORY_INVALID', `trajectory file ${path} does not parse`, {
      problems: source.problems,
    });
  }
  const parsed = TrajectoryFileSchema.safeParse(source.value);
  if (!parsed.success) {
    throw new EndstateError('E_TRAJECTORY_INVALID', `trajectory file ${path} is not valid`, {
      problems: zodProblems(parsed.error.issues, source, TrajectoryFileSchema),
      hint: 'Each task id maps to a list of steps: {"tool": NAME, "args": {...}} or {"say": TEXT}.',
    });
  }
  // Without a prototype, a task id such as "constructor" finds no steps rather than a function.
  return Object.assign(Object.create(null) as TrajectoryFile, parsed.data);
}
