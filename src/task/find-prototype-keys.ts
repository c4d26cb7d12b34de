import { isPrototypeKey, prototypeKeyMessage } from '../core/index.js';
import type { Problem } from '../core/index.js';
import type { YamlSource } from './yaml-source.js';
import { formatPath } from './zod-problems.js';

/**
 * Every mapping key of a task or faults file named `__proto__`,
 * `constructor` or `prototype`, wherever it sits (tool arguments, `match`,
 * `knows` ...), as problems at its line. Keys in these files are field
 * names that graders and the fault injector follow, so none may name a
 * prototype.
 */
export function findPrototypeKeys(source: YamlSource): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown, path: PropertyKey[]): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    for (const key of Object.keys(node)) {
      const at = [...path, key];
      if (isPrototypeKey(key)) {
        const position = source.locate(at);
        problems.push({
          file: source.file,
          ...(position === undefined ? {} : { line: position.line, column: position.column }),
          path: formatPath(at),
          message: prototypeKeyMessage(key),
        });
        continue;
      }
      visit((node as Record<string, unknown>)[key], at);
    }
  };
  visit(source.value, []);
  return problems;
}
