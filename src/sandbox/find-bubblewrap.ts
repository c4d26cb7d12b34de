import { delimiter, join } from 'node:path';
import { EndstateError } from '../core/index.js';

export interface FindBubblewrapInput {
  /** process.platform */
  readonly platform: string;
  /** endstate's PATH. */
  readonly pathEnv: string | undefined;
  /** Whether a file exists and may be executed. */
  readonly isExecutable: (path: string) => boolean;
}

/**
 * The bwrap program on PATH. Throws E_SANDBOX (exit 2) with how to install
 * it, or how to run unisolated, when it is missing or the system is not
 * Linux.
 *
 * @example
 * findBubblewrap({ platform: 'linux', pathEnv: '/usr/bin', isExecutable: () => true }); // '/usr/bin/bwrap'
 */
export function findBubblewrap(input: FindBubblewrapInput): string {
  if (input.platform !== 'linux') {
    throw new EndstateError(
      'E_SANDBOX',
      `the agent sandbox needs Linux (bubblewrap); this system is ${input.platform}`,
      {
        hint: 'Run on Linux (or in a Linux container), or pass --no-sandbox to run the agent unisolated: it can then read the suite, the store and your files.',
      },
    );
  }
  for (const folder of (input.pathEnv ?? '').split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, 'bwrap');
    if (input.isExecutable(candidate)) return candidate;
  }
  throw new EndstateError(
    'E_SANDBOX',
    'bubblewrap (bwrap) is not installed: command and mcp agents run in its sandbox',
    {
      hint: 'Install it (Debian/Ubuntu: sudo apt-get install bubblewrap; Fedora: sudo dnf install bubblewrap), or pass --no-sandbox to run the agent unisolated: it can then read the suite, the store and your files.',
    },
  );
}
