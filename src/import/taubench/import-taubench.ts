import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { EndstateError } from '../../core/index.js';
import { createRetailEnvironment, loadRetailData } from '../../domains/retail/index.js';
import { parseYamlSource, readInputFileOrThrow, zodProblems } from '../../task/index.js';
import { z } from 'zod';
import { convertTask } from './convert-task.js';
import { TAUBENCH_SPLITS, TaubenchTaskSchema } from './taubench-task.js';
import type { TaubenchSplit, TaubenchTask } from './taubench-task.js';

/** The files of tau-bench's retail data folder that the suite carries along. */
const DATA_FILES = [
  'users.json',
  'orders.json',
  'products.json',
  'policy.md',
  'LICENSE',
  'README.md',
  'SPEC.md',
];

const ENVIRONMENT_MODULE = `// The tau-bench retail environment (MIT, Sierra), over the data in ./data.
import { fileURLToPath } from 'node:url';
import { createRetailEnvironment, loadRetailData } from 'endstate/retail';

export default createRetailEnvironment(loadRetailData(fileURLToPath(new URL('./data/', import.meta.url))));
`;

export interface ImportTaubenchOptions {
  /** tau-bench's retail data folder: users/orders/products JSON, policy.md, tasks_<split>.json. */
  readonly source: string;
  /** The suite folder to write. */
  readonly out: string;
  readonly knownBadLimit?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  readonly tasks: Readonly<Record<TaubenchSplit, number>>;
  readonly knownBad: number;
  readonly unchangedTasks: number;
}

function readSplit(source: string, split: TaubenchSplit): TaubenchTask[] {
  const file = join(source, `tasks_${split}.json`);
  if (!existsSync(file)) return [];
  const bytes = readInputFileOrThrow(file, {
    file,
    what: 'tau-bench task file',
    code: 'E_TASK_INVALID',
    fix: "tau-bench's own task files are far smaller: check the folder, or split the list over several folders and import each",
  });
  const parsed = parseYamlSource(bytes, `tasks_${split}.json`);
  const result = z.array(TaubenchTaskSchema).safeParse(parsed.value);
  if (parsed.problems.length > 0 || !result.success) {
    throw new EndstateError('E_TASK_INVALID', `tau-bench task file ${file} is not valid`, {
      problems:
        parsed.problems.length > 0
          ? parsed.problems
          : zodProblems(result.error?.issues ?? [], parsed, z.array(TaubenchTaskSchema)),
      hint: 'Each file is a list of {user_id, instruction, actions: [{name, kwargs}], outputs}.',
    });
  }
  return result.data;
}

/**
 * `endstate import taubench <dir> --out <suite>`: converts tau-bench's
 * retail tasks into an endstate suite (tasks/<split>-<index>.yaml), with
 * the environment module and the data (and its licence) beside them.
 */
export async function importTaubench(options: ImportTaubenchOptions): Promise<ImportSummary> {
  const source = resolve(options.source);
  const out = resolve(options.out);
  const splits = Object.fromEntries(
    TAUBENCH_SPLITS.map((split) => [split, readSplit(source, split)]),
  ) as Record<TaubenchSplit, TaubenchTask[]>;
  const total = TAUBENCH_SPLITS.reduce((sum, split) => sum + splits[split].length, 0);
  if (total === 0) {
    throw new EndstateError('E_FILE_NOT_FOUND', `no tau-bench task files in ${options.source}`, {
      hint: 'The folder needs tasks_test.json, tasks_train.json or tasks_dev.json beside users.json, orders.json and products.json.',
    });
  }
  const environment = createRetailEnvironment(loadRetailData(source));

  mkdirSync(join(out, 'tasks'), { recursive: true });
  const dataFolder = join(out, 'data');
  if (resolve(dataFolder) !== source) {
    mkdirSync(dataFolder, { recursive: true });
    for (const file of DATA_FILES)
      if (existsSync(join(source, file))) copyFileSync(join(source, file), join(dataFolder, file));
  }
  writeFileSync(join(out, 'environment.ts'), ENVIRONMENT_MODULE);

  let done = 0;
  let knownBad = 0;
  let unchangedTasks = 0;
  for (const split of TAUBENCH_SPLITS) {
    for (const [index, task] of splits[split].entries()) {
      const converted = await convertTask(task, {
        environment,
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
    tasks: Object.fromEntries(
      TAUBENCH_SPLITS.map((split) => [split, splits[split].length]),
    ) as Record<TaubenchSplit, number>,
    knownBad,
    unchangedTasks,
  };
}
