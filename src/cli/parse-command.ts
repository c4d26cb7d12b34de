import { parse } from 'shell-quote';
import { EndstateError } from '../core/index.js';

/**
 * `--command 'node agent.mjs --fast'` as an argument list, split the way a
 * shell would (quotes kept together); pipes, redirections and variables are
 * refused: the program is started directly, not through a shell.
 */
export function parseCommand(text: string, flag = '--command'): string[] {
  const parts = parse(text);
  if (parts.length === 0) throw new EndstateError('E_USAGE', `${flag} is empty`);
  return parts.map((part) => {
    if (typeof part !== 'string') {
      throw new EndstateError(
        'E_USAGE',
        `${flag} "${text}" uses shell syntax (pipes, redirections, globs)`,
        {
          hint: 'Give a program and its arguments; wrap anything that needs a shell in a script.',
        },
      );
    }
    return part;
  });
}
