import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../core/index.js';
import { defaultCacheRoot, usableCacheFolder, writeAtomically } from './cache-folder.js';
import type { CompiledEnvironment, CompiledInput, CompiledPackage } from './compile-environment.js';
import { findPackage } from './find-package.js';

/** Bumped when the compiled form changes, so older entries are never read. */
const CACHE_FORMAT = 1;

/** What the cache keeps for one environment module: what it was compiled from, and the result. */
interface CacheEntry {
  readonly format: number;
  readonly entry: string;
  readonly inputs: readonly CompiledInput[];
  readonly packages: readonly CompiledPackage[];
  /** File name of the compiled module in the cache folder (named by its content hash). */
  readonly output: string;
}

/** A compiled environment module ready to import, and whether it came from the cache. */
export interface CachedModule {
  readonly path: string;
  readonly cached: boolean;
}

/**
 * The default cache folder: per user under the system's temporary folder,
 * e.g. /tmp/endstate-1000/environments.
 */
export function defaultEnvironmentCache(): string {
  return join(defaultCacheRoot(), 'environments');
}

/**
 * The compiled form of an environment module, from the cache when every
 * file it was compiled from still has the same content (a content hash per
 * file) and every package it imports is still found in the same folder with
 * the same package.json; compiled and stored otherwise. A stale entry is
 * never used: any change to the module or a local file it imports gives a
 * new compilation.
 */
export async function loadCompiledEnvironment(
  file: string,
  options: {
    readonly directory: string;
    readonly compile: (file: string) => Promise<CompiledEnvironment>;
  },
): Promise<CachedModule> {
  const entry = realpathSync(file);
  const directory = usableCacheFolder(options.directory);
  const entryFile = join(directory, `${sha256Hex(entry).slice(0, 32)}.json`);
  const stored = readEntry(entryFile);
  if (stored !== undefined && stored.entry === entry && isFresh(stored, directory)) {
    return { path: join(directory, stored.output), cached: true };
  }
  const compiled = await options.compile(entry);
  const output = `${sha256Hex(compiled.code).slice(0, 32)}.mjs`;
  writeAtomically(join(directory, output), compiled.code);
  const record: CacheEntry = {
    format: CACHE_FORMAT,
    entry,
    inputs: compiled.inputs,
    packages: compiled.packages,
    output,
  };
  writeAtomically(entryFile, `${JSON.stringify(record, null, 2)}\n`);
  return { path: join(directory, output), cached: false };
}

function readEntry(path: string): CacheEntry | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const entry = JSON.parse(readFileSync(path, 'utf8')) as CacheEntry;
    return entry.format === CACHE_FORMAT ? entry : undefined;
  } catch {
    // A torn or foreign file is a miss: the module is compiled again and the entry rewritten.
    return undefined;
  }
}

function isFresh(entry: CacheEntry, directory: string): boolean {
  if (!/^[0-9a-f]{32}\.mjs$/.test(entry.output)) return false;
  const output = join(directory, entry.output);
  if (
    !existsSync(output) ||
    sha256Hex(readFileSync(output, 'utf8')).slice(0, 32) !== entry.output.slice(0, 32)
  )
    return false;
  const sameInputs = entry.inputs.every(
    (input) =>
      existsSync(input.path) && sha256Hex(readFileSync(input.path, 'latin1')) === input.sha256,
  );
  return (
    sameInputs &&
    entry.packages.every((used) => {
      const found = findPackage(used.name, used.from);
      return (
        found !== undefined &&
        found.directory === used.directory &&
        sha256Hex(found.packageJson) === used.packageJsonSha256
      );
    })
  );
}
