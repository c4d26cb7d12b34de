import type { Problem } from '../core/index.js';
import { forbiddenValues } from '../schema/index.js';
import type { TaskFile } from '../schema/index.js';
import type { StateSnapshot } from '../state/index.js';
import type { YamlSource } from './yaml-source.js';
import { formatPath } from './zod-problems.js';

/**
 * `must_not_say` rules that read values from s0 must name values that are
 * there: a collection and records that exist, text or numbers of at least
 * three characters, exceptions among the rule's own paths. Otherwise the
 * rule would forbid nothing, or everything, without anyone noticing.
 */
export function checkMustNotSay(spec: TaskFile, source: YamlSource, s0: StateSnapshot): Problem[] {
  const problems: Problem[] = [];
  spec.must_not_say.forEach((rule, index) => {
    if (!('values' in rule)) return;
    for (const problem of forbiddenValues(rule, s0).problems) {
      const path: PropertyKey[] =
        problem.path === 'values'
          ? ['must_not_say', index, 'values']
          : ['must_not_say', index, 'except', Number(/\d+/.exec(problem.path)![0])];
      const position = source.locate(path);
      problems.push({
        file: source.file,
        ...(position !== undefined ? { line: position.line, column: position.column } : {}),
        path: formatPath(path),
        message: problem.message,
      });
    }
  });
  return problems;
}
