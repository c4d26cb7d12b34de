import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { failureCaseFiles, failureCases } from '../run/index.js';
import type { FailureCaseFile } from '../run/index.js';
import type { RunRecord, TrialRecord } from '../schema/index.js';

/** Writes the files of a set of cases into `dir` (created if missing); returns their paths. */
export function writeFailureCases(dir: string, files: readonly FailureCaseFile[]): string[] {
  const folder = resolve(dir);
  try {
    mkdirSync(folder, { recursive: true });
    return files.map((file) => {
      const path = join(folder, file.name);
      writeFileSync(path, `${JSON.stringify(file.content, null, 2)}\n`);
      return path;
    });
  } catch (error) {
    throw new EndstateError('E_USAGE', `cannot write regression cases to ${dir}`, {
      hint: 'Pass --save-failures a folder you can write to.',
      cause: error,
      details: { reason: error instanceof Error ? error.message : String(error) },
    });
  }
}

/**
 * `--save-failures DIR`: each failed valid trial of the run as a replay
 * trajectory plus its verdict, `trajectories.json` (one case per task) and
 * `index.json`. `dir` is absolute or relative to the working folder;
 * `shownDir` is how the files' own text names it (default `dir`).
 *
 * @example
 * const { written } = saveFailures(resolve(io.cwd, flags.saveFailures), trials, run);
 */
export function saveFailures(
  dir: string,
  trials: readonly TrialRecord[],
  run: RunRecord,
  shownDir = dir,
): { written: number; files: string[] } {
  const cases = failureCases(trials, run);
  const files = writeFailureCases(dir, failureCaseFiles(cases, run, shownDir));
  return { written: cases.length, files };
}

/** The line the CLI prints after saving. */
export function describeSavedFailures(written: number, dir: string, run: RunRecord): string {
  if (written === 0) return `no failed trial to save (${join(dir, 'index.json')} says so)\n`;
  return (
    `saved ${written} failed trial(s) as regression cases in ${dir}\n` +
    `  replay: endstate run ${run.suite.path} --agent replay --trajectory ${join(dir, 'trajectories.json')}\n`
  );
}
