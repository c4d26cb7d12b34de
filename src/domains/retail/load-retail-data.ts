import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EndstateError, isJsonObject } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';

/** tau-bench's retail database and the policy the agent is given. */
export interface RetailData {
  users: Record<string, JsonObject>;
  orders: Record<string, JsonObject>;
  products: Record<string, JsonObject>;
  policy: string;
}

const RETAIL_FILES = ['users.json', 'orders.json', 'products.json', 'policy.md'];

/**
 * Reads users.json, orders.json, products.json and policy.md from a folder
 * (tau-bench's `envs/retail/data` plus its `wiki.md`). Fails with
 * E_ENVIRONMENT_INVALID naming every missing file, or the file that is not a
 * JSON object of records.
 *
 * @example
 * const environment = createRetailEnvironment(loadRetailData('examples/retail/data'));
 */
export function loadRetailData(folder: string): RetailData {
  const missing = RETAIL_FILES.filter((file) => !existsSync(join(folder, file)));
  if (missing.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `the retail data folder ${folder} lacks ${missing.join(', ')}`,
      {
        problems: missing.map((file) => ({ file: join(folder, file), message: 'does not exist' })),
        hint: 'The folder needs users.json, orders.json, products.json and policy.md, as in examples/retail/data.',
      },
    );
  }
  return {
    users: readCollection(join(folder, 'users.json')),
    orders: readCollection(join(folder, 'orders.json')),
    products: readCollection(join(folder, 'products.json')),
    policy: readFileSync(join(folder, 'policy.md'), 'utf8'),
  };
}

function readCollection(file: string): Record<string, JsonObject> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EndstateError('E_ENVIRONMENT_INVALID', `retail data file ${file} does not parse`, {
      problems: [{ file, message: reason }],
      cause: error,
    });
  }
  if (!isJsonObject(parsed) || !Object.values(parsed).every(isJsonObject)) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `retail data file ${file} is not a JSON object of records keyed by id`,
      { problems: [{ file, message: 'expected {"<id>": {...}, ...}' }] },
    );
  }
  return parsed as Record<string, JsonObject>;
}
