import { EndstateError } from '../../core/index.js';
import type { JsonObject, JsonValue, Problem } from '../../core/index.js';

/**
 * The part of TOML that tau2's data files use, read into JSON: `[table]`
 * and `[[array.of.tables]]` headers (dotted paths), `key = value` with bare
 * or quoted keys, basic and literal strings, integers, floats, booleans,
 * arrays (over several lines too) and inline tables. Anything else (dates
 * without quotes, multi-line strings, dotted keys) is refused naming the
 * file and line, so a file never loads half-read.
 *
 * @example
 * parseTomlSubset('[[plans]]\nplan_id = "P1"\nprice = 40.0\n', 'db.toml');
 * // { plans: [{ plan_id: 'P1', price: 40 }] }
 */
export function parseTomlSubset(text: string, file: string): JsonObject {
  const root: JsonObject = {};
  let table: JsonObject = root;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    const fail = (message: string): never => {
      const problem: Problem = { file, line: lineNumber, message };
      throw new EndstateError('E_ENVIRONMENT_INVALID', `${file}:${lineNumber}: ${message}`, {
        problems: [problem],
        hint: 'The file must be TOML as tau2-bench writes it (tables, arrays of tables, key = value).',
      });
    };
    let line = stripComment(lines[index] ?? '').trim();
    if (line === '') continue;
    if (line.startsWith('[[')) {
      if (!line.endsWith(']]')) fail('an array-of-tables header must end with ]]');
      const path = splitPath(line.slice(2, -2), fail);
      const parent = walk(root, path.slice(0, -1), fail);
      const key = path[path.length - 1]!;
      const existing = parent[key];
      const array = existing === undefined ? [] : existing;
      if (!Array.isArray(array))
        fail(`"${path.join('.')}" is already a value, not an array of tables`);
      table = {};
      (array as JsonValue[]).push(table);
      parent[key] = array;
      continue;
    }
    if (line.startsWith('[')) {
      if (!line.endsWith(']')) fail('a table header must end with ]');
      table = walk(root, splitPath(line.slice(1, -1), fail), fail);
      continue;
    }
    // An array may go on over the next lines until its brackets close.
    while (opensArray(line) && index + 1 < lines.length) {
      index++;
      line = `${line} ${stripComment(lines[index] ?? '').trim()}`;
    }
    const reader = createReader(line, fail);
    const key = reader.key();
    reader.skipSpaces();
    reader.expect('=');
    const value = reader.value();
    reader.skipSpaces();
    if (!reader.atEnd()) fail(`unexpected text after the value of "${key}"`);
    if (Object.hasOwn(table, key)) fail(`key "${key}" is defined twice`);
    table[key] = value;
  }
  return root;
}

/** The table at a dotted path, made as needed; an array of tables gives its last element. */
function walk(root: JsonObject, path: readonly string[], fail: (message: string) => never) {
  let table = root;
  for (const key of path) {
    const next = table[key];
    if (next === undefined) {
      const made: JsonObject = {};
      table[key] = made;
      table = made;
    } else if (Array.isArray(next)) {
      const last = next[next.length - 1];
      if (typeof last !== 'object' || last === null || Array.isArray(last))
        fail(`"${key}" is an array of values, not of tables`);
      table = last;
    } else if (typeof next === 'object' && next !== null) {
      table = next;
    } else {
      fail(`"${key}" is already a value, not a table`);
    }
  }
  return table;
}

function splitPath(text: string, fail: (message: string) => never): string[] {
  const reader = createReader(text.trim(), fail);
  const path = [reader.key()];
  reader.skipSpaces();
  while (!reader.atEnd()) {
    reader.expect('.');
    path.push(reader.key());
    reader.skipSpaces();
  }
  return path;
}

/** The line without a `#` comment (a `#` inside a string stays). */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote !== undefined) {
      if (char === '\\' && quote === '"') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#') return line.slice(0, index);
  }
  return line;
}

/** Whether the line holds more `[` than `]` outside strings (an array left open). */
function opensArray(line: string): boolean {
  if (!/=\s*\[/.test(line)) return false;
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote !== undefined) {
      if (char === '\\' && quote === '"') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '[') depth++;
    else if (char === ']') depth--;
  }
  return depth > 0;
}

const ESCAPES: Readonly<Record<string, string>> = {
  b: '\b',
  t: '\t',
  n: '\n',
  f: '\f',
  r: '\r',
  '"': '"',
  '\\': '\\',
};

function createReader(text: string, fail: (message: string) => never) {
  let at = 0;
  const reader = {
    atEnd: () => at >= text.length,
    skipSpaces() {
      while (text[at] === ' ' || text[at] === '\t') at++;
    },
    expect(char: string) {
      reader.skipSpaces();
      if (text[at] !== char) fail(`expected "${char}" at column ${at + 1}`);
      at++;
    },
    key(): string {
      reader.skipSpaces();
      if (text[at] === '"' || text[at] === "'") return reader.string();
      const match = /^[A-Za-z0-9_-]+/.exec(text.slice(at));
      if (match === null) return fail(`expected a key at column ${at + 1}`);
      at += match[0].length;
      return match[0];
    },
    string(): string {
      const quote = text[at];
      at++;
      let out = '';
      while (at < text.length && text[at] !== quote) {
        const char = text[at]!;
        if (char === '\\' && quote === '"') {
          const code = text[at + 1] ?? '';
          if (code === 'u' || code === 'U') {
            const length = code === 'u' ? 4 : 8;
            const hex = text.slice(at + 2, at + 2 + length);
            if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== length)
              fail(`bad \\${code} escape at column ${at + 1}`);
            out += String.fromCodePoint(Number.parseInt(hex, 16));
            at += 2 + length;
            continue;
          }
          const escaped = ESCAPES[code];
          if (escaped === undefined) fail(`unknown escape \\${code} at column ${at + 1}`);
          out += escaped;
          at += 2;
          continue;
        }
        out += char;
        at++;
      }
      if (at >= text.length) fail('a string is not closed on its line');
      at++;
      return out;
    },
    value(): JsonValue {
      reader.skipSpaces();
      const char = text[at];
      if (char === '"' || char === "'") {
        if (text.startsWith(char.repeat(3), at)) fail('multi-line strings are not supported');
        return reader.string();
      }
      if (char === '[') return reader.array();
      if (char === '{') return reader.inlineTable();
      const match = /^[^\s,\]}]+/.exec(text.slice(at));
      if (match === null) return fail(`expected a value at column ${at + 1}`);
      at += match[0].length;
      return scalar(match[0], fail);
    },
    array(): JsonValue[] {
      at++;
      const items: JsonValue[] = [];
      for (;;) {
        reader.skipSpaces();
        if (text[at] === ']') break;
        items.push(reader.value());
        reader.skipSpaces();
        if (text[at] === ',') at++;
        else if (text[at] !== ']') fail(`expected "," or "]" at column ${at + 1}`);
      }
      at++;
      return items;
    },
    inlineTable(): JsonObject {
      at++;
      const table: JsonObject = {};
      reader.skipSpaces();
      if (text[at] === '}') {
        at++;
        return table;
      }
      for (;;) {
        const key = reader.key();
        reader.expect('=');
        table[key] = reader.value();
        reader.skipSpaces();
        if (text[at] === ',') at++;
        else if (text[at] === '}') break;
        else fail(`expected "," or "}" at column ${at + 1}`);
      }
      at++;
      return table;
    },
  };
  return reader;
}

function scalar(token: string, fail: (message: string) => never): JsonValue {
  if (token === 'true') return true;
  if (token === 'false') return false;
  const digits = token.replace(/_/g, '');
  if (/^[+-]?\d+$/.test(digits)) return Number(digits);
  if (/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(digits)) return Number(digits);
  if (/^\d{4}-\d{2}-\d{2}/.test(token))
    return fail(`an unquoted date (${token}) is not supported: quote it`);
  return fail(`"${token}" is not a value this reader knows (string, number, boolean, array)`);
}
