import type { Check, GraderOutput, TrialEvent } from '../schema/index.js';
import { codePointBefore, codePointFrom } from '../core/index.js';

/** Lower case, thousands separators dropped (1,299.00 → 1299.00), whitespace collapsed. */
export function normalizeForMatch(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d)[,\u00a0\u202f](?=\d{3}(\D|$))/g, '$1')
    .replace(/\s+/g, ' ');
}

const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * A fact matches as a whole token: "80" is found in "$80" and "80.00" but
 * not in "$180" or "1805"; "sale" is not found in "wholesale". A search,
 * not a regular expression: a fact of any length (even one past the size a
 * RegExp can hold) is matched the same way.
 */
function tokenMatcher(fact: string): (message: string) => boolean {
  const needle = normalizeForMatch(fact);
  const boundedBefore = WORD_CHARACTER.test(codePointFrom(needle, 0));
  const boundedAfter = WORD_CHARACTER.test(codePointBefore(needle, needle.length));
  return (message) => {
    const text = normalizeForMatch(message);
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      if (boundedBefore && WORD_CHARACTER.test(codePointBefore(text, at))) continue;
      if (boundedAfter && WORD_CHARACTER.test(codePointFrom(text, at + needle.length))) continue;
      return true;
    }
    return false;
  };
}

export interface ResponseInput {
  readonly communicate: readonly string[];
  readonly events: readonly TrialEvent[];
  /** `token` (default) or tau-bench's `substring` (commas removed, case-insensitive). */
  readonly match?: 'token' | 'substring';
}

function matcher(fact: string, mode: 'token' | 'substring'): (message: string) => boolean {
  if (mode === 'substring') {
    const needle = fact.toLowerCase().replaceAll(',', '');
    return (message) => message.toLowerCase().replaceAll(',', '').includes(needle);
  }
  return tokenMatcher(fact);
}

/** Required facts appear in what the agent said to the user (its messages and final answer). */
export function gradeResponse({
  communicate,
  events,
  match = 'token',
}: ResponseInput): GraderOutput {
  const messages = events.flatMap((event, index) =>
    event.kind === 'agent' ? [{ index, text: event.text }] : [],
  );
  const checks: Check[] = communicate.map((fact, index) => {
    const matches = matcher(fact, match);
    const found = messages.find((message) => matches(message.text));
    return {
      id: `expect.communicate[${index}]`,
      kind: 'communicate',
      pass: found !== undefined,
      message:
        found !== undefined
          ? `"${fact}" was said to the user`
          : `"${fact}" never appears in the agent's ${messages.length} message(s) to the user`,
      evidence: { fact, event_index: found?.index ?? null },
    };
  });
  return { pass: checks.every((check) => check.pass), checks };
}
