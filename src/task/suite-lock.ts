import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EndstateError,
  MAX_INPUT_FILE_BYTES,
  describeBytes,
  hashJson,
  isJsonObject,
} from '../core/index.js';
import type { Problem } from '../core/index.js';
import { SUITE_LOCK_VERSION, SuiteLockSchema } from '../schema/index.js';
import type { LockedTask, SuiteLock } from '../schema/index.js';
import type { Task } from './task.js';
import { readInputFileOrThrow } from './read-input-file.js';
import { parseYamlSource } from './yaml-source.js';
import { zodProblems } from './zod-problems.js';

/** The lock file's name inside the suite folder. It never counts in the suite hash. */
export const SUITE_LOCK_FILE = 'endstate.lock.json';

/**
 * Fields that cannot change a trial or its grade: prose, reporting slices,
 * and the revision itself (recorded beside the hash, never in it).
 */
const UNHASHED_FIELDS: ReadonlySet<string> = new Set(['revision', 'description', 'labels']);

/** What the lock compares of one task, as the suite holds it now. */
export interface TaskFingerprint {
  readonly id: string;
  /** The task file, relative to the suite folder. */
  readonly file: string;
  readonly revision: number;
  readonly hash: string;
  readonly s0Hash: string;
  /** The task's `fixture:` file, when it replaces the environment's s0. */
  readonly fixture?: string;
  /** Line of `revision:` in the task file, so messages point at what to edit. */
  readonly revisionLine?: number;
}

/** A difference from the lock that refuses a run: the revision no longer says what the task is. */
export type RefusedDrift =
  | { readonly type: 'changed'; readonly task: TaskFingerprint; readonly part: 'file' | 's0' }
  | { readonly type: 'lowered'; readonly task: TaskFingerprint; readonly lockedRevision: number };

/** A difference a run accepts, though the lock is stale until `endstate lock` records it. */
export type AcceptedDrift =
  | { readonly type: 'bumped'; readonly task: TaskFingerprint; readonly lockedRevision: number }
  | { readonly type: 'added'; readonly task: TaskFingerprint }
  | { readonly type: 'removed'; readonly id: string; readonly lockedRevision: number };

export interface LockComparison {
  readonly refused: readonly RefusedDrift[];
  readonly accepted: readonly AcceptedDrift[];
}

/** How a loaded suite stands against its lock file. */
export type SuiteLockStatus =
  | { readonly type: 'unlocked' }
  | { readonly type: 'current' }
  | { readonly type: 'stale'; readonly drift: readonly AcceptedDrift[] };

/** The suite as far as locking is concerned (a loaded `Suite` is one). */
export interface LockableSuite {
  readonly name: string;
  /** Absolute path of the suite folder. */
  readonly path: string;
  readonly tasks: readonly Task[];
}

/**
 * A task's content hash: sha256 of the canonical JSON (RFC 8785) of the
 * parsed task document without `revision`, `description` and `labels`.
 * Hashing the parsed document, not the bytes, lets comments, key order,
 * quoting and YAML style change freely; hashing it before the schema fills
 * defaults keeps the hash of an untouched file the same across endstate
 * versions.
 */
export function hashTaskDocument(document: unknown): string {
  if (!isJsonObject(document)) return hashJson(document);
  return hashJson(
    Object.fromEntries(Object.entries(document).filter(([key]) => !UNHASHED_FIELDS.has(key))),
  );
}

/** The lock of a suite as it is now: tasks by id, keys sorted so the file diffs well. */
export function createSuiteLock(suiteName: string, tasks: readonly TaskFingerprint[]): SuiteLock {
  const sorted = [...tasks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const entries = sorted.map((task): [string, LockedTask] => [
    task.id,
    { hash: task.hash, revision: task.revision, s0_hash: task.s0Hash },
  ]);
  return { lock_version: SUITE_LOCK_VERSION, suite: suiteName, tasks: Object.fromEntries(entries) };
}

/** The lock file's text: two-space JSON, keys sorted at every level, one trailing newline. */
export function formatSuiteLock(lock: SuiteLock): string {
  return `${JSON.stringify(sortKeys(lock), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isJsonObject(value)) return value;
  const keys = Object.keys(value).sort();
  return Object.fromEntries(keys.map((key) => [key, sortKeys(value[key])]));
}

/**
 * Compares a suite's tasks with its lock. Same revision and content: fine.
 * Same revision, other content: refused. A lower revision: refused (results
 * of the old number would be pooled with a different task). A higher
 * revision, a task added or a task removed: accepted, the lock is stale.
 */
export function compareWithLock(
  lock: SuiteLock,
  tasks: readonly TaskFingerprint[],
): LockComparison {
  const refused: RefusedDrift[] = [];
  const accepted: AcceptedDrift[] = [];
  for (const task of tasks) {
    const locked = lock.tasks[task.id];
    if (locked === undefined) accepted.push({ type: 'added', task });
    else if (task.revision < locked.revision)
      refused.push({ type: 'lowered', task, lockedRevision: locked.revision });
    else if (task.revision > locked.revision)
      accepted.push({ type: 'bumped', task, lockedRevision: locked.revision });
    else if (task.hash !== locked.hash) refused.push({ type: 'changed', task, part: 'file' });
    else if (task.s0Hash !== locked.s0_hash) refused.push({ type: 'changed', task, part: 's0' });
  }
  const present = new Set(tasks.map((task) => task.id));
  for (const [id, locked] of Object.entries(lock.tasks).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!present.has(id)) accepted.push({ type: 'removed', id, lockedRevision: locked.revision });
  }
  return { refused, accepted };
}

/** The refusal a user sees: every offending task, each at its `revision:` line, and the fix. */
export function lockRefusal(
  refused: readonly RefusedDrift[],
  suite: { readonly name: string; readonly displayPath: string },
): EndstateError {
  const problems: Problem[] = refused.map((drift) => ({
    file: drift.task.file,
    ...(drift.task.revisionLine !== undefined ? { line: drift.task.revisionLine } : {}),
    path: 'revision',
    message: describeRefusal(drift),
  }));
  const count =
    refused.length === 1
      ? '1 task no longer matches it'
      : `${refused.length} tasks no longer match it`;
  return new EndstateError(
    'E_SUITE_LOCKED',
    `suite ${suite.name} is locked (${SUITE_LOCK_FILE}), and ${count}:`,
    {
      problems,
      hint: refusalHint(refused, suite.displayPath),
      details: { tasks: refused.map((drift) => drift.task.id) },
    },
  );
}

function describeRefusal(drift: RefusedDrift): string {
  const { id, revision } = drift.task;
  if (drift.type === 'lowered')
    return `task ${id} has revision ${revision}, below its locked revision ${drift.lockedRevision}`;
  if (drift.part === 'file')
    return `task ${id} changed since the suite was locked, but its revision is still ${revision}`;
  const source = drift.task.fixture ?? "the environment's fixture";
  return `task ${id} starts from a different s0 than when the suite was locked (${source} changed), but its revision is still ${revision}`;
}

const MAX_NAMED_IN_HINT = 3;

function refusalHint(refused: readonly RefusedDrift[], displayPath: string): string {
  const relock = `run endstate lock ${displayPath}`;
  const [only] = refused;
  if (refused.length === 1 && only !== undefined) {
    const verb = only.type === 'lowered' ? 'Set' : 'Bump';
    return `${verb} revision: to ${nextRevision(only)} in ${only.task.file} and ${relock}, or undo the change.`;
  }
  if (refused.length <= MAX_NAMED_IN_HINT) {
    const edits = refused.map((drift) => `to ${nextRevision(drift)} in ${drift.task.file}`);
    return `Set revision: ${edits.join(', ')} and ${relock}, or undo the changes.`;
  }
  return `Bump revision: of each task named above past its locked revision and ${relock}, or undo the changes.`;
}

function nextRevision(drift: RefusedDrift): number {
  return (drift.type === 'lowered' ? drift.lockedRevision : drift.task.revision) + 1;
}

const MAX_NAMED_IN_SUMMARY = 3;

/** One line on what a stale lock misses, e.g. `refund-8842 revision 1 → 2, new-task added`. */
export function describeDrift(drift: readonly AcceptedDrift[]): string {
  const parts = drift.map((entry) => {
    if (entry.type === 'bumped')
      return `${entry.task.id} revision ${entry.lockedRevision} → ${entry.task.revision}`;
    if (entry.type === 'added') return `${entry.task.id} added`;
    return `${entry.id} removed`;
  });
  const named = parts.slice(0, MAX_NAMED_IN_SUMMARY).join(', ');
  const more = parts.length - MAX_NAMED_IN_SUMMARY;
  return more > 0 ? `${named} and ${more} more` : named;
}

/** Reads each task file again for its document: what the hash covers is what the file says. */
export function fingerprintTasks(suite: LockableSuite): TaskFingerprint[] {
  return suite.tasks.map((task) => {
    const bytes = readInputFileOrThrow(join(suite.path, task.file), {
      file: task.file,
      what: 'task file',
      code: 'E_SUITE_INVALID',
      fix: 'it grew while the suite loaded; run the command again once it is saved',
    });
    const source = parseYamlSource(bytes, task.file);
    if (source.problems.length > 0) {
      throw new EndstateError('E_SUITE_INVALID', `${task.file} changed while the suite loaded`, {
        problems: source.problems,
        hint: 'Run the command again once the file is saved.',
      });
    }
    const revisionLine = source.locate(['revision'])?.line;
    return {
      id: task.id,
      file: task.file,
      revision: task.spec.revision,
      hash: hashTaskDocument(source.value),
      s0Hash: task.initialState.hash,
      ...(task.spec.fixture !== undefined ? { fixture: task.spec.fixture } : {}),
      ...(revisionLine !== undefined ? { revisionLine } : {}),
    };
  });
}

/** The suite's lock file, or `undefined` when the suite is not locked. */
export function readSuiteLock(root: string): SuiteLock | undefined {
  const path = join(root, SUITE_LOCK_FILE);
  if (!existsSync(path)) return undefined;
  const bytes = readInputFileOrThrow(path, {
    file: SUITE_LOCK_FILE,
    what: 'lock file',
    code: 'E_SUITE_INVALID',
    fix: 'endstate lock never writes one this large: restore it from version control, or delete it and run endstate lock',
  });
  const source = parseYamlSource(bytes, SUITE_LOCK_FILE);
  const parsed = source.problems.length === 0 ? SuiteLockSchema.safeParse(source.value) : undefined;
  if (parsed?.success === true) return parsed.data;
  const problems =
    parsed === undefined
      ? source.problems
      : zodProblems(parsed.error.issues, source, SuiteLockSchema);
  throw new EndstateError('E_SUITE_INVALID', `${SUITE_LOCK_FILE} is not a valid lock file:`, {
    problems,
    hint: `Restore it from version control, or delete it and run endstate lock to write a new one.`,
  });
}

/**
 * Checks a loaded suite against its lock file: returns how it stands, or
 * throws `E_SUITE_LOCKED` listing every task that changed without a
 * revision bump (or went down a revision).
 *
 * @example
 * const status = checkSuiteLock(suite);
 * if (status.type === 'stale') console.warn(describeDrift(status.drift));
 */
export function checkSuiteLock(
  suite: LockableSuite,
  options: { readonly displayPath?: string } = {},
): SuiteLockStatus {
  const lock = readSuiteLock(suite.path);
  if (lock === undefined) return { type: 'unlocked' };
  const { refused, accepted } = compareWithLock(lock, fingerprintTasks(suite));
  if (refused.length > 0) {
    throw lockRefusal(refused, {
      name: suite.name,
      displayPath: options.displayPath ?? suite.path,
    });
  }
  return accepted.length === 0 ? { type: 'current' } : { type: 'stale', drift: accepted };
}

/** Writes `<suite>/endstate.lock.json` for the suite as it is now. */
export function writeSuiteLock(suite: LockableSuite): { path: string; lock: SuiteLock } {
  const lock = createSuiteLock(suite.name, fingerprintTasks(suite));
  const path = join(suite.path, SUITE_LOCK_FILE);
  const text = formatSuiteLock(lock);
  // A lock past the limit could not be read back: refused here, before a good lock is replaced.
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_INPUT_FILE_BYTES) {
    throw new EndstateError(
      'E_SUITE_INVALID',
      `the lock of suite ${suite.name} would be ${describeBytes(bytes)}, over the ${describeBytes(MAX_INPUT_FILE_BYTES)} limit for a file read whole; nothing was written`,
      {
        hint: `Split the suite's ${suite.tasks.length} tasks into smaller suites, each locked on its own.`,
      },
    );
  }
  writeFileSync(path, text);
  return { path, lock };
}
