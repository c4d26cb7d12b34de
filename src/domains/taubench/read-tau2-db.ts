import { readFileSync } from 'node:fs';
import { EndstateError, isJsonObject } from '../../core/index.js';
import type { JsonObject } from '../../core/index.js';

/**
 * Reads a tau2 domain's db.json: an object holding each of `collections`
 * as records keyed by id. Fails with E_ENVIRONMENT_INVALID naming the file
 * and each collection that is missing or not of records; `hint` shows the
 * domain's expected shape.
 */
export function readTau2Db<Collection extends string>(
  file: string,
  collections: readonly Collection[],
  domain: string,
  hint: string,
): Record<Collection, Record<string, JsonObject>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new EndstateError('E_ENVIRONMENT_INVALID', `tau2 database ${file} does not parse`, {
      problems: [{ file, message: error instanceof Error ? error.message : String(error) }],
      cause: error,
    });
  }
  const problems = collections.flatMap((collection) => {
    const records = isJsonObject(parsed) ? parsed[collection] : undefined;
    return isJsonObject(records) && Object.values(records).every(isJsonObject)
      ? []
      : [{ file, path: collection, message: 'expected an object of records keyed by id' }];
  });
  if (!isJsonObject(parsed) || problems.length > 0) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `tau2 database ${file} is not ${domain} database`,
      { problems, hint },
    );
  }
  return parsed as Record<Collection, Record<string, JsonObject>>;
}
