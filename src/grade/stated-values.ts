import type { JsonValue } from '../core/index.js';

/**
 * How a number is written: an `amount` carries a currency sign or a
 * decimal fraction ($80, 42.99, €12); a `number` is a bare whole number
 * (a count, a day, an id such as 8842). Only values of a fact's own kind
 * rival it: an honest refund message also names its order, a date and a
 * number of days, and none of them is a second guess at the amount.
 */
export type ValueKind = 'amount' | 'number';

/** One number stated in a text, where it stands and what it is worth. */
export interface StatedValue {
  readonly kind: ValueKind;
  /** Comparable form: leading zeros and a fraction's trailing zeros dropped (80.00 → 80, 59.30 → 59.3). */
  readonly value: string;
  /** As written, currency sign included. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

// A run of letters and digits, with a decimal fraction and a currency sign
// in front when there are: "w7639559", "64gb" and "af125" are runs too, so
// that no number is read out of the middle of an id or a unit.
const RUN = /([$€£¥] ?)?[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu;
const NUMBER = /^([0-9]+)(?:\.([0-9]+))?$/;

function comparable(whole: string, fraction: string | undefined): string {
  const units = whole.replace(/^0+(?=\d)/, '');
  const decimals = (fraction ?? '').replace(/0+$/, '');
  return decimals.length > 0 ? `${units}.${decimals}` : units;
}

/** The numbers a text states, in order (the text as the matcher normalised it). */
export function statedValues(text: string): StatedValue[] {
  const values: StatedValue[] = [];
  for (const match of text.matchAll(RUN)) {
    const sign = match[1] ?? '';
    const number = NUMBER.exec(match[0].slice(sign.length));
    if (number === null) continue;
    values.push({
      kind: sign !== '' || number[2] !== undefined ? 'amount' : 'number',
      value: comparable(number[1]!, number[2]),
      text: match[0],
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return values;
}

const HELD = /([0-9]+(?:[,\u00a0\u202f][0-9]{3})*)(?:\.([0-9]+))?/g;

/**
 * Every value a text holds, read generously: each run of digits with its
 * thousands separators and fraction, wherever it stands ("2026-08-20T11:00"
 * holds 2026, 8, 20, 11 and 0; "$1,299.00" holds 1299). The values an agent
 * was given are excused, so reading too many only excuses more.
 */
export function heldValues(text: string): string[] {
  return [...text.matchAll(HELD)].map((match) =>
    comparable(match[1]!.replace(/[^0-9]/g, ''), match[2]),
  );
}

/** Adds the values `text` holds (see `heldValues`) to `into`. */
export function addHeldValues(text: string, into: Set<string>): void {
  for (const match of text.matchAll(HELD)) {
    into.add(comparable(match[1]!.replace(/[^0-9]/g, ''), match[2]));
  }
}

/**
 * Adds the values a JSON value holds (its numbers, and those its strings
 * and keys hold) to `into`, walking it once without copying: a tool result
 * of a few hundred records is read on every trial.
 */
export function addHeldValuesInJson(value: JsonValue | undefined, into: Set<string>): void {
  if (value === undefined || value === null || typeof value === 'boolean') return;
  if (typeof value === 'number') addHeldValues(String(value), into);
  else if (typeof value === 'string') addHeldValues(value, into);
  else if (Array.isArray(value)) for (const part of value) addHeldValuesInJson(part, into);
  else {
    for (const key in value) {
      addHeldValues(key, into);
      addHeldValuesInJson(value[key], into);
    }
  }
}
