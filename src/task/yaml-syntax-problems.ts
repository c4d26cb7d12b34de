import type { Problem } from '../core/index.js';

/** What the YAML parser reports of one syntax error (the parts used here). */
export interface YamlSyntaxError {
  readonly code: string;
  readonly message: string;
  /** Where the error starts (1-based), when the parser knows. */
  readonly linePos?: readonly { readonly line: number; readonly col: number }[];
}

/** At most this many syntax problems are listed per file: a later one is often the first one's echo. */
export const MAX_SYNTAX_PROBLEMS = 3;

/**
 * Syntax errors that put the parser off its track, so that the lines just
 * after one often error too though nothing is wrong with them.
 */
const DERAILING = new Set([
  'BAD_INDENT',
  'BLOCK_AS_IMPLICIT_KEY',
  'MISSING_CHAR',
  'MULTILINE_IMPLICIT_KEY',
  'UNEXPECTED_TOKEN',
  'BLOCK_IN_FLOW',
]);

/** Lines after a derailing error whose errors are taken for its echo. */
const ECHO_LINES = 2;

/**
 * The YAML parser's errors for one file as problems in plain words: one per
 * slip, `file:line:column: what is wrong: \`the line\`. The likely fix.`.
 * Of the errors the parser reports for one slip only the first is kept
 * (one per line; none within two lines after a derailing one), and at
 * most `MAX_SYNTAX_PROBLEMS` are listed.
 */
export function yamlSyntaxProblems(
  errors: readonly YamlSyntaxError[],
  text: string,
  file: string,
): Problem[] {
  const lines = text.split(/\r?\n|\r/);
  const problems: Problem[] = [];
  let lastLine: number | undefined;
  let lastDerailing = false;
  for (const error of errors) {
    const start = error.linePos?.[0];
    if (start !== undefined && lastLine !== undefined) {
      if (start.line === lastLine) continue;
      if (lastDerailing && DERAILING.has(error.code) && start.line - lastLine <= ECHO_LINES)
        continue;
    }
    if (problems.length === MAX_SYNTAX_PROBLEMS) break;
    if (start !== undefined) {
      lastLine = start.line;
      lastDerailing = DERAILING.has(error.code);
    }
    problems.push(describe(error, lines, file));
  }
  return problems;
}

interface Explanation {
  readonly what: string;
  readonly fix: string;
  /** The line the slip is on, when it is not the one the parser names. */
  readonly line?: number;
  /** Its column; by default, where the line's text starts. */
  readonly column?: number;
}

function describe(error: YamlSyntaxError, lines: readonly string[], file: string): Problem {
  const start = error.linePos?.[0];
  if (start === undefined) return { file, message: `${explain(error, lines).what}.` };
  const explained = explain(error, lines, start);
  const line = explained.line ?? start.line;
  const lineText = lines[line - 1] ?? '';
  const column =
    explained.column ??
    (explained.line === undefined
      ? Math.max(start.col, firstColumn(lineText))
      : firstColumn(lineText));
  const shown = quoteLine(lineText);
  return {
    file,
    line,
    column,
    message: `${explained.what}${shown === '' ? '' : `: ${shown}`}. ${explained.fix}.`,
  };
}

function explain(
  error: YamlSyntaxError,
  lines: readonly string[],
  start?: { readonly line: number; readonly col: number },
): Explanation {
  const message = libraryMessage(error.message);
  const rest = start === undefined ? '' : (lines[start.line - 1] ?? '').slice(start.col - 1);
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return { what: 'a tab is used for indentation', fix: 'Indent with spaces only' };
    case 'DUPLICATE_KEY': {
      const key = /^\s*(?:-\s+)?("[^"]*"|'[^']*'|[^:#]+?)\s*:/.exec(rest)?.[1];
      return {
        what: key === undefined ? 'a key appears twice' : `the key \`${key}\` appears twice`,
        fix: 'Keep one of them: a mapping holds each key once',
      };
    }
    case 'BLOCK_AS_IMPLICIT_KEY':
      if (message.startsWith('Nested mappings')) {
        // `a: b: c` on one line, or a key below `a: b` indented deeper than `a`.
        if (/:(\s|$)/.test(rest.slice(1))) {
          return {
            what: 'a value holds ": ", which starts a second key on one line',
            fix: 'Quote the value (`key: "b: c"`), or put the inner key on a line of its own, indented under its key',
          };
        }
        const deeper = nextContentLine(lines, start?.line ?? 0);
        return {
          what: 'a key is indented deeper than the key before it',
          fix: 'Line it up with the key above it; to nest it under that key, leave that key without a value of its own',
          ...(deeper === undefined ? {} : { line: deeper }),
        };
      }
      if (message.startsWith('A block sequence')) {
        return {
          what: 'a list item ("- ") stands among the keys of a mapping',
          fix: 'Indent the list under the key it belongs to, or make every entry at this indentation a list item',
        };
      }
      return {
        what: 'a list or mapping stands where a key is expected',
        fix: 'Check the indentation of this line and the one before it',
      };
    case 'BAD_INDENT':
      if (message.startsWith('All mapping items')) {
        return {
          what: 'a key is not lined up with the other keys of its mapping',
          fix: 'Indent it with as many spaces as the keys it belongs with',
        };
      }
      if (message.startsWith('Flow sequence')) {
        return {
          what: 'a list opened with "[" above is not closed before this line',
          fix: 'Add the missing "]", or indent the lines that continue it more than its key',
        };
      }
      if (message.startsWith('Flow map')) {
        return {
          what: 'a mapping opened with "{" above is not closed before this line',
          fix: 'Add the missing "}", or indent the lines that continue it more than its key',
        };
      }
      return { what: `the indentation is wrong (${lowerFirst(message)})`, fix: INDENT_FIX };
    case 'MISSING_CHAR':
      if (message.startsWith('Missing closing')) {
        const quote = message.includes("'") && !message.includes('"') ? "'" : '"';
        const opening = start === undefined ? undefined : lastQuote(lines, start.line, quote);
        return {
          what: `a string opened with ${quote} is not closed`,
          fix: `Add the closing ${quote} at the end of the string`,
          ...(opening === undefined ? {} : { line: opening.line, column: opening.column }),
        };
      }
      if (message.startsWith('Implicit map keys need to be followed')) {
        return {
          what: 'a key has no ":" after it',
          fix: 'Write `key: value`, or a list item as `- value`',
        };
      }
      return { what: `a character is missing (${lowerFirst(message)})`, fix: CHECK_FIX };
    case 'MULTILINE_IMPLICIT_KEY':
      return {
        what: 'a line is neither `key: value` nor a list item, so it is read as a key running on to the next line',
        fix: 'Add the missing ":" after the key, or indent the line under the value it continues',
      };
    case 'UNEXPECTED_TOKEN':
      if (message.startsWith('Unexpected scalar at node end')) {
        return {
          what: 'text follows a value that has already ended (after a closing quote or bracket)',
          fix: 'Quote the whole value, or remove the extra text',
        };
      }
      return { what: `unexpected text (${lowerFirst(message)})`, fix: CHECK_FIX };
    case 'BLOCK_IN_FLOW':
      return {
        what: 'a list item ("- ") or a key on a line of its own stands inside [ ] or { }',
        fix: 'Write the inner items inline too (`[a, b]`, `{ key: value }`), or write the outer list or mapping as indented lines',
      };
    case 'BAD_SCALAR_START': {
      const character = /reserved character (\S)/.exec(message)?.[1];
      return {
        what: `a value starts with ${character === undefined ? 'a reserved character' : `"${character}"`}, which YAML reserves`,
        fix: 'Quote the value',
      };
    }
    case 'BAD_DQ_ESCAPE': {
      const escape = /escape sequence (\S+)/.exec(message)?.[1];
      return {
        what: `a double-quoted string holds ${escape === undefined ? 'an unknown escape' : `the unknown escape ${escape}`}`,
        fix: "Write a backslash as \\\\, or quote the string with ' instead (backslashes are plain there)",
      };
    }
    case 'MULTIPLE_DOCS':
      return {
        what: 'the file holds more than one YAML document (a "---" line starts a second one)',
        fix: 'Keep one document in the file',
      };
    case 'KEY_OVER_1024_CHARS':
      return {
        what: 'a key is longer than 1024 characters',
        fix: 'Shorten the key; long text belongs in a value',
      };
    default:
      return { what: lowerFirst(message), fix: CHECK_FIX };
  }
}

const INDENT_FIX = 'Indent with spaces, each key as far as the keys it belongs with';
const CHECK_FIX = 'Check this line against the YAML format (docs/task-format.md shows examples)';

/** The parser's message without its position suffix and the excerpt it appends. */
function libraryMessage(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/ at line \d+, column \d+:?$/, '').trim();
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The number (1-based) of the first line after `line` that holds more than blanks or a comment. */
function nextContentLine(lines: readonly string[], line: number): number | undefined {
  for (let index = line; index < lines.length; index++) {
    const text = lines[index]!.trim();
    if (text !== '' && !text.startsWith('#')) return index + 1;
  }
  return undefined;
}

/**
 * Where the string that runs on to the end of the file opens: the last
 * quote at or before `line` (a string without its closing quote takes in
 * all the text after its opening one).
 */
function lastQuote(
  lines: readonly string[],
  line: number,
  quote: string,
): { line: number; column: number } | undefined {
  for (let index = Math.min(line, lines.length) - 1; index >= 0; index--) {
    const column = lines[index]!.lastIndexOf(quote);
    if (column >= 0) return { line: index + 1, column: column + 1 };
  }
  return undefined;
}

function firstColumn(text: string): number {
  return text.length - text.trimStart().length + 1;
}

const MAX_SHOWN = 60;

/** The line, trimmed and cut to a readable length, in backticks. */
function quoteLine(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const cut = trimmed.length > MAX_SHOWN ? `${trimmed.slice(0, MAX_SHOWN - 1)}…` : trimmed;
  return `\`${cut}\``;
}
