import { isPrototypeKey, prototypeKeyMessage } from '../core/index.js';
import type { Problem } from '../core/index.js';
import type { YamlSource } from './yaml-source.js';
import { formatPath } from './zod-problems.js';

/** Where a path-like string sits in a task or faults file (`*`: any key or index) and what splits it. */
const PATH_FIELDS: readonly { readonly at: readonly string[]; readonly separator: string }[] = [
  { at: ['expect', 'changes', '*', 'set'], separator: '/' },
  { at: ['expect', 'changes', '*', 'delete'], separator: '/' },
  { at: ['expect', 'changes', '*', 'insert'], separator: '/' },
  { at: ['expect', 'incidental', '*'], separator: '/' },
  { at: ['subgoals', '*', 'change', 'set'], separator: '/' },
  { at: ['subgoals', '*', 'change', 'delete'], separator: '/' },
  { at: ['subgoals', '*', 'change', 'insert'], separator: '/' },
  { at: ['constraints', '*', 'before', 'same_args', '*'], separator: '.' },
  { at: ['inject', '*', 'field'], separator: '.' },
];

/**
 * Every mapping key of a task or faults file named `__proto__`,
 * `constructor` or `prototype`, wherever it sits (tool arguments, `match`,
 * `knows` ...), and every path-like field (a record path of an expected
 * change, an incidental glob, a `same_args` name, an injection's dot
 * path) with such a segment, as problems at their line. Graders and the
 * fault injector follow these names into objects, so none may name a
 * prototype. Schemas stay permissive so that stored runs always read back.
 */
export function findPrototypeKeys(source: YamlSource): Problem[] {
  const problems: Problem[] = [];
  const report = (at: PropertyKey[], key: string): void => {
    const position = source.locate(at);
    problems.push({
      file: source.file,
      ...(position === undefined ? {} : { line: position.line, column: position.column }),
      path: formatPath(at),
      message: prototypeKeyMessage(key),
    });
  };
  const seen = new Set<object>();
  const visit = (node: unknown, path: PropertyKey[]): void => {
    if (typeof node === 'string') {
      const field = PATH_FIELDS.find(({ at }) => matches(at, path));
      const segment =
        field === undefined ? undefined : node.split(field.separator).find(isPrototypeKey);
      if (segment !== undefined) report(path, segment);
      return;
    }
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    for (const key of Object.keys(node)) {
      if (isPrototypeKey(key)) report([...path, key], key);
      else visit((node as Record<string, unknown>)[key], [...path, key]);
    }
  };
  // A faults file's list form has no `inject`; its object form has it at the top, as a task does.
  visit(source.value, []);
  return problems;
}

function matches(pattern: readonly string[], path: readonly PropertyKey[]): boolean {
  return (
    pattern.length === path.length &&
    pattern.every((part, index) => part === '*' || part === path[index])
  );
}
