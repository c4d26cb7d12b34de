import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import { EndstateError, isJsonObject } from '../core/index.js';
import { PERTURBATION_KINDS, perturbTask } from '../perturb/index.js';
import type { Perturbation, VariantOutcome } from '../perturb/index.js';
import { loadSuite, parseYamlSource } from '../task/index.js';
import type { Suite, Task } from '../task/index.js';
import type { CliIo } from './cli-io.js';

export interface PerturbFlags {
  readonly kinds: string;
  readonly out: string;
  readonly seed: number;
  readonly variants: number;
}

/** Files of the suite folder that are not copied: the lock names the original suite's tasks only. */
const NOT_COPIED = new Set(['endstate.lock.json', '.endstate', 'node_modules']);

/** The kinds named by `--kinds`, in the order given; an unknown one is refused with the list. */
export function selectKinds(text: string): Perturbation[] {
  const names = [...new Set(text.split(',').map((name) => name.trim()))].filter(Boolean);
  const known = [...PERTURBATION_KINDS.keys()].join(', ');
  const unknown = names.filter((name) => !PERTURBATION_KINDS.has(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new EndstateError(
      'E_USAGE',
      names.length === 0
        ? '--kinds names no kind'
        : `unknown perturbation kind${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
      { hint: `Name one or more of: ${known} (comma-separated).` },
    );
  }
  return names.map((name) => PERTURBATION_KINDS.get(name)!);
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
  const source = parseYamlSource(readFileSync(file), task.file);
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
 * `endstate perturb <suite> --kinds k1,k2 --out DIR`: copies the suite into
 * a new folder and writes, for every task and kind, variant task files
 * (`<id>~<kind>`) beside the originals. Tasks that are variants already
 * are copied, not perturbed again.
 */
export async function perturbCommand(
  suitePath: string,
  flags: PerturbFlags,
  io: CliIo,
): Promise<number> {
  const kinds = selectKinds(flags.kinds);
  const out = resolve(io.cwd, flags.out);
  refuseNonEmpty(out, flags.out);
  const suite = await loadSuite(resolve(io.cwd, suitePath), {
    displayPath: suitePath,
    lock: 'ignore',
  });
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

  const plans = suite.tasks
    .filter((task) => task.spec.variant === undefined)
    .map((task) => ({
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
  io.out(
    `${written} variants of ${plans.length} tasks (${kinds.map((kind) => kind.kind).join(', ')}, seed ${flags.seed})` +
      `${skipped > 0 ? `, ${skipped} skipped` : ''} in ${flags.out}, beside a copy of ${suitePath}\n` +
      `next: endstate validate ${flags.out}\n`,
  );
  return 0;
}
