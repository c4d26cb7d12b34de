import { isAbsolute, relative, sep } from 'node:path';

/**
 * A suite's path as a report may show it: relative to the working folder
 * the report is made in when the suite lies inside it, else null (the
 * report names the suite alone). A stored run keeps the absolute path to
 * find its suite again; no report carries a machine's folders.
 *
 * @example
 * displaySuitePath('/home/ana/evals/suites/support', '/home/ana/evals'); // 'suites/support'
 * displaySuitePath('/opt/endstate/examples/support', '/home/ana/evals'); // null
 */
export function displaySuitePath(path: string, workingFolder: string | undefined): string | null {
  if (!isAbsolute(path)) return path;
  if (workingFolder === undefined) return null;
  const inside = relative(workingFolder, path);
  if (inside === '') return '.';
  if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  return inside;
}
