import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { EndstateError, isJsonObject } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';
import { loadRetailData } from '../../domains/retail/index.js';
import { buildHeldoutTask } from './build-heldout-task.js';
import { HELDOUT_FIXTURE, createHeldoutContext } from './create-heldout-context.js';

export interface WriteRetailHeldoutOptions {
  /** A retail suite folder: `environment.ts`, `data/` (users, orders, products, policy) and `tasks/`. */
  readonly suiteDir: string;
  /** The suite folder to write: the base suite, plus `tasks/<id>~heldout.yaml` and the renamed data. */
  readonly outDir: string;
  /** Seeds the mapping: the same seed gives the same held-out set. */
  readonly seed: number;
  /** Task ids to make variants of (default: every task of the suite). */
  readonly tasks?: readonly string[];
  /** Rewords the user's words after renaming (default: `rewordInstruction`). */
  readonly reword?: (text: string) => string;
}

export interface RetailHeldoutSummary {
  /** Variants written, by id. */
  readonly variants: readonly string[];
  /** Base tasks left without a variant, with the reason. */
  readonly skipped: readonly { readonly task: string; readonly reason: string }[];
  /** Variants that keep an amount as written (their `variant.detail` names it). */
  readonly amountsKept: readonly string[];
  /** The renamed data, relative to `outDir`. */
  readonly fixture: string;
}

function readTaskFiles(
  tasksDir: string,
  wanted: readonly string[] | undefined,
): { file: string; raw: JsonObject }[] {
  const files = readdirSync(tasksDir)
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();
  const tasks = files.flatMap((file) => {
    const raw: unknown = parse(readFileSync(join(tasksDir, file), 'utf8'));
    return isJsonObject(raw) ? [{ file, raw: raw }] : [];
  });
  if (wanted === undefined) return tasks;
  const known = new Set(tasks.map((task) => task.raw.id));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0)
    throw new EndstateError('E_USAGE', `no task ${missing.join(', ')} in ${tasksDir}`, {
      hint: 'Name tasks by their id, as `endstate validate` lists them.',
    });
  return tasks.filter((task) => wanted.includes(task.raw.id as string));
}

/**
 * Writes a contamination probe for a tau-bench retail suite: the base
 * suite and, beside each task, a held-out variant (`<id>~heldout`) over
 * one renamed copy of the data, with ids, names, e-mails, addresses and
 * prices renamed consistently by one seeded mapping and the instruction
 * reworded. A run of the output pairs each variant with its base task.
 *
 * @example
 * const summary = await writeRetailHeldout({
 *   suiteDir: 'examples/retail', outDir: 'retail-heldout', seed: 7,
 * });
 * // summary.variants.length variants, summary.skipped with their reasons
 */
export async function writeRetailHeldout(
  options: WriteRetailHeldoutOptions,
): Promise<RetailHeldoutSummary> {
  const suiteDir = resolve(options.suiteDir);
  const outDir = resolve(options.outDir);
  const tasksDir = join(suiteDir, 'tasks');
  if (!existsSync(tasksDir))
    throw new EndstateError('E_FILE_NOT_FOUND', `${suiteDir} has no tasks folder`, {
      hint: 'Point suiteDir at a retail suite such as examples/retail.',
    });
  const tasks = readTaskFiles(tasksDir, options.tasks);
  const context = createHeldoutContext({
    data: loadRetailData(join(suiteDir, 'data')),
    seed: options.seed,
    tasks: tasks.map(({ raw }) => raw),
    ...(options.reword !== undefined ? { reword: options.reword } : {}),
  });

  mkdirSync(join(outDir, 'tasks'), { recursive: true });
  mkdirSync(join(outDir, 'fixtures'), { recursive: true });
  if (outDir !== suiteDir) {
    cpSync(join(suiteDir, 'data'), join(outDir, 'data'), { recursive: true });
    for (const file of ['environment.ts', 'environment.js'])
      if (existsSync(join(suiteDir, file))) cpSync(join(suiteDir, file), join(outDir, file));
  }
  writeFileSync(join(outDir, HELDOUT_FIXTURE), JSON.stringify(context.renamedData));

  const variants: string[] = [];
  const skipped: { task: string; reason: string }[] = [];
  const amountsKept: string[] = [];
  for (const { file, raw } of tasks) {
    if (outDir !== suiteDir) cpSync(join(tasksDir, file), join(outDir, 'tasks', file));
    const variant = await buildHeldoutTask(raw, context);
    if (!variant.ok) {
      skipped.push({ task: variant.base, reason: variant.reason });
      continue;
    }
    writeFileSync(
      join(outDir, 'tasks', `${variant.id}.yaml`),
      stringify(variant.file, { lineWidth: 0, aliasDuplicateObjects: false }),
    );
    variants.push(variant.id);
    if (variant.detail.includes('amounts kept')) amountsKept.push(variant.id);
  }
  return { variants, skipped, amountsKept, fixture: HELDOUT_FIXTURE };
}
