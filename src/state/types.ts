import type { JsonObject } from '../core/index.js';

/** One record of a collection: a JSON object. */
export type StateRecord = JsonObject;

/** The canonical form of any environment's data: collection → id → record. */
export type StateSnapshot = Readonly<Record<string, Readonly<Record<string, StateRecord>>>>;

/** One record's change between s0 and sT; `null` means absent. */
export interface RecordChange {
  readonly before: StateRecord | null;
  readonly after: StateRecord | null;
}

/** Every record that differs between s0 and sT: collection → id → change. */
export type StateDiff = Readonly<Record<string, Readonly<Record<string, RecordChange>>>>;
