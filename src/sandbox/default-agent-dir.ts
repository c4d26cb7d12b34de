import { delimiter, dirname, join, resolve } from 'node:path';
import type { PathProbe } from './plan-sandbox.js';

/** Programs that run a script named in their arguments. */
const INTERPRETERS = /^(node|nodejs|python[0-9.]*|bun|deno|ruby|perl|sh|bash|php)(\.exe)?$/;

/**
 * The agent's folder, when `--agent-dir` is not given: the folder of the
 * script the command runs (`node agents/refund.mjs` -> agents/), else of
 * the program when it is given as a path or found on PATH (a folder of
 * programs, not where endstate runs), else the working folder.
 *
 * @example
 * defaultAgentDir(['node', 'agents/a.mjs'], '/work', probe); // '/work/agents'
 */
export function defaultAgentDir(
  command: readonly string[],
  cwd: string,
  probe: PathProbe,
  pathEnv = '',
): string {
  const [program = '', ...args] = command;
  const base = program.split('/').pop() ?? program;
  if (INTERPRETERS.test(base)) {
    const script = args.find((arg) => !arg.startsWith('-'));
    if (script !== undefined) {
      const path = resolve(cwd, script);
      if (probe.kind(probe.realpath(path)) === 'file') return dirname(path);
    }
  }
  if (program.includes('/')) return dirname(resolve(cwd, program));
  for (const folder of pathEnv.split(delimiter)) {
    if (folder !== '' && probe.kind(probe.realpath(join(folder, program))) === 'file') {
      return resolve(cwd, folder);
    }
  }
  return cwd;
}
