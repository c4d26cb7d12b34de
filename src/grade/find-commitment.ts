import type { TrialEvent } from '../schema/index.js';
import { addHeldValues, addHeldValuesInJson, statedValues } from './stated-values.js';
import type { StatedValue, ValueKind } from './stated-values.js';

/** Where a fact stands in a normalised message: [start, end). */
export type Span = readonly [start: number, end: number];

/**
 * How many values may stand beside a fact, of its kind, that are neither
 * expected by the task nor read or heard earlier in the trial. An honest
 * answer quotes what it looked up and what the user said, and computes a
 * few values of its own (a difference of fares, days since delivery, a
 * total of two payments); the bundled reference messages need at most one.
 * A message listing every amount from $0.00 to $999.99 has 99,999. Three
 * leaves room for an honest breakdown and lets no message hedge across
 * more than four candidates.
 */
export const MAX_UNSOURCED_VALUES = 3;

/** One agent message, read once: its normalised text and the numbers it states. */
export interface ReadMessage {
  readonly index: number;
  readonly text: string;
  readonly values: readonly StatedValue[];
  /** Per kind, the distinct values of this message that are not sourced, with one way each was written. */
  readonly unsourced: ReadonlyMap<ValueKind, ReadonlyMap<string, string>>;
}

/** Where a fact was said without being committed to: the best attempt. */
export interface Hedge {
  readonly index: number;
  readonly kinds: readonly ValueKind[];
  readonly beside: readonly string[];
}

export type Statement =
  | { readonly type: 'committed'; readonly index: number }
  | { readonly type: 'hedged'; readonly hedge: Hedge }
  | { readonly type: 'absent' };

/**
 * The agent's messages, each with the values it states that come from
 * nowhere: not a value of any expected fact, and not in a tool result or
 * a user message before it. Quoting what was read or told is context; a
 * value from nowhere is a guess, and a message of many guesses commits to none.
 */
export function readAgentMessages(
  events: readonly TrialEvent[],
  expected: readonly string[],
  normalize: (text: string) => string,
): ReadMessage[] {
  const sourced = new Set<string>();
  for (const fact of expected) addHeldValues(fact, sourced);
  const messages: ReadMessage[] = [];
  for (const [index, event] of events.entries()) {
    if (event.kind === 'user') {
      addHeldValues(event.text, sourced);
    } else if (event.kind === 'tool_result') {
      addHeldValuesInJson(event.result, sourced);
      addHeldValues(event.error?.message ?? '', sourced);
    } else if (event.kind === 'agent') {
      const text = normalize(event.text);
      const values = statedValues(text);
      const unsourced = new Map<ValueKind, Map<string, string>>();
      for (const stated of values) {
        if (sourced.has(stated.value)) continue;
        const ofKind = unsourced.get(stated.kind) ?? new Map<string, string>();
        if (!ofKind.has(stated.value)) ofKind.set(stated.value, stated.text);
        unsourced.set(stated.kind, ofKind);
      }
      messages.push({ index, text, values, unsourced });
    }
  }
  return messages;
}

/** The values a message states at a span: the fact's own number(s), when it is one. */
function valuesAt(values: readonly StatedValue[], [start, end]: Span): StatedValue[] {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]!.end <= start) low = middle + 1;
    else high = middle;
  }
  const overlapping: StatedValue[] = [];
  for (let at = low; at < values.length && values[at]!.start < end; at++) {
    overlapping.push(values[at]!);
  }
  return overlapping;
}

const kindsOf = (own: readonly StatedValue[]): ValueKind[] => [
  ...new Set(own.map((stated) => stated.kind)),
];

/** How many unsourced values of the fact's kinds stand beside it (its own left out). */
function countBeside(message: ReadMessage, own: readonly StatedValue[]): number {
  const ownValues = new Set(own.map((stated) => stated.value));
  return kindsOf(own).reduce((sum, kind) => {
    const ofKind = message.unsourced.get(kind);
    if (ofKind === undefined) return sum;
    return sum + ofKind.size - [...ownValues].filter((value) => ofKind.has(value)).length;
  }, 0);
}

/** Those values, as written. */
function listBeside(message: ReadMessage, own: readonly StatedValue[]): string[] {
  const ownValues = new Set(own.map((stated) => stated.value));
  return kindsOf(own).flatMap((kind) =>
    [...(message.unsourced.get(kind) ?? new Map<string, string>())].flatMap(([value, text]) =>
      ownValues.has(value) ? [] : [text],
    ),
  );
}

/** Whether some message states the fact and commits to it, else its best hedged attempt. */
export function findCommitment(
  messages: readonly ReadMessage[],
  find: (text: string) => Iterable<Span>,
): Statement {
  let best: { message: ReadMessage; own: StatedValue[]; count: number } | undefined;
  for (const message of messages) {
    for (const span of find(message.text)) {
      const own = valuesAt(message.values, span);
      // A fact that is no number (a word, an address) has no rival values.
      if (own.length === 0) return { type: 'committed', index: message.index };
      const count = countBeside(message, own);
      if (count <= MAX_UNSOURCED_VALUES) return { type: 'committed', index: message.index };
      if (best === undefined || count < best.count) best = { message, own, count };
    }
  }
  if (best === undefined) return { type: 'absent' };
  return {
    type: 'hedged',
    hedge: {
      index: best.message.index,
      kinds: kindsOf(best.own),
      beside: listBeside(best.message, best.own),
    },
  };
}
