import { accessSync, constants } from 'node:fs';
import { findBubblewrap } from '../../src/sandbox/index.js';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The title a skipped sandbox test carries, so the test summary says what to do. */
export const SANDBOX_SKIP_TITLE =
  "SKIPPED: bubblewrap (bwrap) not found; install Debian's bubblewrap (apt-get install bubblewrap) to run the tests of command and mcp agents in their sandbox";

/**
 * Whether the tests that run command and mcp agents in their default
 * sandbox can run: bwrap on PATH on Linux, as endstate itself looks for
 * it. When it cannot, that is said on stderr (which the test summary
 * shows) and in the title of a skipped test. With
 * ENDSTATE_REQUIRE_SANDBOX=1 (CI sets it) a missing bwrap is an error
 * instead: CI never skips the sandbox tests.
 */
export function sandboxForTests(
  env: NodeJS.ProcessEnv = process.env,
  platform: string = process.platform,
  executable: (path: string) => boolean = isExecutable,
  warn: (text: string) => void = console.warn,
): boolean {
  try {
    findBubblewrap({ platform, pathEnv: env['PATH'], isExecutable: executable });
    return true;
  } catch {
    if (env['ENDSTATE_REQUIRE_SANDBOX'] === '1') {
      throw new Error(
        `ENDSTATE_REQUIRE_SANDBOX=1 and ${SANDBOX_SKIP_TITLE.replace('SKIPPED: ', '')}`,
      );
    }
    warn(SANDBOX_SKIP_TITLE);
    return false;
  }
}
