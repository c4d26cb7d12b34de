import { createHmac, hash } from 'node:crypto';
import { canonicalJson } from '../core/index.js';
import type { RunRecord } from '../schema/index.js';

/** A trial as stored, in whatever record version it was written: what a seal covers. */
export interface StoredTrial {
  readonly run_id: string;
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun: number;
  readonly [field: string]: unknown;
}

/**
 * A stored trial's seal: an HMAC-SHA256, under the store's key, of the
 * trial's canonical JSON (with its run, task, attempt and rerun), and a
 * short HMAC per top-level field, so a broken seal can say which fields
 * changed. Without the key nobody can make a seal that verifies.
 */
export interface TrialSeal {
  readonly v: 1;
  /** 64 hex digits. */
  readonly mac: string;
  /**
   * Field name → 12 hex digits of SHA-256 of the field's canonical JSON,
   * prefixed with a secret derived from the key (diagnostics only: `mac`
   * decides; one hash per field costs a fraction of one HMAC per field).
   */
  readonly fields: Readonly<Record<string, string>>;
}

/** One trial as a run's seal lists it. */
export interface SealedTrialEntry {
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun: number;
  readonly mac: string;
}

/**
 * A run's seal: an HMAC of its record and, once the run is finished or
 * interrupted, of the ordered list of its trials' seals, so a trial deleted
 * or added afterwards is found too. `trials` is null while the run is open.
 */
export interface RunSeal {
  readonly v: 1;
  /** Over the run record and `trials`. */
  readonly mac: string;
  /** Over the run record alone, to tell a changed record from a changed list. */
  readonly record_mac: string;
  readonly trials: readonly SealedTrialEntry[] | null;
}

const FIELD_MAC_HEX = 12;

/** Per key: the secret prefix of its field digests (an HMAC of a fixed label). */
const fieldPrefixes = new WeakMap<Uint8Array, string>();

/** The secret a key's field digests start from. */
export function fieldPrefix(key: Uint8Array): string {
  let prefix = fieldPrefixes.get(key);
  if (prefix === undefined) {
    prefix = createHmac('sha256', key).update('endstate field digests v1').digest('hex');
    fieldPrefixes.set(key, prefix);
  }
  return prefix;
}

function hmac(key: Uint8Array, value: unknown): string {
  return createHmac('sha256', key).update(canonicalJson(value)).digest('hex');
}

/** Trials in a seal's order: task id (code points), attempt, rerun. */
export function orderSealedTrials(
  entries: readonly SealedTrialEntry[],
): readonly SealedTrialEntry[] {
  return [...entries].sort(
    (a, b) =>
      (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0) ||
      a.attempt - b.attempt ||
      a.rerun - b.rerun,
  );
}

/** `task_id` attempt `attempt` (rerun `rerun`): how a trial is named in a seal's findings. */
export function trialKey(trial: {
  readonly task_id: string;
  readonly attempt: number;
  readonly rerun: number;
}): string {
  return `${trial.task_id} attempt ${trial.attempt}${trial.rerun > 0 ? ` rerun ${trial.rerun}` : ''}`;
}

/**
 * Seals one trial record under `key`. Each field is written as canonical
 * JSON once, for its own HMAC and as part of the record's: the same bytes
 * as canonicalJson of the whole (its keys are ASCII, so code-unit order is
 * plain order), at half the cost of writing it twice.
 */
export function sealTrial(key: Uint8Array, trial: StoredTrial): TrialSeal {
  const identity = {
    run_id: trial.run_id,
    task_id: trial.task_id,
    attempt: trial.attempt,
    rerun: trial.rerun,
  };
  const names = Object.keys(trial)
    .filter((name) => trial[name] !== undefined) // as JSON has it: absent
    .sort();
  const fields: Record<string, string> = {};
  const members: string[] = [];
  const prefix = fieldPrefix(key);
  for (const name of names) {
    const value = canonicalJson(trial[name]);
    const member = `${JSON.stringify(name)}:${value}`;
    members.push(member);
    fields[name] = hash('sha256', `${prefix}${member}`, 'hex').slice(0, FIELD_MAC_HEX);
  }
  const whole = `{"attempt":${identity.attempt},"kind":"trial","record":{${members.join(',')}},"rerun":${identity.rerun},"run_id":${JSON.stringify(identity.run_id)},"task_id":${JSON.stringify(identity.task_id)}}`;
  return { v: 1, mac: createHmac('sha256', key).update(whole).digest('hex'), fields };
}

/** Seals a run record, with the seals of its trials once it is closed (null while open). */
export function sealRun(
  key: Uint8Array,
  run: RunRecord,
  trials: readonly SealedTrialEntry[] | null,
): RunSeal {
  const ordered = trials === null ? null : orderSealedTrials(trials);
  return {
    v: 1,
    mac: hmac(key, { kind: 'run', run, trials: ordered }),
    record_mac: hmac(key, { kind: 'run-record', run }),
    trials: ordered,
  };
}
