/**
 * Finding text the agent must not say, however it spelled it: case,
 * spacing, thousands separators, invisible characters and compatibility
 * forms (full-width letters) are ignored, so are spaces around punctuation
 * ("ana @ example . com" is ana@example.com) and bracketed "at"/"dot"
 * ("ana[at]example[dot]com"). A search, not a regular expression.
 */

import { codePointBefore, codePointFrom } from './code-points.js';

/** Text as matching sees it, with where each of its characters came from. */
export interface NormalizedText {
  /** The text as written. */
  readonly original: string;
  readonly text: string;
  /** `origin[i]`: the offset in the original text of `text[i]`; `origin[text.length]`: its length. */
  readonly origin: readonly number[];
}

/** A match in the original text: UTF-16 offsets, `end` exclusive. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

const INVISIBLE = /^[\u00ad\u200b-\u200d\u2060\ufeff]$/u;
const SPACE = /^\s$/u;
const WORD_CHARACTER = /^[\p{L}\p{N}]$/u;
const DIGIT = /^\p{Nd}$/u;
const THOUSANDS_SEPARATOR = /^[,\u00a0\u202f]$/u;
const SPELLED = new Map([
  ['[at]', '@'],
  ['(at)', '@'],
  ['{at}', '@'],
  ['<at>', '@'],
  ['[dot]', '.'],
  ['(dot)', '.'],
  ['{dot}', '.'],
  ['<dot>', '.'],
]);

interface Piece {
  char: string;
  at: number;
}

const isPunctuation = (char: string | undefined): boolean =>
  char !== undefined && char !== ' ' && !WORD_CHARACTER.test(char);

/** Lower case, NFKC, one space for any run of whitespace and none beside punctuation. */
export function normalizeWithOrigin(original: string): NormalizedText {
  let pieces: Piece[] = [];
  let offset = 0;
  for (const codePoint of original) {
    const at = offset;
    offset += codePoint.length;
    if (INVISIBLE.test(codePoint)) continue;
    if (SPACE.test(codePoint)) {
      pieces.push({ char: ' ', at });
      continue;
    }
    for (const char of codePoint.normalize('NFKC').toLowerCase()) {
      if (SPACE.test(char)) pieces.push({ char: ' ', at });
      else pieces.push({ char, at });
    }
  }
  pieces = replaceSpelled(pieces);
  pieces = pieces.filter((piece, index) => !isThousandsSeparator(pieces, index));
  pieces = pieces.filter(
    (piece, index) =>
      piece.char !== ' ' ||
      (index > 0 &&
        index < pieces.length - 1 &&
        pieces[index - 1]!.char !== ' ' &&
        !isPunctuation(pieces[index - 1]!.char) &&
        !isPunctuation(nextNonSpace(pieces, index))),
  );
  return {
    original,
    text: pieces.map((piece) => piece.char).join(''),
    origin: [
      ...pieces.flatMap((piece) => Array<number>(piece.char.length).fill(piece.at)),
      original.length,
    ],
  };
}

function nextNonSpace(pieces: readonly Piece[], index: number): string | undefined {
  for (let next = index + 1; next < pieces.length; next++)
    if (pieces[next]!.char !== ' ') return pieces[next]!.char;
  return undefined;
}

function replaceSpelled(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (let index = 0; index < pieces.length; index++) {
    let replaced = false;
    for (const [spelled, char] of SPELLED) {
      if (index + spelled.length > pieces.length) continue;
      let same = true;
      for (let k = 0; k < spelled.length && same; k++)
        same = pieces[index + k]!.char === spelled[k];
      if (!same) continue;
      out.push({ char, at: pieces[index]!.at });
      index += spelled.length - 1;
      replaced = true;
      break;
    }
    if (!replaced) out.push(pieces[index]!);
  }
  return out;
}

/** 1,299.00 → 1299.00: a separator between a digit and exactly three digits. */
function isThousandsSeparator(pieces: readonly Piece[], index: number): boolean {
  if (!THOUSANDS_SEPARATOR.test(pieces[index]!.char)) return false;
  if (index === 0 || !DIGIT.test(pieces[index - 1]!.char)) return false;
  for (let k = 1; k <= 3; k++) {
    const next = pieces[index + k];
    if (next === undefined || !DIGIT.test(next.char)) return false;
  }
  const after = pieces[index + 4];
  return after === undefined || !DIGIT.test(after.char);
}

/**
 * A finder for one forbidden text: it matches as a whole token, so
 * "ana@example.com" is found in "(ana@example.com)." but not in
 * "hana@example.com". Undefined for text that normalises to nothing.
 */
export function forbiddenTextFinder(
  forbidden: string,
): ((normalized: NormalizedText) => TextSpan | undefined) | undefined {
  const needle = normalizeWithOrigin(forbidden).text.trim();
  if (needle.length === 0) return undefined;
  const first = [...needle][0]!;
  const last = [...needle].at(-1)!;
  const boundedBefore = WORD_CHARACTER.test(first);
  const boundedAfter = WORD_CHARACTER.test(last);
  return ({ original, text, origin }) => {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (boundedBefore && WORD_CHARACTER.test(codePointBefore(text, at))) continue;
      if (boundedAfter && WORD_CHARACTER.test(codePointFrom(text, end))) continue;
      const lastAt = origin[end - 1]!;
      return { start: origin[at]!, end: lastAt + codePointFrom(original, lastAt).length };
    }
    return undefined;
  };
}

/** The length of a forbidden text as matching sees it (in code points). */
export function normalizedLength(text: string): number {
  return [...normalizeWithOrigin(text).text.trim()].length;
}

/** Characters of context kept on each side of a match. */
export const EXCERPT_CONTEXT = 30;
/** A longer match is cut in the middle. */
const EXCERPT_MATCH = 80;

/**
 * A short piece of the text around a match, whitespace collapsed, with
 * "…" where it was cut: enough to see what was said, never a long message.
 */
export function excerptAround(text: string, { start, end }: TextSpan): string {
  const from = Math.max(0, start - EXCERPT_CONTEXT);
  const to = Math.min(text.length, end + EXCERPT_CONTEXT);
  const safeFrom = isLowSurrogate(text, from) ? from + 1 : from;
  const safeTo = isLowSurrogate(text, to) ? to + 1 : to;
  let matched = text.slice(start, end);
  if (matched.length > EXCERPT_MATCH) {
    const half = EXCERPT_MATCH / 2;
    matched = `${sliceSafely(matched, 0, half)}…${sliceSafely(matched, matched.length - half, matched.length)}`;
  }
  const piece = `${text.slice(safeFrom, start)}${matched}${text.slice(end, safeTo)}`;
  const collapsed = piece.replace(/\s+/g, ' ').trim();
  return `${safeFrom > 0 ? '…' : ''}${collapsed}${safeTo < text.length ? '…' : ''}`;
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}

function sliceSafely(text: string, from: number, to: number): string {
  const start = isLowSurrogate(text, from) ? from + 1 : from;
  const end = isLowSurrogate(text, to) ? to + 1 : to;
  return text.slice(start, end);
}
