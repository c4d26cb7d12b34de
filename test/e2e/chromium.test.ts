import { describe, expect, it } from 'vitest';
import { BROWSER_SKIP_TITLE, chromiumForTests, findChromium } from './chromium.js';

const nothing = (): boolean => false;

describe('the browser the browser tests use', () => {
  it('finds chromium on PATH', () => {
    const exists = (path: string): boolean => path === '/opt/bin/chromium';
    expect(findChromium({ PATH: '/usr/local/bin:/opt/bin' }, exists)).toBe('/opt/bin/chromium');
  });

  it('takes ENDSTATE_CHROMIUM over PATH, and refuses one that does not exist', () => {
    const exists = (path: string): boolean => path === '/x/chrome' || path === '/usr/bin/chromium';
    expect(findChromium({ ENDSTATE_CHROMIUM: '/x/chrome', PATH: '/usr/bin' }, exists)).toBe(
      '/x/chrome',
    );
    expect(() => findChromium({ ENDSTATE_CHROMIUM: '/y/chrome' }, exists)).toThrow(
      'ENDSTATE_CHROMIUM=/y/chrome: no such file',
    );
  });

  it('skips (undefined) when chromium is missing, with a title that says how to enable the tests', () => {
    const warned: string[] = [];
    const warn = (text: string): number => warned.push(text);
    expect(chromiumForTests({ PATH: '/usr/bin' }, nothing, warn)).toBeUndefined();
    expect(warned).toEqual([BROWSER_SKIP_TITLE]);
    expect(BROWSER_SKIP_TITLE).toMatch(/^SKIPPED: chromium not found;/);
    expect(BROWSER_SKIP_TITLE).toContain('apt-get install chromium');
    expect(BROWSER_SKIP_TITLE).toContain('ENDSTATE_CHROMIUM=path');
  });

  it('fails instead of skipping under ENDSTATE_REQUIRE_BROWSER=1, as CI runs', () => {
    expect(() =>
      chromiumForTests({ PATH: '/usr/bin', ENDSTATE_REQUIRE_BROWSER: '1' }, nothing),
    ).toThrow(/^ENDSTATE_REQUIRE_BROWSER=1 and chromium not found; install Debian's chromium/);
  });
});
