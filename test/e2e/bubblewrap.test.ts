import { describe, expect, it } from 'vitest';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from './bubblewrap.js';

const nothing = (): boolean => false;

describe('the sandbox the command and mcp agent tests need', () => {
  it('is there when bwrap is on PATH on Linux', () => {
    const executable = (path: string): boolean => path === '/opt/bin/bwrap';
    expect(sandboxForTests({ PATH: '/usr/bin:/opt/bin' }, 'linux', executable)).toBe(true);
  });

  it('skips (false) when bwrap is missing, with a title that says how to enable the tests', () => {
    const warned: string[] = [];
    const warn = (text: string): number => warned.push(text);
    expect(sandboxForTests({ PATH: '/usr/bin' }, 'linux', nothing, warn)).toBe(false);
    expect(warned).toEqual([SANDBOX_SKIP_TITLE]);
    expect(SANDBOX_SKIP_TITLE).toMatch(/^SKIPPED: bubblewrap \(bwrap\) not found;/);
    expect(SANDBOX_SKIP_TITLE).toContain('apt-get install bubblewrap');
  });

  it('skips on a system that is not Linux, where there is no sandbox', () => {
    const warned: string[] = [];
    const always = (): boolean => true;
    expect(
      sandboxForTests({ PATH: '/usr/bin' }, 'darwin', always, (text) => warned.push(text)),
    ).toBe(false);
    expect(warned).toHaveLength(1);
  });

  it('fails instead of skipping under ENDSTATE_REQUIRE_SANDBOX=1, as CI runs', () => {
    expect(() =>
      sandboxForTests({ PATH: '/usr/bin', ENDSTATE_REQUIRE_SANDBOX: '1' }, 'linux', nothing),
    ).toThrow(
      /^ENDSTATE_REQUIRE_SANDBOX=1 and bubblewrap \(bwrap\) not found; install Debian's bubblewrap/,
    );
  });
});
