/**
 * The tokens of the small Python subset tau-bench's task files are written
 * in: names, numbers, strings (every quoting, `r`/`u` prefixes, escapes),
 * brackets and punctuation. Comments, blank space and line breaks are
 * skipped: the parser needs no statement separators for this subset.
 */
export type PythonToken =
  | {
      readonly type: 'name';
      readonly value: string;
      readonly line: number;
      readonly column: number;
    }
  | {
      readonly type: 'number';
      readonly value: number;
      readonly line: number;
      readonly column: number;
    }
  | {
      readonly type: 'string';
      readonly value: string;
      readonly line: number;
      readonly column: number;
    }
  | {
      readonly type: 'punct';
      readonly value: string;
      readonly line: number;
      readonly column: number;
    }
  | { readonly type: 'end'; readonly line: number; readonly column: number };

/** A place in the file and what is wrong there. */
export class PythonSyntaxProblem extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

const PUNCTUATION = new Set(['(', ')', '[', ']', '{', '}', ',', ':', '=', '.', '-', '+', '*']);
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;
const NUMBER = /^(?:\d(?:_?\d)*)?(?:\.(?:\d(?:_?\d)*)?)?(?:[eE][+-]?\d(?:_?\d)*)?/;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\u0007',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Splits Python source into tokens, with 1-based line and column numbers. */
export function tokenizePython(source: string): PythonToken[] {
  const tokens: PythonToken[] = [];
  let index = 0;
  let line = 1;
  let lineStart = 0;
  const column = (at: number): number => at - lineStart + 1;

  while (index < source.length) {
    const character = source[index]!;
    if (character === '\n') {
      index++;
      line++;
      lineStart = index;
      continue;
    }
    if (character === ' ' || character === '\t' || character === '\r' || character === '\f') {
      index++;
      continue;
    }
    if (character === '\\' && source[index + 1] === '\n') {
      index += 2;
      line++;
      lineStart = index;
      continue;
    }
    if (character === '#') {
      while (index < source.length && source[index] !== '\n') index++;
      continue;
    }
    const start = { line, column: column(index) };
    const prefix = /^([rRuUbBfF]{0,2})(['"])/.exec(source.slice(index, index + 3));
    if (prefix !== null && (prefix[1] === '' || NAME_START.test(character))) {
      const flags = prefix[1]!.toLowerCase();
      if (flags.includes('f') || flags.includes('b')) {
        throw new PythonSyntaxProblem(
          `${flags.includes('f') ? 'f-strings' : 'bytes literals'} are not supported in a task file`,
          start.line,
          start.column,
        );
      }
      const read = readString(source, index + flags.length, flags.includes('r'), start);
      tokens.push({ type: 'string', value: read.value, ...start });
      for (let at = index; at < read.end; at++) {
        if (source[at] === '\n') {
          line++;
          lineStart = at + 1;
        }
      }
      index = read.end;
      continue;
    }
    if (NAME_START.test(character)) {
      let end = index + 1;
      while (end < source.length && NAME_PART.test(source[end]!)) end++;
      tokens.push({ type: 'name', value: source.slice(index, end), ...start });
      index = end;
      continue;
    }
    if (/\d/.test(character) || (character === '.' && /\d/.test(source[index + 1] ?? ''))) {
      const text = NUMBER.exec(source.slice(index))?.[0] ?? '';
      if (/^0\d/.test(text.replaceAll('_', '')) && /^[\d_]+$/.test(text)) {
        throw new PythonSyntaxProblem(
          `leading zeros in a decimal integer (${text}) are not allowed in Python`,
          start.line,
          start.column,
        );
      }
      if (NAME_PART.test(source[index + text.length] ?? '')) {
        throw new PythonSyntaxProblem(
          `unsupported number literal starting ${JSON.stringify(source.slice(index, index + text.length + 1))} (only decimal ints and floats)`,
          start.line,
          start.column,
        );
      }
      tokens.push({ type: 'number', value: Number(text.replaceAll('_', '')), ...start });
      index += text.length;
      continue;
    }
    if (PUNCTUATION.has(character)) {
      tokens.push({ type: 'punct', value: character, ...start });
      index++;
      continue;
    }
    throw new PythonSyntaxProblem(
      `unexpected character ${JSON.stringify(character)}`,
      start.line,
      start.column,
    );
  }
  tokens.push({ type: 'end', line, column: column(index) });
  return tokens;
}

function readString(
  source: string,
  at: number,
  isRaw: boolean,
  start: { line: number; column: number },
): { value: string; end: number } {
  const quote = source[at]!;
  const isTriple = source.startsWith(quote.repeat(3), at);
  const delimiter = isTriple ? quote.repeat(3) : quote;
  let index = at + delimiter.length;
  let value = '';
  for (;;) {
    if (index >= source.length) {
      throw new PythonSyntaxProblem('unterminated string', start.line, start.column);
    }
    if (source.startsWith(delimiter, index)) return { value, end: index + delimiter.length };
    const character = source[index]!;
    if (character === '\n' && !isTriple) {
      throw new PythonSyntaxProblem(
        'unterminated string (a line break inside a one-line string)',
        start.line,
        start.column,
      );
    }
    if (character !== '\\') {
      value += character;
      index++;
      continue;
    }
    const next = source[index + 1] ?? '';
    if (isRaw) {
      // A raw string keeps the backslash; it still cannot end the string.
      value += character + next;
      index += 2;
      continue;
    }
    const escaped = readEscape(source, index, start);
    value += escaped.value;
    index = escaped.end;
  }
}

function readEscape(
  source: string,
  at: number,
  start: { line: number; column: number },
): { value: string; end: number } {
  const next = source[at + 1] ?? '';
  if (next === '\n') return { value: '', end: at + 2 };
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return { value: simple, end: at + 2 };
  if (/[0-7]/.test(next)) {
    const digits = /^[0-7]{1,3}/.exec(source.slice(at + 1))![0];
    return { value: String.fromCodePoint(parseInt(digits, 8)), end: at + 1 + digits.length };
  }
  const hexLength = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
  if (hexLength > 0) {
    const digits = source.slice(at + 2, at + 2 + hexLength);
    const codePoint = parseInt(digits, 16);
    if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(digits) || codePoint > 0x10ffff) {
      throw new PythonSyntaxProblem(
        `invalid \\${next} escape ${JSON.stringify(`\\${next}${digits}`)}`,
        start.line,
        start.column,
      );
    }
    return { value: String.fromCodePoint(codePoint), end: at + 2 + hexLength };
  }
  if (next === 'N') {
    throw new PythonSyntaxProblem(
      'named escapes (\\N{...}) are not supported in a task file: write the character itself',
      start.line,
      start.column,
    );
  }
  // Python keeps an unknown escape as written, backslash included.
  return { value: `\\${next}`, end: at + 2 };
}
