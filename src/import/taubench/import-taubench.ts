import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { convertTask } from './convert-task.js';
import { TAUBENCH_SPLITS } from './taubench-task.js';
import type { TaubenchSplit } from './taubench-task.js';
import { readTaubenchSource } from './taubench-source.js';

export interface ImportTaubenchOptions {
  /**
   * A tau-bench folder: tau-bench's `tau_bench/envs/airline` (data/*.json,
   * wiki.md, tasks_test.py), or a retail data folder (users/orders/products
   * JSON, policy.md, tasks_<split>.json).
   */
  readonly source: string;
  /** The suite folder to write. */
  readonly out: string;
  readonly knownBadLimit?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  /** The tau-bench domain the folder holds. */
  readonly domain: 'retail' | 'airline';
  readonly tasks: Readonly<Record<TaubenchSplit, number>>;
  readonly knownBad: number;
  readonly unchangedTasks: number;
}

/**
 * `endstate import taubench <dir> --out <suite>`: converts tau-bench's
 * retail or airline tasks into an endstate suite
 * (tasks/<split>-<index>.yaml), with the environment module, the data and
 * the policy (and the licence) in data/ beside them.
 */
export async function importTaubench(options: ImportTaubenchOptions): Promise<ImportSummary> {
  const source = readTaubenchSource(resolve(options.source));
  const out = resolve(options.out);
  const total = TAUBENCH_SPLITS.reduce((sum, split) => sum + source.splits[split].length, 0);

  mkdirSync(join(out, 'tasks'), { recursive: true });
  const dataFolder = join(out, 'data');
  mkdirSync(dataFolder, { recursive: true });
  for (const file of source.files) {
    const target = join(dataFolder, file.to);
    if (resolve(file.from) !== target) copyFileSync(file.from, target);
  }
  writeFileSync(join(out, 'environment.ts'), source.environmentModule);

  let done = 0;
  let knownBad = 0;
  let unchangedTasks = 0;
  for (const split of TAUBENCH_SPLITS) {
    for (const [index, task] of source.splits[split].entries()) {
      const converted = await convertTask(task, {
        domain: source.domain,
        split,
        index,
        knownBadLimit: options.knownBadLimit ?? 2,
      });
      writeFileSync(
        join(out, 'tasks', `${converted.task.id}.yaml`),
        stringify(converted.file, { lineWidth: 0, aliasDuplicateObjects: false }),
      );
      knownBad += converted.task.known_bad.length;
      if (converted.task.expect.changes.length === 0) unchangedTasks++;
      options.onProgress?.(++done, total);
    }
  }
  return {
    domain: source.domain.name,
    tasks: Object.fromEntries(
      TAUBENCH_SPLITS.map((split) => [split, source.splits[split].length]),
    ) as Record<TaubenchSplit, number>,
    knownBad,
    unchangedTasks,
  };
}
