import fc from 'fast-check';
import { stringify } from 'yaml';
import { expect } from 'vitest';
import { ERROR_CODES, formatProblem, isEndstateError } from '../../src/core/index.js';
import type { EndstateError } from '../../src/core/index.js';

/**
 * Shared inputs for the property tests: strings that have broken parsers
 * before, edits of real files (line and character level), edits of their
 * parsed tree, and the check that a loader failed the way it should.
 */

/** Paths, globs, prototype keys, YAML syntax, odd code points and one very long string. */
export const TRICKY_STRINGS: readonly string[] = [
  '',
  ' ',
  '.',
  '..',
  '/',
  '~',
  'null',
  'true',
  '-0',
  '1e999',
  '.inf',
  '.nan',
  'tasks',
  'tasks/',
  'fixtures',
  'fixtures/base.json',
  '../fixtures/base.json',
  'fixtures/../tasks',
  '/etc/hostname',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'orders/8842',
  'orders/8842/status',
  'constructor/name',
  '__proto__/x',
  'orders/constructor',
  'orders/8842/constructor',
  '*',
  '**',
  '[',
  '(',
  '\\',
  '*(',
  '{a,',
  '!(',
  '[z-a]',
  '&a',
  '*a',
  '!!binary',
  '<<',
  '- ',
  ': ',
  '#',
  '|',
  '"',
  "'",
  '\u0000',
  '\uFEFF',
  '\uD800',
  '\r\n',
  'é',
  '🙂',
  'x'.repeat(70_000),
];

/** Pieces of YAML syntax, spliced into files at random places. */
const YAML_TOKENS: readonly string[] = [
  ' ',
  '  ',
  '\t',
  '\n',
  ':',
  ': ',
  '- ',
  '? ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '# ',
  '&a ',
  '*a',
  '!!binary aGk=',
  '!!set ',
  '!!omap ',
  '!!timestamp 2001-01-01',
  '!!float ',
  '!!int ',
  '!!str ',
  '!foo ',
  '<<: ',
  '<<: *a',
  '|',
  '>-',
  '%YAML 1.1\n---\n',
  '---\n',
  '...\n',
  '~',
  '.inf',
  '-.inf',
  '.nan',
  '0x1F',
  '2026-01-01',
  '"\\u',
  '"\\uD800"',
  '\r',
  '&c {self: *c}',
  '&d [*d]',
];

export const trickyString: fc.Arbitrary<string> = fc.constantFrom(...TRICKY_STRINGS);

/** Something to splice into a file. */
const splice: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...YAML_TOKENS),
  trickyString,
  fc.string({ unit: 'binary', maxLength: 8 }),
);

/** An array or object nested `depth` times around a scalar. */
function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = asObject ? { a: value } : [value];
  return value;
}

/** Any JSON value plus what YAML can express but JSON cannot, and deep nesting. */
export const trickyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 4, arbitrary: trickyString },
  { weight: 2, arbitrary: fc.constantFrom(Infinity, -Infinity, NaN, -0, 1e308, 2 ** 53 + 1, 0.5) },
  {
    // Rare: a deep document costs the YAML parser ~50 ms; 1100 is past its nesting limit.
    weight: 1,
    arbitrary: fc
      .tuple(fc.oneof(fc.integer({ min: 1, max: 64 }), fc.constantFrom(500, 1_100)), fc.boolean())
      .map(([depth, asObject]) => nested(depth, asObject)),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(trickyString, fc.jsonValue({ maxDepth: 1 })), { maxLength: 3 })
      .map((entries) => Object.fromEntries(entries)),
  },
);

type TextEdit =
  | { readonly op: 'delete-line' | 'duplicate-line'; readonly line: number }
  | { readonly op: 'swap-lines'; readonly line: number; readonly other: number }
  | { readonly op: 'replace-line'; readonly line: number; readonly text: string }
  | { readonly op: 'insert' | 'replace-chars'; readonly at: number; readonly text: string }
  | { readonly op: 'truncate'; readonly at: number }
  | { readonly op: 'indent'; readonly line: number; readonly by: number };

const textEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  fc.record({ op: fc.constantFrom('delete-line', 'duplicate-line'), line: fc.nat() }),
  fc.record({ op: fc.constant('swap-lines'), line: fc.nat(), other: fc.nat() }),
  fc.record({ op: fc.constant('replace-line'), line: fc.nat(), text: splice }),
  fc.record({ op: fc.constantFrom('insert', 'replace-chars'), at: fc.nat(), text: splice }),
  fc.record({ op: fc.constant('truncate'), at: fc.nat() }),
  fc.record({ op: fc.constant('indent'), line: fc.nat(), by: fc.integer({ min: -4, max: 4 }) }),
);

function applyTextEdit(text: string, edit: TextEdit): string {
  const lines = text.split('\n');
  const count = lines.length;
  switch (edit.op) {
    case 'delete-line':
      lines.splice(edit.line % count, 1);
      return lines.join('\n');
    case 'duplicate-line':
      lines.splice(edit.line % count, 0, lines[edit.line % count]!);
      return lines.join('\n');
    case 'swap-lines': {
      const [a, b] = [edit.line % count, edit.other % count];
      [lines[a], lines[b]] = [lines[b]!, lines[a]!];
      return lines.join('\n');
    }
    case 'replace-line':
      lines[edit.line % count] = edit.text;
      return lines.join('\n');
    case 'indent': {
      const line = lines[edit.line % count]!;
      lines[edit.line % count] =
        edit.by >= 0
          ? ' '.repeat(edit.by) + line
          : line.replace(new RegExp(`^ {0,${-edit.by}}`), '');
      return lines.join('\n');
    }
    case 'insert': {
      const at = edit.at % (text.length + 1);
      return text.slice(0, at) + edit.text + text.slice(at);
    }
    case 'replace-chars': {
      const at = edit.at % (text.length + 1);
      return text.slice(0, at) + edit.text + text.slice(at + Math.max(1, edit.text.length));
    }
    case 'truncate':
      return text.slice(0, edit.at % (text.length + 1));
  }
}

/** One of the given texts after one to five line or character edits. */
export function editedText(texts: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...texts), fc.array(textEdit, { minLength: 1, maxLength: 5 }))
    .map(([text, edits]) => edits.reduce(applyTextEdit, text));
}

interface TreeEdit {
  /** Child choices, each taken modulo the number of children, until a leaf or the end. */
  readonly route: readonly number[];
  readonly action: 'replace' | 'drop' | 'add' | 'wrap' | 'duplicate';
  readonly key: string;
  readonly value: unknown;
}

const treeEdit: fc.Arbitrary<TreeEdit> = fc.record({
  route: fc.array(fc.nat(), { maxLength: 6 }),
  action: fc.constantFrom('replace', 'drop', 'add', 'wrap', 'duplicate'),
  key: fc.oneof(trickyString, fc.string({ maxLength: 6 }), fc.constantFrom('id', 'args', 'tool')),
  value: trickyValue,
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function entriesOf(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item]);
  return isObject(value) ? Object.entries(value) : [];
}

function rebuild(original: unknown, entries: [string, unknown][]): unknown {
  return Array.isArray(original) ? entries.map(([, item]) => item) : Object.fromEntries(entries);
}

/** Applies one edit, copying the nodes on the route (the input is left alone). */
function applyTreeEdit(node: unknown, edit: TreeEdit, depth = 0): unknown {
  const entries = entriesOf(node);
  const choice = edit.route[depth];
  if (choice !== undefined && entries.length > 0) {
    const index = choice % entries.length;
    entries[index] = [entries[index]![0], applyTreeEdit(entries[index]![1], edit, depth + 1)];
    return rebuild(node, entries);
  }
  switch (edit.action) {
    case 'replace':
      return edit.value;
    case 'wrap':
      return [node];
    case 'drop':
      if (entries.length === 0) return null;
      entries.splice(edit.key.length % entries.length, 1);
      return rebuild(node, entries);
    case 'add':
      if (!Array.isArray(node) && !isObject(node)) return { [edit.key]: node };
      entries.push([edit.key, edit.value]);
      return rebuild(node, entries);
    case 'duplicate':
      if (entries.length === 0) return [node, node];
      entries.push([`${entries[0]![0]}_copy`, entries[0]![1]]);
      return rebuild(node, entries);
  }
}

/** YAML (block), JSON, or JSON with a YAML 1.1 directive in front. */
export type Rendering = 'yaml' | 'json' | 'yaml-1.1';

export function render(value: unknown, as: Rendering): string {
  if (as === 'json') return JSON.stringify(value, null, 2) ?? 'null';
  let text: string;
  try {
    text = stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 });
  } catch {
    // The YAML writer recurses deeper than JSON's: very deep values are written as JSON.
    text = JSON.stringify(value) ?? 'null';
  }
  return as === 'yaml' ? text : `%YAML 1.1\n---\n${text}`;
}

/** One of the given documents after one to four edits of its tree, written back as text. */
export function editedDocument(documents: readonly unknown[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom(...documents),
      fc.array(treeEdit, { minLength: 1, maxLength: 4 }),
      fc.constantFrom<Rendering>('yaml', 'json', 'yaml-1.1'),
    )
    .map(([document, edits, as]) =>
      render(
        edits.reduce<unknown>((value, edit) => applyTreeEdit(value, edit), document),
        as,
      ),
    );
}

/** Text that has nothing to do with the format: random code points, YAML token soup, random values. */
export const randomText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(splice, { maxLength: 40 }).map((pieces) => pieces.join('')),
  fc
    .tuple(trickyValue, fc.constantFrom<Rendering>('yaml', 'json', 'yaml-1.1'))
    .map(([value, as]) => render(value, as)),
);

/** Mostly edits of the given texts and documents, sometimes random text. */
export function fileContents(
  texts: readonly string[],
  documents: readonly unknown[],
): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: editedText(texts) },
    { weight: 4, arbitrary: editedDocument(documents) },
    { weight: 2, arbitrary: randomText },
  );
}

/**
 * A loader may reject input only with an EndstateError from the catalogue
 * whose problems each name one of `files` and appear in the message; a
 * problem in one of `parsedFiles` (files parsed as YAML) also names a line.
 */
export function expectCodedError(
  error: unknown,
  files: readonly string[],
  parsedFiles: readonly string[] = [],
): EndstateError {
  if (!isEndstateError(error)) {
    throw new Error(
      `expected an EndstateError, got ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      { cause: error },
    );
  }
  expect(Object.keys(ERROR_CODES)).toContain(error.code);
  expect(files.some((file) => error.message.includes(file))).toBe(true);
  for (const problem of error.problems) {
    expect(problem.message).not.toBe('');
    expect(files).toContain(problem.file);
    if (problem.line !== undefined || parsedFiles.includes(problem.file!)) {
      expect(problem.line).toBeGreaterThanOrEqual(1);
    }
    expect(error.message).toContain(formatProblem(problem));
  }
  return error;
}

/** Fails when one input takes longer than this: a slow input is a hang in the making. */
export const MAX_MS_PER_INPUT = 5_000;

/** Runs `action` and fails when it takes longer than MAX_MS_PER_INPUT. */
export function timed<T>(action: () => T): T {
  const started = performance.now();
  const result = action();
  const elapsedMs = performance.now() - started;
  if (elapsedMs > MAX_MS_PER_INPUT) throw new Error(`one input took ${Math.round(elapsedMs)} ms`);
  return result;
}

/** The async form of `timed`. */
export async function timedAsync<T>(action: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await action();
  const elapsedMs = performance.now() - started;
  if (elapsedMs > MAX_MS_PER_INPUT) throw new Error(`one input took ${Math.round(elapsedMs)} ms`);
  return result;
}

const runsFactor = Number(process.env['FUZZ_RUNS'] ?? 1);
const RUNS_FACTOR = Number.isFinite(runsFactor) && runsFactor > 0 ? runsFactor : 1;

/**
 * fast-check options: a fixed seed so CI is reproducible; FUZZ_SEED picks
 * another and FUZZ_RUNS multiplies the number of runs for a longer hunt.
 * fast-check prints the seed and the shrunk input of a failure.
 */
export function fuzzOptions(numRuns: number, seed: number): { seed: number; numRuns: number } {
  const chosenSeed = process.env['FUZZ_SEED'];
  return {
    seed: chosenSeed === undefined ? seed : Number(chosenSeed),
    numRuns: Math.max(1, Math.round(numRuns * RUNS_FACTOR)),
  };
}

/** A test's time limit (a hang fails the test), stretched with FUZZ_RUNS. */
export const FUZZ_TIMEOUT_MS = 60_000 * RUNS_FACTOR;
