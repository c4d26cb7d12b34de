import { isJsonObject } from '../core/index.js';
import type { JsonObject, JsonValue } from '../core/index.js';
import { TRIAL_RECORD_VERSION, TrialRecordSchema } from './trial-record.js';
import type { TrialRecord } from './trial-record.js';

/** The version-1 graders' versions: the harness's grader version when version 2 came. */
const V1_GRADER_VERSION = '3';

/**
 * A record written by an earlier endstate, brought to the current version
 * (unchanged when it is current). Version 1 kept three fixed fields:
 * `outcome` and `response` become gate grades, `constraints` a constraint
 * grade; a response or constraint grade with no checks was not declared by
 * the task and is left out, as the current graders leave it out. Version 2
 * had no unknown costs: its costs carry over as they were.
 */
export function migrateTrialRecord(stored: JsonObject): JsonObject {
  if (stored.record_version === 2) return { ...stored, record_version: TRIAL_RECORD_VERSION };
  if (stored.record_version !== 1) return stored;
  const { outcome, constraints, response, ...rest } = stored;
  const grades: Record<string, JsonValue> = {};
  const v1Grade = (role: string, pass: JsonValue | undefined, checks: JsonValue | undefined) => ({
    version: V1_GRADER_VERSION,
    role,
    pass: pass ?? false,
    score: null,
    checks: checks ?? [],
    evidence: null,
    error: null,
  });
  if (isJsonObject(outcome)) grades.outcome = v1Grade('gate', outcome.pass, outcome.checks);
  if (isJsonObject(response) && Array.isArray(response.checks) && response.checks.length > 0)
    grades.response = v1Grade('gate', response.pass, response.checks);
  if (Array.isArray(constraints) && constraints.length > 0) {
    const pass = constraints.every((check) => isJsonObject(check) && check.pass === true);
    grades.constraints = v1Grade('constraint', pass, constraints);
  }
  return { ...rest, record_version: TRIAL_RECORD_VERSION, grades, partial_score: null };
}

/**
 * A stored trial as a current record: migrated from an earlier version
 * when needed, then validated against the schema. Throws naming the trial
 * and the first field that does not fit.
 */
export function readTrialRecord(stored: unknown): TrialRecord {
  const object = typeof stored === 'object' && stored !== null ? (stored as JsonObject) : {};
  const name = JSON.stringify(object.trial_id ?? null);
  const version = object.record_version;
  if (version !== 1 && version !== 2 && version !== TRIAL_RECORD_VERSION) {
    throw new Error(
      `trial ${name} has record version ${JSON.stringify(version ?? null)}, this endstate reads 1 to ${TRIAL_RECORD_VERSION}: upgrade endstate to read it`,
    );
  }
  const parsed = TrialRecordSchema.safeParse(migrateTrialRecord(object));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(
    `trial ${name} does not fit the trial record schema at ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
}
