import { LineCounter, isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node } from 'yaml';
import type { Problem } from '../core/index.js';

/** A parsed YAML or JSON file that can say where a field path sits in the text. */
export interface YamlSource {
  readonly file: string;
  readonly value: unknown;
  readonly problems: readonly Problem[];
  /** Line and column (1-based) of the deepest existing node on the path. */
  locate(path: readonly PropertyKey[]): { line: number; column: number } | undefined;
}

/** Parses YAML (JSON is YAML) keeping line numbers; syntax errors become problems. */
export function parseYamlSource(text: string, file: string): YamlSource {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  const problems: Problem[] = document.errors.map((error) => {
    const position = error.linePos?.[0];
    return {
      file,
      ...(position !== undefined ? { line: position.line, column: position.col } : {}),
      message: `${(error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '')} (${error.code})`,
    };
  });
  const value: unknown = problems.length === 0 ? document.toJS({ maxAliasCount: 100 }) : undefined;
  return {
    file,
    value,
    problems,
    locate(path) {
      const offset = offsetOf(document, path);
      if (offset === undefined) return undefined;
      const position = lineCounter.linePos(offset);
      return { line: position.line, column: position.col };
    },
  };
}

function offsetOf(document: Document, path: readonly PropertyKey[]): number | undefined {
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
