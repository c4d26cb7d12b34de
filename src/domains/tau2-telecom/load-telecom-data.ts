import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EndstateError } from '../../core/index.js';
import type { JsonObject, JsonValue, Problem } from '../../core/index.js';
import { parseTomlSubset } from './parse-toml-subset.js';
import {
  TELECOM_TABLES,
  withPhoneDefaults,
  withSurroundingsDefaults,
  withTableDefaults,
} from './telecom-records.js';
import type { TelecomTable } from './telecom-records.js';

/** tau2's telecom data: the carrier's db, the customer's phone and the policy. */
export interface TelecomData {
  /** The carrier's tables, records keyed by id in the file's order, every field present. */
  readonly db: Readonly<Record<TelecomTable, Record<string, JsonObject>>>;
  /** The phone (tau2's MockPhoneAttributes) and the user's surroundings. */
  readonly userDb: { readonly device: JsonObject; readonly surroundings: JsonObject };
  readonly policy: string;
}

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads tau2's telecom folder: db.toml (the carrier's plans, customers,
 * lines, bills and devices), user_db.toml (the phone) and the policy, either
 * tau2's two files (main_policy.md and tech_support_manual.md, joined as
 * tau2 joins them) or one policy.md. Fills in what tau2's models default,
 * so s0 holds what tau2's db holds after loading. Fails with
 * E_ENVIRONMENT_INVALID naming every missing file, or the file, line and
 * field that does not read.
 *
 * @example
 * const environment = createTelecomEnvironment(loadTelecomData('data/tau2/domains/telecom'));
 */
export function loadTelecomData(folder: string): TelecomData {
  const policyFiles = existsSync(join(folder, 'policy.md'))
    ? ['policy.md']
    : ['main_policy.md', 'tech_support_manual.md'];
  const missing = ['db.toml', 'user_db.toml', ...policyFiles].filter(
    (file) => !existsSync(join(folder, file)),
  );
  if (missing.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `the telecom data folder ${folder} lacks ${missing.join(', ')}`,
      {
        problems: missing.map((file) => ({ file: join(folder, file), message: 'does not exist' })),
        hint: "The folder needs db.toml, user_db.toml and the policy (policy.md, or tau2's main_policy.md and tech_support_manual.md), as tau2's data/tau2/domains/telecom has.",
      },
    );
  }
  const dbFile = join(folder, 'db.toml');
  const userFile = join(folder, 'user_db.toml');
  const db = readDb(parseTomlSubset(readFileSync(dbFile, 'utf8'), dbFile), dbFile);
  const user = parseTomlSubset(readFileSync(userFile, 'utf8'), userFile);
  const problems: Problem[] = [];
  for (const key of Object.keys(user)) {
    if (key !== 'device' && key !== 'surroundings')
      problems.push({ file: userFile, path: key, message: 'is not device or surroundings' });
  }
  throwIfAny(problems);
  return {
    db,
    userDb: {
      device: withPhoneDefaults(isObject(user.device) ? user.device : {}),
      surroundings: withSurroundingsDefaults(isObject(user.surroundings) ? user.surroundings : {}),
    },
    policy: readPolicy(folder, policyFiles),
  };
}

function readPolicy(folder: string, files: readonly string[]): string {
  const [main, techSupport] = files.map((file) => readFileSync(join(folder, file), 'utf8'));
  if (techSupport === undefined) return main ?? '';
  return `<main_policy>\n${main ?? ''}\n</main_policy>\n<tech_support_policy>\n${techSupport}\n</tech_support_policy>`;
}

function readDb(parsed: JsonObject, file: string): TelecomData['db'] {
  const problems: Problem[] = [];
  const tables = Object.keys(TELECOM_TABLES) as TelecomTable[];
  for (const key of Object.keys(parsed)) {
    if (!(tables as string[]).includes(key))
      problems.push({ file, path: key, message: `is not one of ${tables.join(', ')}` });
  }
  const db = {} as Record<TelecomTable, Record<string, JsonObject>>;
  for (const table of tables) {
    const idField = TELECOM_TABLES[table];
    const rows = parsed[table] ?? [];
    const records: Record<string, JsonObject> = {};
    db[table] = records;
    if (!Array.isArray(rows)) {
      problems.push({ file, path: table, message: `must be an array of tables ([[${table}]])` });
      continue;
    }
    rows.forEach((row, index) => {
      const path = `${table}[${index}]`;
      const id = isObject(row) ? row[idField] : undefined;
      if (!isObject(row) || typeof id !== 'string') {
        problems.push({ file, path: `${path}.${idField}`, message: 'must be a string id' });
      } else if (Object.hasOwn(records, id)) {
        problems.push({ file, path: `${path}.${idField}`, message: `"${id}" is used twice` });
      } else {
        records[id] = withTableDefaults(table, row);
      }
    });
  }
  throwIfAny(problems);
  return db;
}

function throwIfAny(problems: readonly Problem[]): void {
  if (problems.length === 0) return;
  const first = problems[0]!;
  throw new EndstateError(
    'E_ENVIRONMENT_INVALID',
    `${first.file ?? 'telecom data'}: ${first.path ?? ''} ${first.message}`,
    {
      problems,
      hint: "Fix the records named; tau2's telecom db.toml is the model to follow.",
    },
  );
}
