import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { EndstateError, hashJson, isJsonObject } from '../core/index.js';
import type { Problem } from '../core/index.js';
import type { Environment } from '../environment/index.js';
import { freezeState } from '../state/index.js';
import type { FrozenState, StateSnapshot } from '../state/index.js';
import { checkMustNotSay } from './check-must-not-say.js';
import { checkTaskReferences } from './check-task-references.js';
import { findOutsideFiles, isInside } from './find-outside-files.js';
import { hashSuiteFiles, listSuiteFiles } from './hash-suite.js';
import { createEnvironmentImporter, importEnvironment } from './import-environment.js';
import type { ModuleImporter } from './import-environment.js';
import { parseTaskFile } from './parse-task-file.js';
import { readInputFile } from './read-input-file.js';
import { checkSuiteLock } from './suite-lock.js';
import type { SuiteLockStatus } from './suite-lock.js';
import type { Task } from './task.js';
import { SEQUENCE_FILE, loadSequences } from './load-sequences.js';
import type { Sequence } from './sequence.js';
import { prepareInitialStates } from './prepare-initial-states.js';
import { defaultTaskCache, openTaskCache, taskCacheContext } from './task-cache.js';
import type { CheckedTaskFile, TaskCache } from './task-cache.js';
import { parseYamlSource } from './yaml-source.js';
import type { YamlSource } from './yaml-source.js';
import type { TaskFile } from '../schema/index.js';

/** A folder of tasks with their environment, identified by a content hash. */
export interface Suite {
  readonly name: string;
  /** Absolute path of the suite folder. */
  readonly path: string;
  readonly hash: string;
  readonly environment: Environment;
  /** Every task of the suite, those its sequences play included (see `standaloneTasks`). */
  readonly tasks: readonly Task[];
  /**
   * The suite's sequences (`sequences/*.yaml`): episodes played in one
   * trial, the state carried from one to the next. A task a sequence names
   * is played only inside its sequences. Absent (none) in suites built by hand.
   */
  readonly sequences?: readonly Sequence[];
  /** How the suite stands against its lock file (`endstate.lock.json`), when it was checked. */
  readonly lock?: SuiteLockStatus;
  /**
   * Files outside the folder that the environment module reaches (relative
   * to the folder, e.g. `../shared/orders.json`): the hash covers them too.
   */
  readonly outsideFiles?: readonly string[];
}

export interface LoadSuiteOptions {
  /**
   * How to import the environment module; by default TypeScript is compiled
   * to one ES module (cached by content in `environmentCache`) and imported.
   */
  readonly importModule?: ModuleImporter;
  /** Folder for compiled environment modules; default: a private folder under the system's temp folder. */
  readonly environmentCache?: string;
  /**
   * Folder for parsed and checked task files, so that loading an unchanged
   * suite again skips parsing and checking (a suite with problems is never
   * kept); `false` parses and checks every file. Default: a private folder
   * beside the compiled environments.
   */
  readonly taskCache?: string | false;
  /**
   * `enforce` (default): a locked suite whose task changed without a
   * revision bump is refused (`E_SUITE_LOCKED`); `ignore`: the lock file is
   * not read.
   */
  readonly lock?: 'enforce' | 'ignore';
  /** How messages name the suite folder (the CLI passes what the user typed); default: `path`. */
  readonly displayPath?: string;
}

const TASK_FILE = /^tasks\/.+\.(ya?ml|json)$/;

const TASK_FILE_FIX =
  'split it into smaller tasks, or move bulk data into the environment (environment.ts may load data of any size)';
const FIXTURE_FILE_FIX =
  "give the environment the large state (environment.ts may load data of any size) and keep a task's fixture small";

/**
 * Loads a suite folder: `environment.ts` (or .mts, .js, .mjs) exporting an environment,
 * `tasks/*.yaml|yml|json` and optionally `sequences/*.yaml|yml|json`. Every problem in every file is reported at
 * once, with file, line and field. A locked suite (`endstate.lock.json`)
 * is refused when a task changed without a revision bump.
 *
 * @example
 * const suite = await loadSuite('examples/support');
 * console.log(suite.tasks.length, suite.hash);
 */
export async function loadSuite(path: string, options: LoadSuiteOptions = {}): Promise<Suite> {
  const root = resolve(path);
  const shown = options.displayPath ?? path;
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new EndstateError('E_FILE_NOT_FOUND', `suite folder ${shown} does not exist`, {
      hint: 'Pass the folder that holds environment.ts and tasks/. To start one, run `endstate init` (writes evals/); `endstate examples` copies the bundled suites to endstate-examples/.',
    });
  }
  const { environment, file: environmentFile } = await importEnvironment(
    root,
    options.importModule ?? createEnvironmentImporter(options.environmentCache),
  );
  const suiteFiles = listSuiteFiles(root);
  const files = suiteFiles.filter((file) => TASK_FILE.test(file));
  if (files.length === 0) {
    throw new EndstateError('E_SUITE_INVALID', `suite ${shown} has no task files`, {
      hint: 'Put tasks in tasks/*.yaml (or .yml, .json) inside the suite folder.',
    });
  }

  const outside = findOutsideFiles(root, join(root, environmentFile));
  const hashes = hashSuiteFiles(root, outside);
  const cache =
    options.taskCache === false
      ? undefined
      : openTaskCache(root, {
          directory: options.taskCache ?? defaultTaskCache(),
          context: taskCacheContext(
            environment,
            hashes.filter(([file]) => !TASK_FILE.test(file)),
          ),
        });
  const sha256Of = new Map(hashes);
  let checked = checkTaskFiles(root, files, environment, {
    sha256Of: (file) => sha256Of.get(file)!,
    cached: cache,
  });
  // Problems are reported as a fresh load reports them, from every file parsed again.
  if (checked.problems.length > 0 && cache !== undefined) {
    checked = checkTaskFiles(root, files, environment, { sha256Of: (file) => sha256Of.get(file)! });
  }
  const initialised = await prepareInitialStates(checked.tasks, environment);
  const { tasks } = initialised;
  const loaded = loadSequences(
    root,
    suiteFiles.filter((file) => SEQUENCE_FILE.test(file)),
    tasks,
    environment,
  );
  const problems = [...checked.problems, ...initialised.problems, ...loaded.problems];
  if (problems.length > 0) {
    throw new EndstateError(
      'E_SUITE_INVALID',
      `suite ${shown} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:`,
      { problems, hint: problemsHint(problems) },
    );
  }
  cache?.save(checked.checked);
  const suite = {
    name: basename(root),
    path: root,
    hash: hashJson(hashes),
    environment,
    tasks,
    sequences: loaded.sequences,
    ...(outside.length === 0
      ? {}
      : { outsideFiles: outside.map((file) => relative(realpathSync(root), file)) }),
  };
  if (options.lock === 'ignore') return suite;
  return { ...suite, lock: checkSuiteLock(suite, { displayPath: shown }) };
}

/** The hint below a suite's problems: it speaks of fields only when a problem names one. */
function problemsHint(problems: readonly Problem[]): string {
  return problems.some((problem) => problem.path !== undefined && problem.path !== '')
    ? 'Fix the fields named above; docs/task-format.md describes every field.'
    : 'Fix the lines named above; docs/task-format.md describes the file format.';
}

/**
 * Parses and checks every task file, or takes its checked spec from the
 * cache when the cache holds it for the file's bytes. Fixtures are loaded
 * either way; ids must be unique across files.
 */
function checkTaskFiles(
  root: string,
  files: readonly string[],
  environment: Environment,
  options: {
    readonly sha256Of: (file: string) => string;
    readonly cached?: TaskCache | undefined;
  },
): { problems: Problem[]; tasks: Task[]; checked: CheckedTaskFile[] } {
  const problems: Problem[] = [];
  const tasks: Task[] = [];
  const checked: CheckedTaskFile[] = [];
  const firstFileOfId = new Map<string, string>();
  const fixtures = new Map<string, FrozenState | undefined>();
  for (const file of files) {
    const sha256 = options.sha256Of(file);
    const fromCache = options.cached?.get(file, sha256);
    let spec: TaskFile;
    let source: YamlSource | undefined;
    if (fromCache !== undefined) {
      spec = fromCache;
    } else {
      const read = readInputFile(join(root, file), { file, fix: TASK_FILE_FIX });
      if (read.type === 'too-large') {
        problems.push(read.problem);
        continue;
      }
      const parsed = parseTaskFile(read.bytes, file);
      if (!parsed.ok) {
        problems.push(...parsed.problems);
        continue;
      }
      ({ spec, source } = parsed);
    }
    // A cached spec passed these checks against this environment: only a new one needs them.
    const taskProblems = source === undefined ? [] : checkTaskReferences(spec, source, environment);
    const earlier = firstFileOfId.get(spec.id);
    if (earlier !== undefined) {
      taskProblems.push({
        file,
        path: 'id',
        message: `task id "${spec.id}" is also used by ${earlier}`,
      });
    } else {
      firstFileOfId.set(spec.id, file);
    }
    let initialState = environment.fixture;
    if (spec.fixture !== undefined) {
      if (!fixtures.has(spec.fixture))
        fixtures.set(spec.fixture, loadFixture(root, spec.fixture, problems));
      const fixture = fixtures.get(spec.fixture);
      if (fixture === undefined) {
        const location = source?.locate(['fixture']);
        taskProblems.push({
          file,
          ...(location !== undefined ? { line: location.line } : {}),
          path: 'fixture',
          message: `fixture ${spec.fixture} could not be loaded (see above)`,
        });
      } else {
        initialState = fixture;
      }
    }
    if (
      source !== undefined &&
      (spec.fixture === undefined || fixtures.get(spec.fixture) !== undefined)
    )
      taskProblems.push(...checkMustNotSay(spec, source, initialState.snapshot));
    problems.push(...taskProblems);
    if (taskProblems.length === 0) {
      tasks.push({ id: spec.id, file, spec, initialState });
      checked.push({ file, sha256, spec });
    }
  }
  return { problems, tasks, checked };
}

function loadFixture(root: string, file: string, problems: Problem[]): FrozenState | undefined {
  const path = join(root, file);
  // A fixture outside the folder would change the task without changing the suite hash.
  if (!isInside(root, path) || !isInside(realpathSync(root), realPath(path))) {
    problems.push({
      file,
      message:
        'fixture file is outside the suite folder: move it into the folder (paths are relative to it), so the suite hash covers it',
    });
    return undefined;
  }
  if (!existsSync(path)) {
    problems.push({
      file,
      message: 'fixture file does not exist (paths are relative to the suite folder)',
    });
    return undefined;
  }
  let bytes: Buffer;
  try {
    const read = readInputFile(path, { file, fix: FIXTURE_FILE_FIX });
    if (read.type === 'too-large') {
      problems.push(read.problem);
      return undefined;
    }
    bytes = read.bytes;
  } catch (error) {
    // A folder (an empty path names the suite folder itself) or an unreadable file.
    problems.push({ file, message: `fixture file cannot be read: ${(error as Error).message}` });
    return undefined;
  }
  const source = parseYamlSource(bytes, file);
  problems.push(...source.problems);
  if (source.problems.length > 0) return undefined;
  const value = source.value;
  const malformed =
    !isJsonObject(value) ||
    Object.values(value).some(
      (records) =>
        !isJsonObject(records) || Object.values(records).some((record) => !isJsonObject(record)),
    );
  if (malformed) {
    problems.push({
      file,
      line: 1,
      message: 'a fixture must map collection → id → record (an object)',
    });
    return undefined;
  }
  return freezeState(value as StateSnapshot);
}

/** Where a path leads once links are followed; itself when it does not exist yet. */
function realPath(path: string): string {
  return existsSync(path) ? realpathSync(path) : path;
}
