import type { Check, GraderOutput, TrialEvent } from '../schema/index.js';
import { codePointBefore, codePointFrom } from '../core/index.js';
import { findCommitment, MAX_UNSOURCED_VALUES, readAgentMessages } from './find-commitment.js';
import type { Hedge, Span } from './find-commitment.js';
import type { ValueKind } from './stated-values.js';

/** Lower case, thousands separators dropped (1,299.00 → 1299.00), whitespace collapsed. */
export function normalizeForMatch(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d)[,\u00a0\u202f](?=\d{3}(\D|$))/g, '$1')
    .replace(/\s+/g, ' ');
}

/** tau-bench's normalisation: lower case, every comma removed. */
function normalizeForSubstring(text: string): string {
  return text.toLowerCase().replaceAll(',', '');
}

const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;

/**
 * Where a fact stands in a normalised message. In `token` mode it matches
 * as a whole token: "80" is found in "$80" and "80.00" but not in "$180"
 * or "1805"; "sale" is not found in "wholesale". A search, not a regular
 * expression: a fact of any length (even one past the size a RegExp can
 * hold) is matched the same way.
 */
function occurrencesOf(
  fact: string,
  mode: 'token' | 'substring',
): (text: string) => Iterable<Span> {
  const needle = mode === 'token' ? normalizeForMatch(fact) : normalizeForSubstring(fact);
  const boundedBefore = mode === 'token' && WORD_CHARACTER.test(codePointFrom(needle, 0));
  const boundedAfter =
    mode === 'token' && WORD_CHARACTER.test(codePointBefore(needle, needle.length));
  return function* (text) {
    if (needle.length === 0) {
      yield [0, 0];
      return;
    }
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      if (boundedBefore && WORD_CHARACTER.test(codePointBefore(text, at))) continue;
      if (boundedAfter && WORD_CHARACTER.test(codePointFrom(text, at + needle.length))) continue;
      yield [at, at + needle.length];
    }
  };
}

const KIND_PLURAL: Record<ValueKind, string> = { amount: 'amounts', number: 'numbers' };

function describeHedge(fact: string, hedge: Hedge): string {
  const what = hedge.kinds.length === 1 ? KIND_PLURAL[hedge.kinds[0]!] : 'values';
  const sample = hedge.beside.slice(0, 3).join(', ');
  const more = hedge.beside.length > 3 ? ', ...' : '';
  return (
    `"${fact}" was said, but beside ${hedge.beside.length} other ${what} (${sample}${more}): ` +
    `not a commitment (at most ${MAX_UNSOURCED_VALUES} values that no tool result, user ` +
    `message or expected fact gave may stand beside it)`
  );
}

export interface ResponseInput {
  readonly communicate: readonly string[];
  readonly events: readonly TrialEvent[];
  /** `token` (default) or tau-bench's `substring` (commas removed, case-insensitive). */
  readonly match?: 'token' | 'substring';
  /**
   * Every fact the task expects the agent to say (default: `communicate`):
   * their values may stand beside each other in one message.
   */
  readonly expected?: readonly string[];
}

/**
 * Required facts appear in what the agent said to the user (its messages
 * and final answer), each in a message that commits to it: one that does
 * not state more than MAX_UNSOURCED_VALUES other values of its kind from nowhere.
 */
export function gradeResponse({
  communicate,
  events,
  match = 'token',
  expected = communicate,
}: ResponseInput): GraderOutput {
  const normalize = match === 'token' ? normalizeForMatch : normalizeForSubstring;
  const messages = readAgentMessages(events, expected, normalize);
  const checks: Check[] = communicate.map((fact, index) => {
    const statement = findCommitment(messages, occurrencesOf(fact, match));
    const id = `expect.communicate[${index}]`;
    if (statement.type === 'committed') {
      return {
        id,
        kind: 'communicate',
        pass: true,
        message: `"${fact}" was said to the user`,
        evidence: { fact, event_index: statement.index },
      };
    }
    if (statement.type === 'hedged') {
      const { hedge } = statement;
      return {
        id,
        kind: 'communicate',
        pass: false,
        message: describeHedge(fact, hedge),
        evidence: {
          fact,
          event_index: null,
          said_at: hedge.index,
          beside: { count: hedge.beside.length, sample: hedge.beside.slice(0, 10) },
        },
        path: MESSAGES_PATH,
        expected: fact,
        actual: [saidText(events, hedge.index)],
      };
    }
    return {
      id,
      kind: 'communicate',
      pass: false,
      message: `"${fact}" never appears in the agent's ${messages.length} message(s) to the user`,
      evidence: { fact, event_index: null },
      path: MESSAGES_PATH,
      expected: fact,
      actual: lastMessages(events),
    };
  });
  return { pass: checks.every((check) => check.pass), checks };
}

/** What a failed fact check names as the place it looked. */
const MESSAGES_PATH = "the agent's messages to the user";

/** Longest message text a failed fact check keeps as what was said. */
const MAX_SAID_CHARS = 200;

const clipSaid = (text: string): string =>
  text.length <= MAX_SAID_CHARS ? text : `${text.slice(0, MAX_SAID_CHARS)}…`;

/** The text of the agent's message at an event index, cut. */
function saidText(events: readonly TrialEvent[], index: number): string {
  const event = events[index];
  return clipSaid(event?.kind === 'agent' ? event.text : '');
}

/** The agent's last three messages to the user, cut: what a missing fact was looked for in. */
function lastMessages(events: readonly TrialEvent[]): string[] {
  const said: string[] = [];
  for (const event of events) if (event.kind === 'agent') said.push(clipSaid(event.text));
  return said.slice(-3);
}

/** Whether a failed fact check found the fact, in a message that stated rival values beside it. */
export function isHedgedFact(check: Check): boolean {
  const evidence = check.evidence;
  return (
    !check.pass &&
    typeof evidence === 'object' &&
    evidence !== null &&
    !Array.isArray(evidence) &&
    typeof evidence['said_at'] === 'number'
  );
}
