import { quoteKey } from './quote-key.js';

/**
 * JSON text of state records, written once per record. s0's records are
 * deep-frozen and shared by every trial of a suite, and they reach every
 * trial record twice over: as the `before` side of the state diff and as
 * the results of lookups: a large share of a trial record's text. Storing
 * a run writes each fixture record's text once instead of once per trial.
 *
 * Only s0's records are kept (`freezeState` marks them with
 * `rememberRecordJson`): frozen all the way down, their text can never
 * change, and they live as long as their suite. Records a trial writes
 * are not kept (their text outlived young-generation collections): the
 * caller writes each once per trial record (`written`). The table is
 * found through a global symbol, so two copies of endstate loaded in one
 * process (a suite's environment module importing the sources, the CLI
 * its build) share it. Entries go with their records (a WeakMap).
 */
const TABLE_KEY = Symbol.for('endstate.record-json');

type Table = WeakMap<object, string | null>;

const table: Table = ((globalThis as Record<symbol, Table | undefined>)[TABLE_KEY] ??=
  new WeakMap());

/** Marks a deep-frozen JSON record as one whose text may be kept (written on first use). */
export function rememberRecordJson(record: object): void {
  if (!table.has(record)) table.set(record, null);
}

/** Whether the value is a remembered record (its text is, or will be, kept). */
export function isRememberedRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && table.has(value);
}

/**
 * `JSON.stringify(value)`, the same text, with the kept text of every
 * remembered record found within `depth` levels of objects and arrays,
 * and the text `written` gives for other objects (written by the caller
 * for this one value: a record a trial wrote is both a change's `after`
 * and the result of the call that wrote it). Below that depth the
 * engine's own stringify writes the rest.
 *
 * @example
 * jsonWithRecords(trial.state_diff, 3) // table → id → change → before/after
 */
export function jsonWithRecords(
  value: unknown,
  depth: number,
  written?: ReadonlyMap<object, string>,
): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const known = written?.get(value);
  if (known !== undefined) return known;
  const kept = table.get(value);
  if (kept !== undefined) {
    if (kept !== null) return kept;
    const text = JSON.stringify(value);
    table.set(value, text);
    return text;
  }
  if (depth <= 0 || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ',';
      out += jsonWithRecords(value[index], depth - 1, written) ?? 'null';
    }
    return `${out}]`;
  }
  let out = '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const text = jsonWithRecords((value as Record<string, unknown>)[key], depth - 1, written);
    if (text === undefined) continue;
    out += `${first ? '' : ','}${quoteKey(key)}:${text}`;
    first = false;
  }
  return `${out}}`;
}
