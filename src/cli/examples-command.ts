import { join, resolve } from 'node:path';
import { quote } from 'shell-quote';
import { bundledPath, readBundledFiles } from './bundled-files.js';
import type { CliIo } from './cli-io.js';
import { shownFolder, writeNewFiles } from './write-new-files.js';

/** What makes a top-level folder of the examples a suite. */
const ENVIRONMENT_FILE = /^[^/]+\/environment\.(ts|mts|js|mjs)$/;
const TASK_FILE = /^([^/]+)\/tasks\/.+\.(ya?ml|json)$/;
const SEQUENCE_FILE = /^([^/]+)\/sequences\/.+\.(ya?ml|json)$/;

/**
 * The examples' own tests import vitest and name the suites by their place
 * in the endstate repository; outside it they would not run.
 */
const isTestFile = (path: string): boolean => /\.test\.[cm]?[jt]s$/.test(path);

export interface ExamplesFlags {
  readonly force?: boolean;
}

/**
 * `endstate examples [dir]`: copies the bundled suites (and the example
 * agents and faults files) into a folder of the user's project, where they
 * load like the user's own suites: they import only `endstate`. Existing
 * files are refused (exit 2) unless `--force`.
 */
export function examplesCommand(folder: string, flags: ExamplesFlags, io: CliIo): number {
  const shown = shownFolder(folder);
  const files = readBundledFiles(bundledPath('examples'), isTestFile);
  const { written } = writeNewFiles({
    files,
    folder: resolve(io.cwd, folder),
    shownFolder: shown,
    force: flags.force === true,
  });
  const contents = describeContents(files.map((file) => file.path)).map(
    ([name, what]): [string, string] => [join(shown, name), what],
  );
  const width = Math.max(...contents.map(([path]) => path.length));
  const copied = new Set(files.map((file) => file.path));
  const commands = tryCommands(shown, copied);
  io.out(
    [
      `copied ${written.length} files into ${shown}:`,
      ...contents.map(([path, what]) => `  ${path.padEnd(width)}  ${what}`.trimEnd()),
      ...(commands.length === 0 ? [] : ['', 'try:']),
      ...commands.map((command) => `  npx endstate ${command}`),
      '',
    ].join('\n'),
  );
  return 0;
}

/** One line per top-level entry: a suite and its task count, or a folder's file count. */
function describeContents(paths: readonly string[]): [string, string][] {
  const suites = new Set(paths.filter((path) => ENVIRONMENT_FILE.test(path)).map(topLevel));
  const tops = [...new Set(paths.map(topLevel))].sort();
  return tops.map((top) => {
    const inside = paths.filter((path) => path.startsWith(`${top}/`));
    if (suites.has(top)) {
      const tasks = inside.filter((path) => TASK_FILE.exec(path)?.[1] === top).length;
      const sequences = inside.filter((path) => SEQUENCE_FILE.exec(path)?.[1] === top).length;
      return [top, `suite, ${tasks} tasks${sequences === 0 ? '' : `, ${sequences} sequences`}`];
    }
    if (inside.length === 0) return [top, ''];
    return [top, inside.length === 1 ? '1 file' : `${inside.length} files`];
  });
}

function topLevel(path: string): string {
  return path.split('/')[0] ?? path;
}

/** Commands to try, each shown only when the files it names were copied. */
function tryCommands(shown: string, copied: ReadonlySet<string>): string[] {
  const at = (path: string): string => quote([join(shown, path)]);
  const commands: string[] = [];
  if (!copied.has('support/environment.ts')) return commands;
  commands.push(
    `validate ${at('support')}`,
    `run ${at('support')} --agent simulated --slip 0.1 --trials 8`,
  );
  if (copied.has('agents/refund-agent.mjs')) {
    commands.push(
      `run ${at('support')} --agent command --command ${quote([`node ${join(shown, 'agents/refund-agent.mjs')}`])}`,
    );
  }
  if (copied.has('faults/support-flaky.yaml')) {
    commands.push(
      `run ${at('support')} --agent simulated --faults ${at('faults/support-flaky.yaml')} --trials 4`,
    );
  }
  return commands;
}
