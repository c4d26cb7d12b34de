import type { Check, Grade, TrialEvent } from '../schema/index.js';

/** Lower case, thousands separators dropped (1,299.00 → 1299.00), whitespace collapsed. */
export function normalizeForMatch(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d)[,\u00a0\u202f](?=\d{3}(\D|$))/g, '$1')
    .replace(/\s+/g, ' ');
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A fact matches as a whole token: "80" is found in "$80" and "80.00" but
 * not in "$180" or "1805"; "sale" is not found in "wholesale".
 */
function factPattern(fact: string): RegExp {
  const needle = normalizeForMatch(fact);
  const before = /^[\p{L}\p{N}]/u.test(needle) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = /[\p{L}\p{N}]$/u.test(needle) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${escape(needle)}${after}`, 'u');
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
  const pattern = factPattern(fact);
  return (message) => pattern.test(normalizeForMatch(message));
}

/** Required facts appear in what the agent said to the user (its messages and final answer). */
export function gradeResponse({ communicate, events, match = 'token' }: ResponseInput): Grade {
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
