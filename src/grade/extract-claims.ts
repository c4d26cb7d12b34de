import type { TrialEvent } from '../schema/index.js';

/**
 * The deterministic claims extractor: finds, in what the agent told the
 * user, the sentences that state an action as done ("order 8842 has been
 * refunded ($42.99)"), with the ids and amounts they name. Conservative on
 * purpose: a claim it finds can fail a trial, so questions, offers,
 * conditionals, future and negated phrasing never make a claim.
 */

/**
 * The verbs that make an action claim, as written in a done form (past
 * tense or participle), and the action each stands for. `stems` are the
 * words a record shows when the action happened before the trial (a
 * `refunds` collection, a status `cancelled`): a claim about the past is
 * checked against them.
 */
export const CLAIM_VERBS: Readonly<
  Record<string, { readonly words: readonly string[]; readonly stems: readonly string[] }>
> = {
  refund: { words: ['refunded'], stems: ['refund'] },
  cancel: { words: ['cancelled', 'canceled'], stems: ['cancel'] },
  change: {
    words: ['changed', 'updated', 'modified', 'moved', 'rebooked', 'upgraded', 'downgraded'],
    stems: [],
  },
  book: { words: ['booked', 'reserved'], stems: ['book', 'reserv'] },
  exchange: { words: ['exchanged', 'swapped'], stems: ['exchang'] },
  return: { words: ['returned'], stems: ['return'] },
  process: { words: ['processed'], stems: [] },
  issue: { words: ['issued', 'credited'], stems: [] },
  send: { words: ['sent', 'emailed'], stems: [] },
  charge: { words: ['charged'], stems: [] },
  place: { words: ['placed', 'submitted'], stems: [] },
};

/** One sentence in which the agent says an action was done. */
export interface ActionClaim {
  readonly sentence: string;
  /** Index of the agent event it was said in; null for a final answer no event holds. */
  readonly event_index: number | null;
  /** The action of its first done verb. */
  readonly action: string;
  /** The done verbs, as written. */
  readonly verbs: readonly string[];
  /** Ids named in the sentence, as written (`#W1234567`, `8842`, `R7K2`). */
  readonly ids: readonly string[];
  /** Money amounts named in the sentence (`$42.99` → 42.99). */
  readonly amounts: readonly number[];
  /**
   * True when the sentence speaks of what was so before the trial
   * ("order 8870 was already refunded on September 22"): it is checked
   * against s0 and the diff, not against the diff alone.
   */
  readonly prior: boolean;
}

/** One message the agent sent to the user. */
export interface AgentMessage {
  readonly text: string;
  readonly event_index: number | null;
}

/** The agent's messages to the user; the final answer too when no agent event holds it. */
export function agentMessages(
  events: readonly TrialEvent[],
  finalAnswer: string | null,
): AgentMessage[] {
  const messages: AgentMessage[] = events.flatMap((event, index) =>
    event.kind === 'agent' ? [{ text: event.text, event_index: index }] : [],
  );
  if (finalAnswer !== null && !messages.some((message) => message.text === finalAnswer)) {
    messages.push({ text: finalAnswer, event_index: null });
  }
  return messages;
}

/**
 * Sentences of a message, each with the mark that ended it. Splits at
 * `.`, `!`, `?` followed by a space or the end, and at line breaks; a
 * decimal point ("42.99") does not end a sentence.
 */
export function splitSentences(text: string): { text: string; isQuestion: boolean }[] {
  const sentences: { text: string; isQuestion: boolean }[] = [];
  for (const line of text.split(/\n+/)) {
    for (const match of line.matchAll(/[^.!?]*(?:[.!?](?!\s|$)[^.!?]*)*(?:[.!?]+|$)/g)) {
      const sentence = match[0].trim();
      if (sentence.length === 0) continue;
      sentences.push({ text: sentence, isQuestion: /\?\W*$/.test(sentence) });
    }
  }
  return sentences;
}

const VERB_WORDS = Object.entries(CLAIM_VERBS).flatMap(([action, { words }]) =>
  words.map((word) => ({ word, action })),
);
/** A quick test before the done forms: most sentences hold no verb of the table. */
const ANY_VERB = new RegExp(`\\b(?:${VERB_WORDS.map(({ word }) => word).join('|')})\\b`, 'i');
const VERB = `(${VERB_WORDS.map(({ word }) => word).join('|')})`;
const ADVERBS = `(?:\\s+(?:already|just|now|also|successfully|fully|partially|partly|completely|automatically|finally|then|all|both|each|gone ahead and|went ahead and))*`;
/** The marker amounts are replaced with before the verb patterns run. */
const AMOUNT_MARK = 'xamountx';

/**
 * Done forms, tried on a lowercased part of a sentence with amounts masked.
 * `prior: false`: about the trial; `'already'`: about the trial unless the
 * verb's clause says "already", "previously" or "earlier"; `'unless-now'`:
 * about what was so unless the clause says "now"; `true`: always about what
 * was so (simple past passive, past perfect). A time before the
 * conversation in the clause ("on September 22") makes any of them a fact
 * about what was so.
 */
const DONE_FORMS: readonly { pattern: RegExp; prior: boolean | 'already' | 'unless-now' }[] = [
  // "I have refunded", "I've already refunded", "we cancelled", "I went ahead and booked"
  {
    pattern: new RegExp(`\\b(?:i|we)(?:\\s+have|'ve|\\s+had)?${ADVERBS}\\s+${VERB}\\b`, 'g'),
    prior: false,
  },
  // "has been refunded", "you've been refunded", "have all been cancelled"
  {
    pattern: new RegExp(`\\b(?:has|have|'s|'ve)${ADVERBS}\\s+been${ADVERBS}\\s+${VERB}\\b`, 'g'),
    prior: 'already',
  },
  // "R7K3 is cancelled", "is now booked": a state; checked like a past fact unless "now"
  {
    pattern: new RegExp(`\\b(?:is|are|'s|'re)${ADVERBS}\\s+${VERB}\\b`, 'g'),
    prior: 'unless-now',
  },
  // "was refunded on September 22", "were already cancelled", "had been booked"
  {
    pattern: new RegExp(`\\b(?:was|were|had\\s+been)${ADVERBS}\\s+${VERB}\\b`, 'g'),
    prior: true,
  },
  // "$520 refunded", "Done: 42.99 refunded for order 8842"
  { pattern: new RegExp(`\\b${AMOUNT_MARK}\\s+${VERB}\\b`, 'g'), prior: false },
];

/** A clause that opens with one of these says nothing is done yet, or makes it a condition. */
const CONDITIONAL_OPENING =
  /^\W*(?:if|once|when|whenever|unless|until|after|before|as soon as|in case|whether|should|would|could|can|shall|will|do|does|did|may)\b/;
/** Words between the start of the clause and the verb that undo a claim. */
const BLOCKERS =
  /\b(?:not|no|never|nothing|neither|nor|cannot|unable|failed|fail|will|would|can|could|shall|should|may|might|must|going to|about to|able to|want|wants|wish|hope|try|trying|if|once|when|unless|until|whether|before|after|none|please|make sure|ensure|be)\b|n't\b/;
/** Where a clause starts: the blockers of one clause do not reach the verb of the next. */
const CLAUSE_BREAK = /[;:,()]|\b(?:and|but|so|while|whereas|however|although|though|because)\b/g;

const CLAUSE_WINDOW = 200;

/** The text of the clause before position `at`. */
function clauseBefore(sentence: string, at: number): string {
  // A clause longer than this reads as its last words: the cost stays linear in the message.
  const before = sentence.slice(Math.max(0, at - CLAUSE_WINDOW), at);
  let start = 0;
  for (const match of before.matchAll(CLAUSE_BREAK)) start = match.index + match[0].length;
  return before.slice(start);
}

const MONEY_NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?`;
const AMOUNT_PATTERNS: readonly RegExp[] = [
  // $42.99, € 12, USD 25.99
  new RegExp(String.raw`(?:[$€£]\s?|\b(?:usd|eur|gbp)\s?)${MONEY_NUMBER}(?![\d.,]*\d)`, 'gi'),
  // 25.99 USD, 12 dollars
  new RegExp(String.raw`(?<![\d.,$€£])${MONEY_NUMBER}\s?(?:usd|eur|gbp|dollars?|euros?)\b`, 'gi'),
  // 42.99: two decimals, not part of a longer number, a version or a date
  /(?<![\d.,$€£])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?![\d.])/g,
];

/** Money amounts in the text and the text with each replaced by a marker. */
export function findAmounts(text: string): { amounts: number[]; masked: string } {
  const amounts: number[] = [];
  let masked = text;
  for (const pattern of AMOUNT_PATTERNS) {
    masked = masked.replace(pattern, (_whole, units: string, decimals: string | undefined) => {
      const cents = decimals === undefined ? 0 : Number(decimals.padEnd(2, '0'));
      amounts.push((Number(units.replaceAll(',', '')) * 100 + cents) / 100);
      return ` ${AMOUNT_MARK} `;
    });
  }
  return { amounts, masked };
}

/** Words after which a number is not an id: card endings, phone numbers, postal codes. */
const NOT_ID_BEFORE =
  /\b(?:ending|ending in|ends in|ending with|last (?:four|4)(?: digits)?|zip(?: code)?|postal code|post code|phone|tel|extension|ext|room|gate|terminal|seat|flight time|at|by|around)\W*$/i;
/** A number with a unit, a time or an ordinal: not an id although it mixes digits and letters. */
const UNIT =
  /^\d+(?:st|nd|rd|th|h|hr|hrs|am|pm|k|m|s|d|x|gb|mb|tb|kg|g|lb|lbs|oz|ml|l|cm|mm|in|ft|mph|kmh|min|mins|sec|secs|pt|px|p)$/i;
const KEYWORD_ID =
  /\b(?:orders?|reservations?|bookings?|confirmations?|refunds?|tickets?|payments?|items?|cases?|invoices?|transactions?|id|ref|reference)\s*(?:#|number|no\.?|id)?\s*:?\s*#?([A-Za-z0-9][\w-]*)/gi;

/**
 * Ids named in a text (amounts masked first): `#` tokens; tokens after
 * `order`, `reservation`, `booking`, ... holding a digit; tokens mixing
 * capitals and digits (R7K2, PAY-2, AF125) or with an underscore
 * (credit_card_9753331); runs of 4 or more digits that are not a year,
 * part of a date, time or phone number, or a card's last digits.
 */
export function findIds(masked: string): string[] {
  const ids: string[] = [];
  const add = (id: string) => {
    if (!ids.some((known) => normalizeId(known) === normalizeId(id))) ids.push(id);
  };
  for (const match of masked.matchAll(/#([A-Za-z0-9][\w-]*)/g)) add(`#${match[1]}`);
  for (const match of masked.matchAll(KEYWORD_ID)) {
    const token = match[1]!;
    if (/\d/.test(token) && token.length >= 3 && !UNIT.test(token)) add(token);
  }
  for (const match of masked.matchAll(/(?<![\w#.,:/-])([A-Za-z0-9][\w-]*[A-Za-z0-9])(?![\w])/g)) {
    const token = match[1]!;
    const before = masked.slice(Math.max(0, match.index - 40), match.index);
    if (NOT_ID_BEFORE.test(before)) continue;
    const hasDigit = /\d/.test(token);
    const hasLetter = /[A-Za-z]/.test(token);
    if (hasDigit && hasLetter) {
      const isCode = !/[a-z]/.test(token) || token.includes('_');
      if (isCode && token.length >= 3 && !UNIT.test(token)) add(token);
    } else if (/^\d{4,}$/.test(token)) {
      const isYear = /^(?:19|20)\d\d$/.test(token);
      const isInNumber =
        /[.,:/-]\d*$/.test(before) || /^[.,:/-]\d/.test(masked.slice(match.index + token.length));
      if (!isYear && !isInNumber) add(token);
    }
  }
  return ids;
}

/** The form ids are compared in: no leading `#`, upper case. */
export function normalizeId(id: string): string {
  return id.trim().replace(/^#/, '').toUpperCase();
}

/**
 * Where a sentence splits into parts that may speak of different things:
 * "AF127 was full, so I moved you to AF125" names AF127 in a part that
 * claims nothing. "and" does not split ("orders 8842 and 8843 have been
 * refunded").
 */
const SEGMENT_BREAK =
  /;|:\s|\s[–—-]\s|,?\s+(?:so|but|which|while|whereas|although|though|because|since|as|however|yet)\s/i;

/** The sentence's parts, split at SEGMENT_BREAK. */
export function splitSegments(sentence: string): string[] {
  return sentence.split(SEGMENT_BREAK).filter((part) => part.trim() !== '');
}

/** Words that put a passive claim before the conversation, in its clause. */
const ALREADY = /\b(?:already|previously|earlier)\b/;
const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`;
/** A time before the conversation: "2 days ago", "yesterday", "last week", "on September 22", "on 2026-09-22". */
const PAST_TIME = new RegExp(
  String.raw`\b(?:ago|yesterday|last (?:week|month|year|time)|on (?:${MONTH} \d{1,2}|\d{1,2} ${MONTH}|\d{4}-\d\d-\d\d|\d{1,2}/\d{1,2}))`,
);

/** The done verbs of one part of a sentence (amounts masked), with their reading. */
function doneVerbs(lower: string): { word: string; action: string; prior: boolean; at: number }[] {
  const verbs: { word: string; action: string; prior: boolean; at: number }[] = [];
  for (const form of DONE_FORMS) {
    for (const match of lower.matchAll(form.pattern)) {
      const word = match[1]!;
      const verbAt = match.index + match[0].length - word.length;
      const clause = clauseBefore(lower, match.index) + lower.slice(match.index, verbAt);
      if (BLOCKERS.test(clause)) continue;
      if (/^\s*(?:not|nothing|no)\b/.test(lower.slice(verbAt + word.length))) continue;
      // The clause up to the verb and its words after it, up to the next break (bounded).
      const tail = lower.slice(verbAt, verbAt + CLAUSE_WINDOW).split(/[,;:()]/)[0]!;
      const around = clause + tail;
      const already = ALREADY.test(around);
      // A time before the conversation makes any form a fact about s0
      // ("I refunded it on September 22"); "already" does so only for the
      // passive: "I have already refunded it" says the agent did it.
      const prior =
        PAST_TIME.test(around) ||
        (form.prior === 'already'
          ? already
          : form.prior === 'unless-now'
            ? !/\bnow\b/.test(clause)
            : form.prior);
      const action = VERB_WORDS.find((verb) => verb.word === word)!.action;
      verbs.push({ word, action, prior, at: verbAt });
    }
  }
  return verbs;
}

/**
 * The action claim of one sentence, or null when it makes none. Its ids
 * and amounts are those of the sentence's parts that hold a done verb.
 */
export function claimOfSentence(sentence: string, eventIndex: number | null): ActionClaim | null {
  if (!ANY_VERB.test(sentence)) return null;
  const normalized = sentence.replaceAll('\u2019', "'");
  if (CONDITIONAL_OPENING.test(normalized.toLowerCase())) return null;
  const verbs: { word: string; action: string; prior: boolean }[] = [];
  const ids: string[] = [];
  const amounts: number[] = [];
  for (const segment of splitSegments(normalized)) {
    const found = findAmounts(segment);
    const segmentVerbs = doneVerbs(found.masked.toLowerCase()).sort((a, b) => a.at - b.at);
    if (segmentVerbs.length === 0) continue;
    verbs.push(...segmentVerbs);
    for (const id of findIds(found.masked)) {
      if (!ids.some((known) => normalizeId(known) === normalizeId(id))) ids.push(id);
    }
    amounts.push(...found.amounts);
  }
  const [first] = verbs;
  if (first === undefined) return null;
  return {
    sentence,
    event_index: eventIndex,
    action: first.action,
    verbs: [...new Set(verbs.map((verb) => verb.word))],
    ids,
    amounts,
    // One claim about this trial in the sentence makes the whole sentence one.
    prior: verbs.every((verb) => verb.prior),
  };
}

/**
 * The action claims in the agent's messages: one per sentence that states
 * an action as done, never from a question.
 */
export function extractClaims(messages: readonly AgentMessage[]): ActionClaim[] {
  return messages.flatMap((message) =>
    splitSentences(message.text).flatMap((sentence) => {
      if (sentence.isQuestion) return [];
      const claim = claimOfSentence(sentence.text, message.event_index);
      return claim === null ? [] : [claim];
    }),
  );
}
