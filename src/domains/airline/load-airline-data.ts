import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EndstateError, isJsonObject } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';

/** tau-bench's airline database and the policy the agent is given. */
export interface AirlineData {
  flights: Record<string, JsonObject>;
  reservations: Record<string, JsonObject>;
  users: Record<string, JsonObject>;
  policy: string;
}

const COLLECTION_FILES = ['flights.json', 'reservations.json', 'users.json'] as const;

/** Where the files are: a suite's flat data folder, or tau-bench's own airline folder. */
function locate(folder: string): { data: string; policy: string } | undefined {
  if (existsSync(join(folder, 'flights.json'))) {
    return { data: folder, policy: join(folder, 'policy.md') };
  }
  if (existsSync(join(folder, 'data', 'flights.json'))) {
    return { data: join(folder, 'data'), policy: join(folder, 'wiki.md') };
  }
  return undefined;
}

/**
 * Reads flights.json, reservations.json, users.json and the policy from a
 * folder: either a suite's data folder (the three files and policy.md side
 * by side) or tau-bench's `tau_bench/envs/airline` folder (`data/*.json`
 * and `wiki.md`). Fails with E_ENVIRONMENT_INVALID naming every missing
 * file, or the file that is not a JSON object of records.
 *
 * @example
 * const environment = createAirlineEnvironment(loadAirlineData('my-airline/data'));
 */
export function loadAirlineData(folder: string): AirlineData {
  const place = locate(folder) ?? { data: folder, policy: join(folder, 'policy.md') };
  const files = [...COLLECTION_FILES.map((file) => join(place.data, file)), place.policy];
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `the airline data folder ${folder} lacks ${missing.join(', ')}`,
      {
        problems: missing.map((file) => ({ file, message: 'does not exist' })),
        hint: "The folder needs flights.json, reservations.json, users.json and policy.md, or is tau-bench's tau_bench/envs/airline folder (data/*.json and wiki.md).",
      },
    );
  }
  return {
    flights: readCollection(join(place.data, 'flights.json')),
    reservations: readCollection(join(place.data, 'reservations.json')),
    users: readCollection(join(place.data, 'users.json')),
    policy: readFileSync(place.policy, 'utf8'),
  };
}

function readCollection(file: string): Record<string, JsonObject> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EndstateError('E_ENVIRONMENT_INVALID', `airline data file ${file} does not parse`, {
      problems: [{ file, message: reason }],
      hint: 'Fix the JSON, or take the file again from a tau-bench checkout.',
      cause: error,
    });
  }
  if (!isJsonObject(parsed) || !Object.values(parsed).every(isJsonObject)) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `airline data file ${file} is not a JSON object of records keyed by id`,
      {
        problems: [{ file, message: 'expected {"<id>": {...}, ...}' }],
        hint: 'Each data file maps ids to records, as tau-bench stores them.',
      },
    );
  }
  return parsed as Record<string, JsonObject>;
}
