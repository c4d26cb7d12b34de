import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { EndstateError } from '../../core/index.js';
import { createAirlineEnvironment, loadAirlineData } from '../../domains/airline/index.js';
import { createRetailEnvironment, loadRetailData } from '../../domains/retail/index.js';
import {
  decodeUtf8,
  parseYamlSource,
  readInputFileOrThrow,
  zodProblems,
} from '../../task/index.js';
import { readPythonTasks } from './read-python-tasks.js';
import { airlineDomain, retailDomain } from './taubench-domain.js';
import type { TaubenchDomain } from './taubench-domain.js';
import { TAUBENCH_SPLITS, TaubenchTaskSchema } from './taubench-task.js';
import type { TaubenchSplit, TaubenchTask } from './taubench-task.js';

/** A file of the source to carry into the suite's data folder, under its name there. */
export interface CarriedFile {
  readonly from: string;
  readonly to: string;
}

/** What a tau-bench folder holds: its domain, its tasks by split, and the files to carry along. */
export interface TaubenchSource {
  readonly domain: TaubenchDomain;
  readonly splits: Readonly<Record<TaubenchSplit, readonly TaubenchTask[]>>;
  readonly files: readonly CarriedFile[];
  /** The suite's environment.ts. */
  readonly environmentModule: string;
}

const RETAIL_MODULE = `// The tau-bench retail environment (MIT, Sierra), over the data in ./data.
import { fileURLToPath } from 'node:url';
import { createRetailEnvironment, loadRetailData } from 'endstate/retail';

export default createRetailEnvironment(loadRetailData(fileURLToPath(new URL('./data/', import.meta.url))));
`;

const AIRLINE_MODULE = `// The tau-bench airline environment (MIT, Sierra), over the data in ./data.
import { fileURLToPath } from 'node:url';
import { createAirlineEnvironment, loadAirlineData } from 'endstate/airline';

export default createAirlineEnvironment(loadAirlineData(fileURLToPath(new URL('./data/', import.meta.url))));
`;

/** The files of tau-bench's retail data folder that the suite carries along. */
const RETAIL_FILES = [
  'users.json',
  'orders.json',
  'products.json',
  'policy.md',
  'LICENSE',
  'README.md',
  'SPEC.md',
];

const SPLIT_HINT =
  'Each file is a list of {user_id, instruction, actions: [{name, kwargs}], outputs}.';

function readJsonSplit(file: string): TaubenchTask[] {
  const bytes = readInputFileOrThrow(file, {
    file,
    what: 'tau-bench task file',
    code: 'E_TASK_INVALID',
    fix: "tau-bench's own task files are far smaller: check the folder, or split the list over several folders and import each",
  });
  const name = file.split(/[\\/]/).at(-1) ?? file;
  const parsed = parseYamlSource(bytes, name);
  const result = z.array(TaubenchTaskSchema).safeParse(parsed.value);
  if (parsed.problems.length > 0 || !result.success) {
    throw new EndstateError('E_TASK_INVALID', `tau-bench task file ${file} is not valid`, {
      problems:
        parsed.problems.length > 0
          ? parsed.problems
          : zodProblems(result.error?.issues ?? [], parsed, z.array(TaubenchTaskSchema)),
      hint: SPLIT_HINT,
    });
  }
  return result.data;
}

function readPythonSplit(file: string): TaubenchTask[] {
  const bytes = readInputFileOrThrow(file, {
    file,
    what: 'tau-bench task file',
    code: 'E_TASK_INVALID',
    fix: "tau-bench's own task files are far smaller: check the folder",
  });
  const decoded = decodeUtf8(bytes, file);
  if (decoded.type === 'invalid') {
    throw new EndstateError('E_TASK_INVALID', `tau-bench task file ${file} is not UTF-8`, {
      problems: [decoded.problem],
      hint: 'Save the file as UTF-8, as Python reads it.',
    });
  }
  return readPythonTasks(decoded.text, file);
}

/** A split's tasks: `tasks_<split>.json` (the converted shape) first, else `tasks_<split>.py`. */
function readSplit(source: string, split: TaubenchSplit, python: boolean): TaubenchTask[] {
  const json = join(source, `tasks_${split}.json`);
  if (existsSync(json)) return readJsonSplit(json);
  const py = join(source, `tasks_${split}.py`);
  return python && existsSync(py) ? readPythonSplit(py) : [];
}

function readSplits(source: string, python: boolean): Record<TaubenchSplit, TaubenchTask[]> {
  return Object.fromEntries(
    TAUBENCH_SPLITS.map((split) => [split, readSplit(source, split, python)]),
  ) as Record<TaubenchSplit, TaubenchTask[]>;
}

/**
 * The folder's licence, else, for tau-bench's own `tau_bench/envs/airline`
 * folder, the licence at the root of its checkout.
 */
function licenseOf(folder: string): string | undefined {
  if (existsSync(join(folder, 'LICENSE'))) return join(folder, 'LICENSE');
  const checkoutRoot = resolve(folder, '..', '..', '..');
  const isCheckoutFolder =
    relative(checkoutRoot, folder).split(sep).join('/') === 'tau_bench/envs/airline';
  return isCheckoutFolder && existsSync(join(checkoutRoot, 'LICENSE'))
    ? join(checkoutRoot, 'LICENSE')
    : undefined;
}

function isAirline(source: string): boolean {
  return (
    existsSync(join(source, 'flights.json')) || existsSync(join(source, 'data', 'flights.json'))
  );
}

function airlineFiles(source: string): CarriedFile[] {
  const data = existsSync(join(source, 'flights.json')) ? source : join(source, 'data');
  const files: CarriedFile[] = ['flights.json', 'reservations.json', 'users.json'].map((name) => ({
    from: join(data, name),
    to: name,
  }));
  const policy = existsSync(join(data, 'policy.md'))
    ? join(data, 'policy.md')
    : join(source, 'wiki.md');
  files.push({ from: policy, to: 'policy.md' });
  const license = licenseOf(source);
  if (license !== undefined) files.push({ from: license, to: 'LICENSE' });
  if (existsSync(join(source, 'README.md'))) {
    files.push({ from: join(source, 'README.md'), to: 'README.md' });
  }
  return files;
}

/**
 * Reads a tau-bench folder: the airline layout (tau-bench's
 * `tau_bench/envs/airline`: data/*.json, wiki.md, tasks_test.py; or a
 * suite's flat data folder with flights.json) or the retail one
 * (users/orders/products JSON, policy.md, tasks_<split>.json).
 *
 * @throws EndstateError E_FILE_NOT_FOUND when the folder holds no task file,
 *   E_TASK_INVALID or E_ENVIRONMENT_INVALID for a file that does not read
 */
export function readTaubenchSource(source: string): TaubenchSource {
  const airline = isAirline(source);
  const splits = readSplits(source, airline);
  const total = TAUBENCH_SPLITS.reduce((sum, split) => sum + splits[split].length, 0);
  if (total === 0) {
    throw new EndstateError('E_FILE_NOT_FOUND', `no tau-bench task files in ${source}`, {
      hint: airline
        ? "An airline folder needs tasks_test.py (tau-bench's own) or tasks_test.json beside data/flights.json, data/reservations.json and data/users.json."
        : 'The folder needs tasks_test.json, tasks_train.json or tasks_dev.json beside users.json, orders.json and products.json (or, for airline, data/flights.json and tasks_test.py).',
    });
  }
  if (airline) {
    const files = airlineFiles(source);
    return {
      domain: airlineDomain(createAirlineEnvironment(loadAirlineData(source))),
      splits,
      files,
      environmentModule: AIRLINE_MODULE,
    };
  }
  return {
    domain: retailDomain(createRetailEnvironment(loadRetailData(source))),
    splits,
    files: RETAIL_FILES.map((name) => ({ from: join(source, name), to: name })).filter((file) =>
      existsSync(file.from),
    ),
    environmentModule: RETAIL_MODULE,
  };
}
