import { createRequire } from 'node:module';
import type * as YamlLibrary from 'yaml';
import type { Document, Node } from 'yaml';
import type { Problem } from '../core/index.js';
import { decodeUtf8 } from './decode-utf8.js';
import { findNonJson } from './find-non-json.js';
import { formatPath } from './zod-problems.js';
import { yamlSyntaxProblems } from './yaml-syntax-problems.js';

let library: typeof YamlLibrary | undefined;

/** The yaml package, loaded on the first file parsed: a suite read from the cache needs none. */
function yaml(): typeof YamlLibrary {
  return (library ??= createRequire(import.meta.url)('yaml') as typeof YamlLibrary);
}

/** A parsed YAML or JSON file that can say where a field path sits in the text. */
export interface YamlSource {
  readonly file: string;
  readonly value: unknown;
  readonly problems: readonly Problem[];
  /** Line and column (1-based) of the deepest existing node on the path (an empty file: 1:1). */
  locate(path: readonly PropertyKey[]): { line: number; column: number } | undefined;
}

/**
 * Parses YAML (JSON is YAML) keeping line numbers; syntax errors become
 * problems in plain words (see `yamlSyntaxProblems`). Given the file's bytes, bytes that are not UTF-8 are a problem
 * naming their offset, not text silently replaced with U+FFFD.
 */
export function parseYamlSource(input: string | Uint8Array, file: string): YamlSource {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const decoded = decodeUtf8(input, file);
    if (decoded.type === 'invalid') {
      return { file, value: undefined, problems: [decoded.problem], locate: () => undefined };
    }
    text = decoded.text;
  }
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const problems: Problem[] = yamlSyntaxProblems(document.errors, text, file);
  const at = (offset: number): Position => {
    const position = lineCounter.linePos(offset);
    return { line: position.line, column: position.col };
  };
  // An empty document has no nodes: its problems sit at the start of the file.
  const locate = (path: readonly PropertyKey[]): Position => at(offsetOf(document, path) ?? 0);
  let value: unknown;
  if (problems.length === 0) {
    const converted = toValue(document, file, at);
    if (converted.type === 'value') value = converted.value;
    else problems.push(converted.problem);
  }
  return { file, value, problems, locate };
}

interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * The document as a JSON value, or the problem that stops it being one: a
 * YAML 1.1 merge key that is not a map, too many aliases, a circular alias,
 * `.inf`, a timestamp.
 */
function toValue(
  document: Document,
  file: string,
  at: (offset: number) => Position,
): { type: 'value'; value: unknown } | { type: 'problem'; problem: Problem } {
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const { line, column } = at(firstMergeOrAlias(document) ?? 0);
    return { type: 'problem', problem: { file, line, column, message: (error as Error).message } };
  }
  const nonJson = findNonJson(value);
  if (nonJson === undefined) return { type: 'value', value };
  const { line, column } = at(offsetOf(document, nonJson.path) ?? 0);
  const path = formatPath(nonJson.path);
  return { type: 'problem', problem: { file, line, column, path, message: nonJson.message } };
}

/** Where toJS most likely failed: the offset of the first merge key (`<<`) or alias. */
function firstMergeOrAlias(document: Document): number | undefined {
  const { isScalar, visit } = yaml();
  let offset: number | undefined;
  visit(document, {
    Pair(_key, pair) {
      if (isScalar(pair.key) && typeof pair.key.value === 'symbol') {
        offset = pair.key.range?.[0];
        return visit.BREAK;
      }
      return undefined;
    },
    Alias(_key, alias) {
      offset ??= alias.range?.[0];
    },
  });
  return offset;
}

function offsetOf(document: Document, path: readonly PropertyKey[]): number | undefined {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  let node: unknown = document.contents;
  let offset = (node as Node | null)?.range?.[0];
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(key),
      );
      if (pair === undefined) break;
      offset = (pair.key as Node).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key] as Node | undefined;
      if (item === undefined) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return offset;
}
