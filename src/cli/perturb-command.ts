import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import { EndstateError, isJsonObject } from '../core/index.js';
import { loadRetailData } from '../domains/retail/index.js';
import { HELDOUT_FIXTURE, buildHeldoutTask, createHeldoutContext } from '../import/index.js';
import { PERTURBATION_KINDS, perturbTask } from '../perturb/index.js';
import type { Perturbation, VariantOutcome } from '../perturb/index.js';
import { loadSuite, parseYamlSource, readInputFileOrThrow } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import type { CliIo } from './cli-io.js';

export interface PerturbFlags {
  /** Comma-separated kinds; default every kind that fits the suite. */
  readonly kinds?: string;
  readonly out: string;
  readonly seed: number;
  readonly variants: number;
}

/** Files of the suite folder that are not copied: the lock names the original suite's tasks only. */
const NOT_COPIED = new Set(['endstate.lock.json', '.endstate', 'node_modules']);

/**
 * The contamination probe's kind: one consistent renaming of a tau-bench
 * retail suite's whole data (ids, names, e-mails, addresses, prices), so it
 * is made for the suite at once, not task by task (src/import/retail-heldout).
 */
export const RENAME_ENTITIES_KIND = 'rename-entities';

function selectAllKinds(text: string): { perTask: Perturbation[]; renameEntities: boolean } {
  const named = [...new Set(text.split(',').map((name) => name.trim()))].filter(Boolean);
  const renameEntities = named.includes(RENAME_ENTITIES_KIND);
  const names = named.filter((name) => name !== RENAME_ENTITIES_KIND);
  const known = [...PERTURBATION_KINDS.keys(), RENAME_ENTITIES_KIND].join(', ');
  const unknown = names.filter((name) => !PERTURBATION_KINDS.has(name));
  if (named.length === 0 || unknown.length > 0) {
    throw new EndstateError(
      'E_USAGE',
      named.length === 0
        ? '--kinds names no kind'
        : `unknown perturbation kind${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      { hint: `Name one or more of: ${known} (comma-separated).` },
    );
  }
  return { perTask: names.map((name) => PERTURBATION_KINDS.get(name)!), renameEntities };
}

/** A tau-bench retail suite with its data: the one kind of suite rename-entities fits. */
const isRetailSuite = (suite: Suite): boolean =>
  suite.environment.name === 'retail' && existsSync(join(suite.path, 'data', 'orders.json'));

/** Every kind that fits the suite: all per-task kinds, and rename-entities on a retail suite. */
function everyKind(suite: Suite): { perTask: Perturbation[]; renameEntities: boolean } {
  return { perTask: [...PERTURBATION_KINDS.values()], renameEntities: isRetailSuite(suite) };
}

function refuseNonEmpty(folder: string, shown: string): void {
  if (!existsSync(folder)) return;
  if (readdirSync(folder).length === 0) return;
  throw new EndstateError('E_FILE_EXISTS', `--out ${shown} exists and is not empty`, {
    hint: 'Name a new or empty folder: perturb writes a whole suite and never overwrites one.',
  });
}

/** The task file as written, without defaults: variants copy it and change one part. */
function readRawTask(suite: Suite, task: Task) {
  const file = join(suite.path, task.file);
  const bytes = readInputFileOrThrow(file, {
    file: task.file,
    what: 'task file',
    code: 'E_SUITE_INVALID',
    fix: 'it grew while the suite loaded; run the command again once it is saved',
  });
  const source = parseYamlSource(bytes, task.file);
  if (!isJsonObject(source.value))
    throw new EndstateError('E_TASK_INVALID', `${task.file} is not a task object`);
  return source.value;
}

function writeVariant(out: string, task: Task, outcome: VariantOutcome & { type: 'variant' }) {
  const extension = extname(task.file) === '.json' ? '.json' : '.yaml';
  const file = join(dirname(task.file), `${outcome.id}${extension}`);
  const text =
    extension === '.json'
      ? `${JSON.stringify(outcome.task, null, 2)}\n`
      : stringify(outcome.task, { lineWidth: 100 });
  const written = [file];
  writeFileSync(join(out, file), text, { flag: 'wx' });
  for (const extra of outcome.files) {
    const target = join(out, extra.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(extra.content, null, 2)}\n`, { flag: 'wx' });
    written.push(extra.path);
  }
  return written;
}

/**
 * `endstate perturb <suite> [--kinds k1,k2] --out DIR`: copies the suite
 * into a new folder and writes, for every task and kind (default: every
 * kind that fits the suite), variant task files
 * (`<id>~<kind>`) beside the originals. Tasks that are variants already
 * are copied, not perturbed again.
 */
export async function perturbCommand(
  suitePath: string,
  flags: PerturbFlags,
  io: CliIo,
): Promise<number> {
  const named = flags.kinds === undefined ? undefined : selectAllKinds(flags.kinds);
  const out = resolve(io.cwd, flags.out);
  refuseNonEmpty(out, flags.out);
  const suite = await loadSuite(resolve(io.cwd, suitePath), {
    displayPath: suitePath,
    lock: 'ignore',
  });
  const { perTask: kinds, renameEntities } = named ?? everyKind(suite);
  const inside = relative(suite.path, out);
  if (inside === '' || (!inside.startsWith('..') && !inside.startsWith('/')))
    throw new EndstateError('E_USAGE', `--out ${flags.out} is inside the suite ${suitePath}`, {
      hint: 'Write the new suite to a folder outside the one it copies.',
    });
  if ((suite.outsideFiles ?? []).length > 0) {
    io.err(
      `warning: the environment reaches files outside ${suitePath} (${suite.outsideFiles!.join(', ')}); the copy refers to them by the same relative paths\n`,
    );
  }

  const bases = suite.tasks.filter((task) => task.spec.variant === undefined);
  const plans = bases.map((task) => ({
    task,
    outcomes: perturbTask({
      raw: readRawTask(suite, task),
      spec: task.spec,
      context: { tools: suite.environment.descriptors, initialState: task.initialState.snapshot },
      perturbations: kinds,
      seed: flags.seed,
      variants: flags.variants,
    }),
  }));

  const heldout = renameEntities
    ? await heldoutVariants(suite, suitePath, bases, flags.seed)
    : { data: undefined, outcomes: [] };

  mkdirSync(out, { recursive: true });
  cpSync(suite.path, out, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(basename(source)) || source === suite.path,
  });
  let written = 0;
  let skipped = 0;
  for (const { task, outcomes } of plans) {
    for (const outcome of outcomes) {
      if (outcome.type === 'skipped') {
        skipped++;
        io.out(`skip  ${outcome.id}: ${outcome.reason}\n`);
        continue;
      }
      const files = writeVariant(out, task, outcome);
      written++;
      io.out(`wrote ${files.join(', ')}  (${outcome.kind}: ${outcome.detail})\n`);
    }
  }
  if (renameEntities) {
    if (heldout.outcomes.some((outcome) => outcome.type === 'variant')) {
      mkdirSync(dirname(join(out, HELDOUT_FIXTURE)), { recursive: true });
      writeFileSync(join(out, HELDOUT_FIXTURE), JSON.stringify(heldout.data), { flag: 'wx' });
      io.out(`wrote ${HELDOUT_FIXTURE}  (${RENAME_ENTITIES_KIND}: the renamed data)\n`);
    }
    for (const outcome of heldout.outcomes) {
      if (outcome.type === 'skipped') {
        skipped++;
        io.out(`skip  ${outcome.id}: ${outcome.reason}\n`);
        continue;
      }
      writeFileSync(join(out, outcome.file), outcome.text, { flag: 'wx' });
      written++;
      io.out(`wrote ${outcome.file}  (${RENAME_ENTITIES_KIND}: ${outcome.detail})\n`);
    }
  }
  const kindNames = [
    ...kinds.map((kind) => kind.kind),
    ...(renameEntities ? [RENAME_ENTITIES_KIND] : []),
  ];
  io.out(
    `${written} variants of ${plans.length} tasks (${kindNames.join(', ')}, seed ${flags.seed})` +
      `${skipped > 0 ? `, ${skipped} skipped` : ''} in ${flags.out}, beside a copy of ${suitePath}\n` +
      `next: endstate validate ${flags.out}\n`,
  );
  return 0;
}

type HeldoutOutcome =
  | {
      readonly type: 'variant';
      readonly id: string;
      readonly file: string;
      readonly text: string;
      readonly detail: string;
    }
  | { readonly type: 'skipped'; readonly id: string; readonly reason: string };

/**
 * The `rename-entities` variants: one renaming of the suite's retail data
 * (its `data/` folder), each task renamed with it and its expected changes
 * recomputed by replaying the renamed reference path; a task whose quoted
 * facts cannot stay true is skipped with the reason.
 */
async function heldoutVariants(
  suite: Suite,
  suitePath: string,
  tasks: readonly Task[],
  seed: number,
): Promise<{ readonly data: unknown; readonly outcomes: HeldoutOutcome[] }> {
  const dataFolder = join(suite.path, 'data');
  if (!isRetailSuite(suite))
    throw new EndstateError(
      'E_USAGE',
      `${RENAME_ENTITIES_KIND} renames tau-bench retail data, and ${suitePath} is not a retail suite (environment ${suite.environment.name}, no data/orders.json)`,
      {
        hint: 'Use it on examples/retail or a suite imported with `endstate import taubench`; the other kinds work on any suite.',
      },
    );
  const raws = tasks.map((task) => readRawTask(suite, task));
  const context = createHeldoutContext({ data: loadRetailData(dataFolder), seed, tasks: raws });
  const outcomes: HeldoutOutcome[] = [];
  for (const [index, task] of tasks.entries()) {
    const variant = await buildHeldoutTask(raws[index]!, context);
    if (!variant.ok) {
      outcomes.push({ type: 'skipped', id: `${task.id}~heldout`, reason: variant.reason });
      continue;
    }
    outcomes.push({
      type: 'variant',
      id: variant.id,
      file: join(dirname(task.file), `${variant.id}.yaml`),
      text: stringify(variant.file, { lineWidth: 0, aliasDuplicateObjects: false }),
      detail: variant.detail,
    });
  }
  return { data: context.renamedData, outcomes };
}
