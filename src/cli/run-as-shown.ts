import { isAbsolute, relative } from 'node:path';
import type { RunRecord } from '../schema/index.js';

/**
 * A path as an output may show it: relative to the working folder (`..`
 * segments when outside it), so no output file or message carries the
 * machine's folders. A relative path stays as it is.
 *
 * @example
 * shownPath('/home/ana/evals/suites/support', '/home/ana/evals'); // 'suites/support'
 * shownPath('/opt/examples/support', '/home/ana/evals'); // '../../../opt/examples/support'
 */
export function shownPath(path: string, workingFolder: string): string {
  if (!isAbsolute(path)) return path;
  return relative(workingFolder, path) || '.';
}

/**
 * A stored run as `--json` and `--save-failures` write it: the suite's
 * path relative to the working folder. The store keeps the absolute path,
 * which `--resume` and `regrade` use to find the suite again.
 */
export function runAsShown(run: RunRecord, workingFolder: string): RunRecord {
  return { ...run, suite: { ...run.suite, path: shownPath(run.suite.path, workingFolder) } };
}
