import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EndstateError } from '../../core/index.js';
import { readTau2Db } from '../taubench/index.js';
import type { JsonObject } from '../../core/index.js';
import type { RetailData } from './load-retail-data.js';

const COLLECTIONS = ['users', 'orders', 'products'] as const;

/**
 * The optional fields of tau2's `Order` model, absent from its db.json and
 * null until a tool sets them: tau2 shows every order with them (its tools
 * answer `model_dump()`), so s0 holds them too.
 */
const ORDER_DEFAULTS = [
  'cancel_reason',
  'exchange_items',
  'exchange_new_items',
  'exchange_payment_method_id',
  'exchange_price_difference',
  'return_items',
  'return_payment_method_id',
] as const;

/**
 * Reads a tau2 retail domain folder (`data/tau2/domains/retail`): db.json
 * (`{ products, users, orders }`, each keyed by id) and policy.md. Fails
 * with E_ENVIRONMENT_INVALID naming the file and what it lacks.
 *
 * @example
 * const environment = createTau2RetailEnvironment(loadTau2RetailData('tau2-bench/data/tau2/domains/retail'));
 */
export function loadTau2RetailData(folder: string): RetailData {
  const dbFile = join(folder, 'db.json');
  const policyFile = join(folder, 'policy.md');
  const missing = [dbFile, policyFile].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `the tau2 domain folder ${folder} lacks ${missing.join(', ')}`,
      {
        problems: missing.map((file) => ({ file, message: 'does not exist' })),
        hint: "Give tau2's domain folder (data/tau2/domains/retail in a tau2-bench checkout), with db.json and policy.md.",
      },
    );
  }
  const db = readTau2Db(
    dbFile,
    COLLECTIONS,
    'a retail',
    'tau2\'s retail db.json is {"products": {...}, "users": {...}, "orders": {...}}, each keyed by id.',
  );
  return {
    users: db.users,
    orders: Object.fromEntries(
      Object.entries(db.orders).map(([id, order]) => [id, withOrderDefaults(order)]),
    ),
    products: db.products,
    policy: readFileSync(policyFile, 'utf8'),
  };
}

function withOrderDefaults(order: JsonObject): JsonObject {
  const filled: JsonObject = { ...order };
  for (const field of ORDER_DEFAULTS) if (!(field in filled)) filled[field] = null;
  return filled;
}
