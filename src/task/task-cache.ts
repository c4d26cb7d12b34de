import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HARNESS_VERSION, findNonJsonValue, hashJson, sha256Hex } from '../core/index.js';
import { describeTool } from '../environment/index.js';
import type { Environment } from '../environment/index.js';
import type { TaskFile } from '../schema/index.js';
import { defaultCacheRoot, usableCacheFolder, writeAtomically } from './cache-folder.js';

/** Bumped when what an entry holds changes, so older entries are never read. */
const CACHE_FORMAT = 1;

/** The folders of endstate whose code decides what a task file parses and checks to. */
const CHECKING_CODE = ['core', 'schema', 'task'] as const;

/** A task file that loaded without problems: the hash of its bytes and its checked spec. */
export interface CheckedTaskFile {
  /** Relative to the suite folder, as `Task.file`. */
  readonly file: string;
  readonly sha256: string;
  readonly spec: TaskFile;
}

/** What one entry holds: the checked task files of one suite folder, in one context. */
interface CacheEntry {
  readonly format: number;
  readonly root: string;
  readonly context: string;
  readonly tasks: Readonly<Record<string, { readonly sha256: string; readonly spec: TaskFile }>>;
}

/**
 * Parsed and checked task files of one suite, kept between runs so that a
 * second load of an unchanged suite skips YAML parsing, schema validation
 * and the checks against the environment.
 */
export interface TaskCache {
  /** The checked spec of `file` when the cache holds it for exactly these bytes (their sha256). */
  get(file: string, sha256: string): TaskFile | undefined;
  /** Keeps the suite's checked task files (written only when they differ from what was read). */
  save(tasks: readonly CheckedTaskFile[]): void;
}

/** The default folder of checked suites, beside the compiled environments: e.g. /tmp/endstate-1000/suites. */
export function defaultTaskCache(): string {
  return join(defaultCacheRoot(), 'suites');
}

/**
 * Everything besides a task file's own bytes that decides what it checks
 * to: endstate's version and the code that parses and checks tasks (size
 * and modification time of each module, so a rebuilt endstate checks
 * again), the environment (name, version, s0's hash, the tools as the agent
 * sees them, which tools declare a scope), and the hash of every other file
 * of the suite (the environment's code, fixtures, data).
 */
export function taskCacheContext(
  environment: Environment,
  otherFiles: readonly (readonly [path: string, sha256: string])[],
): string {
  return hashJson({
    format: CACHE_FORMAT,
    version: HARNESS_VERSION,
    code: checkingCode(),
    environment: {
      name: environment.name,
      version: environment.version,
      fixture: environment.fixture.hash,
      tools: environment.descriptors,
      scoped: [...environment.tools.values()]
        .filter((tool) => tool.scope !== undefined)
        .map((tool) => tool.name),
      // Only an environment with a user side adds these, so other caches stay valid.
      ...(environment.user === undefined && environment.setup === undefined
        ? {}
        : {
            user_tools: environment.user?.descriptors ?? [],
            // With their input schemas: a task's init is checked against them.
            init_tools: [
              ...(environment.user?.setup.values() ?? []),
              ...(environment.setup?.values() ?? []),
            ].map(describeTool),
          }),
    },
    files: otherFiles,
  });
}

/**
 * Opens the cache entry of the suite folder `root` in `directory` (made
 * private to this user; see usableCacheFolder). An entry from another
 * context, of another format, or whose contents do not match the checksum
 * written with them (a torn or edited file) is ignored and rewritten on
 * save. Only suites without problems are saved, so errors are never served
 * from the cache.
 */
export function openTaskCache(
  root: string,
  options: { readonly directory: string; readonly context: string },
): TaskCache {
  const realRoot = realpathSync(root);
  const directory = usableCacheFolder(options.directory);
  const path = join(directory, `${sha256Hex(realRoot).slice(0, 32)}.json`);
  const read = readEntry(path);
  const stored =
    read !== undefined && read.root === realRoot && read.context === options.context
      ? read.tasks
      : {};
  return {
    get(file, sha256) {
      const task = Object.hasOwn(stored, file) ? stored[file] : undefined;
      return task !== undefined && task.sha256 === sha256 ? task.spec : undefined;
    },
    save(tasks) {
      const same =
        tasks.length === Object.keys(stored).length &&
        tasks.every(
          (task) => Object.hasOwn(stored, task.file) && stored[task.file]!.sha256 === task.sha256,
        );
      // A spec with no JSON form would not read back as it is: such a suite is checked every time.
      if (same || tasks.some((task) => findNonJsonValue(task.spec) !== undefined)) return;
      const entry: CacheEntry = {
        format: CACHE_FORMAT,
        root: realRoot,
        context: options.context,
        tasks: Object.fromEntries(
          tasks.map((task) => [task.file, { sha256: task.sha256, spec: task.spec }]),
        ),
      };
      const body = JSON.stringify(entry);
      writeAtomically(
        path,
        `${JSON.stringify({ sha256: sha256Hex(body), root: realRoot })}\n${body}`,
      );
      dropEntriesOfRemovedSuites(directory);
    },
  };
}

/** The entry at `path`: its first line holds the checksum of the rest. */
function readEntry(path: string): CacheEntry | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const text = readFileSync(path, 'utf8');
    const newline = text.indexOf('\n');
    if (newline < 0) return undefined;
    const header = JSON.parse(text.slice(0, newline)) as { sha256?: unknown };
    const body = text.slice(newline + 1);
    if (header.sha256 !== sha256Hex(body)) return undefined;
    const entry = JSON.parse(body) as CacheEntry;
    return entry.format === CACHE_FORMAT ? entry : undefined;
  } catch {
    // A torn or foreign file is a miss: the suite is checked again and the entry rewritten.
    return undefined;
  }
}

/**
 * Deletes the entries of suite folders that no longer exist (a suite
 * copied to a temporary folder, say), so the cache does not grow with
 * every folder ever loaded. Each entry's first line names its folder.
 */
function dropEntriesOfRemovedSuites(directory: string): void {
  for (const name of readdirSync(directory)) {
    if (!/^[0-9a-f]{32}\.json$/.test(name)) continue;
    const root = rootOf(join(directory, name));
    if (root !== undefined && !existsSync(root)) rmSync(join(directory, name), { force: true });
  }
}

/** The suite folder named on an entry's first line, when it can be read. */
function rootOf(path: string): string | undefined {
  const buffer = Buffer.alloc(4096);
  let length: number;
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch (error) {
    // Replaced or deleted since the folder was listed: nothing to drop.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    length = readSync(descriptor, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(descriptor);
  }
  const line = buffer.toString('utf8', 0, length).split('\n')[0]!;
  try {
    const root = (JSON.parse(line) as { root?: unknown }).root;
    return typeof root === 'string' ? root : undefined;
  } catch {
    // A header cut off or torn: the entry is left for the load of its own suite to rewrite.
    return undefined;
  }
}

/** Size and modification time of every module in CHECKING_CODE (tests left out). */
function checkingCode(): string {
  const base = fileURLToPath(new URL('..', import.meta.url));
  return hashJson(
    CHECKING_CODE.flatMap((folder) =>
      readdirSync(join(base, folder))
        .filter((name) => /\.[jt]s$/.test(name) && !/\.(test|d)\.ts$/.test(name))
        .sort()
        .map((name) => {
          const stat = statSync(join(base, folder, name));
          return [`${folder}/${name}`, stat.size, stat.mtimeMs];
        }),
    ),
  );
}
