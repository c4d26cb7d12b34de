import type { Check, Grade, TrialEvent } from '../schema/index.js';

/** Lower case, thousands separators dropped (1,299.00 → 1299.00), whitespace collapsed. */
export function normalizeForMatch(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d)[,\u00a0\u202f](?=\d{3}(\D|$))/g, '$1')
    .replace(/\s+/g, ' ');
}

export interface ResponseInput {
  readonly communicate: readonly string[];
  readonly events: readonly TrialEvent[];
}

/** Required facts appear in what the agent said to the user (its messages and final answer). */
export function gradeResponse({ communicate, events }: ResponseInput): Grade {
  const messages = events.flatMap((event, index) =>
    event.kind === 'agent' ? [{ index, text: normalizeForMatch(event.text) }] : [],
  );
  const checks: Check[] = communicate.map((fact, index) => {
    const needle = normalizeForMatch(fact);
    const found = messages.find((message) => message.text.includes(needle));
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
