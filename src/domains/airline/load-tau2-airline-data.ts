import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EndstateError, isJsonObject } from '../../core/index.js';
import { readTau2Db } from '../taubench/index.js';
import type { JsonObject } from '../../core/index.js';
import type { AirlineData } from './load-airline-data.js';

const COLLECTIONS = ['flights', 'reservations', 'users'] as const;

/**
 * Reads a tau2 airline domain folder (`data/tau2/domains/airline`): db.json
 * (`{ flights, reservations, users }`, each keyed by id) and policy.md.
 * Optional fields of tau2's models that the file leaves out (a
 * reservation's `status`, an address's `address2`) are null, as tau2 shows
 * every record (its tools answer `model_dump()`). Fails with
 * E_ENVIRONMENT_INVALID naming the file and what it lacks.
 *
 * @example
 * const environment = createTau2AirlineEnvironment(loadTau2AirlineData('tau2-bench/data/tau2/domains/airline'));
 */
export function loadTau2AirlineData(folder: string): AirlineData {
  const dbFile = join(folder, 'db.json');
  const policyFile = join(folder, 'policy.md');
  const missing = [dbFile, policyFile].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `the tau2 domain folder ${folder} lacks ${missing.join(', ')}`,
      {
        problems: missing.map((file) => ({ file, message: 'does not exist' })),
        hint: "Give tau2's domain folder (data/tau2/domains/airline in a tau2-bench checkout), with db.json and policy.md.",
      },
    );
  }
  const db = readTau2Db(
    dbFile,
    COLLECTIONS,
    'an airline',
    'tau2\'s airline db.json is {"flights": {...}, "reservations": {...}, "users": {...}}, each keyed by id.',
  );
  return {
    flights: db.flights,
    reservations: mapRecords(db.reservations, (reservation) => ({
      ...reservation,
      status: reservation.status ?? null,
    })),
    users: mapRecords(db.users, (user) =>
      isJsonObject(user.address)
        ? { ...user, address: { ...user.address, address2: user.address.address2 ?? null } }
        : user,
    ),
    policy: readFileSync(policyFile, 'utf8'),
  };
}

function mapRecords(
  records: Record<string, JsonObject>,
  fill: (record: JsonObject) => JsonObject,
): Record<string, JsonObject> {
  return Object.fromEntries(Object.entries(records).map(([id, record]) => [id, fill(record)]));
}
