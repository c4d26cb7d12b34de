import { join, resolve } from 'node:path';
import { quote } from 'shell-quote';
import type { BundledFile } from './bundled-files.js';
import { bundledPath, readBundledFiles, shownBundledPath } from './bundled-files.js';
import type { CliIo } from './cli-io.js';
import { shownFolder, writeNewFiles } from './write-new-files.js';

/** What the template's README writes where the suite's folder goes. */
const FOLDER_PLACEHOLDER = '{{dir}}';

export interface InitFlags {
  readonly force?: boolean;
}

/**
 * `endstate init [dir]`: writes a small runnable suite (environment.ts with
 * two tools, a policy, three tasks, one of which expects no change, and a
 * README) from the template shipped in the package, then prints the next
 * commands. Existing files are refused (exit 2) unless `--force`.
 */
export function initCommand(folder: string, flags: InitFlags, io: CliIo): number {
  const shown = shownFolder(folder);
  const suiteArg = quote([shown]);
  const files = readBundledFiles(bundledPath('templates/init')).map((file): BundledFile =>
    file.path.endsWith('.md')
      ? {
          path: file.path,
          content: Buffer.from(
            file.content.toString('utf8').replaceAll(FOLDER_PLACEHOLDER, suiteArg),
          ),
        }
      : file,
  );
  const { written } = writeNewFiles({
    files,
    folder: resolve(io.cwd, folder),
    shownFolder: shown,
    force: flags.force === true,
  });
  const tasks = files.filter((file) => file.path.startsWith('tasks/')).length;
  const lines = [`wrote a suite of ${tasks} tasks in ${shown}:`];
  for (const path of written) lines.push(`  ${join(shown, path)}`);
  lines.push(
    '',
    'next:',
    `  npx endstate validate ${suiteArg}`,
    '      checks the suite: the oracle solves every task, every known-bad path fails',
    `  npx endstate run ${suiteArg} --agent oracle`,
    "      plays each task's reference path: 100% success",
    `  npx endstate run ${suiteArg} --agent command --command 'node my-agent.mjs'`,
    `      your own agent, in any language: ${shownBundledPath('docs/command-protocol.md', io.cwd)}`,
    '',
  );
  io.out(lines.join('\n'));
  return 0;
}
