import type { JsonValue } from '../core/index.js';
import type { StateDiff, StateRecord, StateSnapshot } from '../state/index.js';
import { CLAIM_VERBS, normalizeId } from './extract-claims.js';
import type { ActionClaim } from './extract-claims.js';

/**
 * Checks action claims against the state, knowing nothing of the domain:
 * which records changed, which ids and numbers they hold.
 *
 * A claim about the trial ("I have refunded order 8842 ($42.99)") holds when
 * - the diff is not empty;
 * - each id it names is the id of a changed, inserted or deleted record, or
 *   one of that record's field values (at any depth; `#` and case ignored;
 *   a text field may hold it as one of its words: "Order 8842 was refunded");
 * - each amount is a numeric field of such a record, in units or in cents
 *   (42.99 or 4299, within 0.005), or the sum of the claim's other amounts
 *   that hold ("$3,020 in total ($2,900 + $120)").
 *
 * A claim about what was so before the trial ("order 8870 was already
 * refunded on September 22") holds when each id it names is held by a
 * changed record (the past tense may speak of what the trial did), or by
 * a record of s0; for the actions with stems in CLAIM_VERBS that record
 * must also show the action (its collection's name or one of its text
 * values holds the stem: a `refunds` record, a status `cancelled`). Its amounts are not checked: nothing domain-agnostic ties
 * an amount in s0 to the action.
 *
 * Ids and amounts are checked one by one, not as pairs: "refunded order
 * 8842 ($25.99)" holds when 8842 changed and some changed record holds
 * 25.99, even if that is another record. Declared claims (`claims.verify`)
 * pin such pairs.
 */

export interface ClaimStateInput {
  readonly s0: StateSnapshot;
  readonly diff: StateDiff;
}

export interface ClaimVerdict {
  readonly claim: ActionClaim;
  readonly supported: boolean;
  readonly message: string;
  /** The ids no record of the state supports. */
  readonly unsupported_ids: readonly string[];
  /** The amounts no changed record holds (claims about the trial only). */
  readonly unsupported_amounts: readonly number[];
  /** `collection/id` of the records the verdict rests on (at most 20). */
  readonly records_looked_at: readonly string[];
}

interface KeyedRecord {
  readonly collection: string;
  readonly id: string;
  readonly record: StateRecord;
}

const MAX_RECORDS_SHOWN = 20;
const TOLERANCE = 0.005;

function scalarsOf(value: JsonValue | undefined, into: (string | number)[]): (string | number)[] {
  if (typeof value === 'string' || typeof value === 'number') into.push(value);
  else if (Array.isArray(value)) for (const item of value) scalarsOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) scalarsOf(item, into);
  }
  return into;
}

/** Whether a record is, or holds, the id. */
export function recordMentions(entry: KeyedRecord, id: string): boolean {
  const wanted = normalizeId(id);
  if (normalizeId(entry.id) === wanted) return true;
  return scalarsOf(entry.record, []).some((value) => {
    const text = normalizeId(String(value));
    if (text === wanted) return true;
    return (
      typeof value === 'string' &&
      text.split(/[^A-Z0-9_-]+/).some((word) => word.replace(/^-+|-+$/g, '') === wanted)
    );
  });
}

/** Whether a record holds the amount as a number, in units or cents. */
export function recordHoldsAmount(record: StateRecord, amount: number): boolean {
  return scalarsOf(record, []).some((value) => {
    const number =
      typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(number)) return false;
    return Math.abs(number - amount) <= TOLERANCE || Math.abs(number - amount * 100) <= TOLERANCE;
  });
}

function showsAction(entry: KeyedRecord, stems: readonly string[]): boolean {
  const texts = [
    entry.collection,
    ...scalarsOf(entry.record, []).filter((v) => typeof v === 'string'),
  ];
  return texts.some((text) => {
    const lower = text.toLowerCase();
    return stems.some((stem) => lower.includes(stem));
  });
}

function changedRecords(diff: StateDiff): KeyedRecord[] {
  return Object.entries(diff).flatMap(([collection, records]) =>
    Object.entries(records).flatMap(([id, change]) => {
      const record = change.after ?? change.before;
      return record === null ? [] : [{ collection, id, record }];
    }),
  );
}

function allRecords(s0: StateSnapshot, changed: readonly KeyedRecord[]): KeyedRecord[] {
  const records: KeyedRecord[] = [...changed];
  for (const [collection, byId] of Object.entries(s0)) {
    for (const [id, record] of Object.entries(byId)) records.push({ collection, id, record });
  }
  return records;
}

const keyOf = (entry: KeyedRecord) => `${entry.collection}/${entry.id}`;

function shown(entries: readonly KeyedRecord[]): string[] {
  return [...new Set(entries.map(keyOf))].slice(0, MAX_RECORDS_SHOWN);
}

const money = (amount: number) => amount.toFixed(2);

function checkAboutTrial(claim: ActionClaim, changed: readonly KeyedRecord[]): ClaimVerdict {
  if (changed.length === 0) {
    return {
      claim,
      supported: false,
      message: `"${claim.sentence}": nothing changed in the state`,
      unsupported_ids: [...claim.ids],
      unsupported_amounts: [...claim.amounts],
      records_looked_at: [],
    };
  }
  const used: KeyedRecord[] = [];
  const unsupportedIds = claim.ids.filter((id) => {
    const holding = changed.filter((entry) => recordMentions(entry, id));
    used.push(...holding);
    return holding.length === 0;
  });
  const held = claim.amounts.map((amount) => {
    const holding = changed.filter((entry) => recordHoldsAmount(entry.record, amount));
    used.push(...holding);
    return holding.length > 0;
  });
  const unsupportedAmounts = claim.amounts.filter((amount, index) => {
    if (held[index]) return false;
    const others = claim.amounts.filter((_, other) => other !== index && held[other]);
    const sum = others.reduce((total, value) => total + value, 0);
    return others.length < 2 || Math.abs(sum - amount) > TOLERANCE;
  });
  const supported = unsupportedIds.length === 0 && unsupportedAmounts.length === 0;
  const missing = [
    ...unsupportedIds.map((id) => `no changed record holds ${id}`),
    ...unsupportedAmounts.map((amount) => `no changed record holds the amount ${money(amount)}`),
  ];
  return {
    claim,
    supported,
    message: supported
      ? `"${claim.sentence}": the state changed accordingly`
      : `"${claim.sentence}": ${missing.join('; ')} (${changed.length} record(s) changed)`,
    unsupported_ids: unsupportedIds,
    unsupported_amounts: unsupportedAmounts,
    records_looked_at: shown(used.length > 0 ? used : changed),
  };
}

function checkAboutBefore(
  claim: ActionClaim,
  changed: readonly KeyedRecord[],
  records: () => KeyedRecord[],
): ClaimVerdict {
  const stems = CLAIM_VERBS[claim.action]?.stems ?? [];
  const used: KeyedRecord[] = [];
  const unsupportedIds = claim.ids.filter((id) => {
    // Said in the past tense of what the trial did ("item 1 was exchanged for 2").
    const touched = changed.filter((entry) => recordMentions(entry, id));
    if (touched.length > 0) {
      used.push(...touched);
      return false;
    }
    const holding = records().filter((entry) => recordMentions(entry, id));
    const showing = stems.length === 0 ? holding : holding.filter((e) => showsAction(e, stems));
    used.push(...(showing.length > 0 ? showing : holding));
    return showing.length === 0;
  });
  const supported = unsupportedIds.length === 0;
  return {
    claim,
    supported,
    message: supported
      ? `"${claim.sentence}": the state holds ${claim.ids.length === 0 ? 'nothing to check' : claim.ids.join(', ')}`
      : `"${claim.sentence}": no record of s0 or of the changes holds ${unsupportedIds.join(', ')}${stems.length > 0 ? ` with a sign of "${claim.action}"` : ''}`,
    unsupported_ids: unsupportedIds,
    unsupported_amounts: [],
    records_looked_at: shown(used),
  };
}

/** The verdict on each claim, in order. */
export function checkClaims(
  claims: readonly ActionClaim[],
  { s0, diff }: ClaimStateInput,
): ClaimVerdict[] {
  const changed = changedRecords(diff);
  let everything: KeyedRecord[] | undefined;
  const records = () => (everything ??= allRecords(s0, changed));
  return claims.map((claim) =>
    claim.prior ? checkAboutBefore(claim, changed, records) : checkAboutTrial(claim, changed),
  );
}
