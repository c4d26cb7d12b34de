import { describe, expect, it } from 'vitest';
import { errorHeadline } from './agent-error-headline.js';

const EXITED =
  'the program exited with exit code 1 before sending a final message; its stderr ends with:';

describe('errorHeadline', () => {
  it('is the first line of a message whose first line says it all', () => {
    expect(errorHeadline('\n  There is no order "8843".\nCheck the number.')).toBe(
      'There is no order "8843".',
    );
  });

  it('adds the first stderr line that names an error, past stack frames and banners', () => {
    expect(
      errorHeadline(
        `${EXITED}\nnode:internal/modules/cjs/loader:1210\n  throw err;\n  ^\n\nError: Cannot find module '/a/agent.mjs'\n    at Module._load (node:internal/modules/cjs/loader:1038:27)\n\nNode.js v20.20.2`,
      ),
    ).toBe(`${EXITED} Error: Cannot find module '/a/agent.mjs'`);
  });

  it("adds a Python traceback's error line, not its frames", () => {
    expect(
      errorHeadline(
        `${EXITED}\nTraceback (most recent call last):\n  File "agent.py", line 3, in <module>\n    raise ValueError("bad key")\nValueError: bad key`,
      ),
    ).toBe(`${EXITED} ValueError: bad key`);
  });

  it('adds the last stderr line when none names an error', () => {
    expect(
      errorHeadline(
        `${EXITED}\npython3: can't open file '/a/agent.py': [Errno 2] No such file or directory\n`,
      ),
    ).toBe(`${EXITED} python3: can't open file '/a/agent.py': [Errno 2] No such file or directory`);
  });

  it('keeps a line ending in a colon with nothing after it as it is', () => {
    expect(errorHeadline(`${EXITED}\n\n`)).toBe(EXITED);
  });
});
