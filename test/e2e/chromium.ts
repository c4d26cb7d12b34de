import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/**
 * The browser the browser tests drive: ENDSTATE_CHROMIUM when set, else
 * Debian's chromium (`apt-get install chromium`) on PATH; never a
 * downloaded browser.
 */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  const chosen = env['ENDSTATE_CHROMIUM'];
  if (chosen !== undefined && chosen !== '') {
    if (!exists(chosen)) {
      throw new Error(`ENDSTATE_CHROMIUM=${chosen}: no such file; point it at a chromium binary`);
    }
    return chosen;
  }
  const fromPath = (env['PATH'] ?? '')
    .split(delimiter)
    .flatMap((folder) => [join(folder, 'chromium'), join(folder, 'chromium-browser')]);
  return ['/usr/bin/chromium', ...fromPath].find((path) => exists(path));
}

/** The title a skipped browser test carries, so the test summary says what to do. */
export const BROWSER_SKIP_TITLE =
  "SKIPPED: chromium not found; install Debian's chromium (apt-get install chromium) or set ENDSTATE_CHROMIUM=path to run the browser tests";

/**
 * The chromium to run the browser tests with, or undefined to skip them,
 * said on stderr (which the test summary shows) as well as in the title
 * of a skipped test. With ENDSTATE_REQUIRE_BROWSER=1 (CI sets it) a
 * missing chromium is an error instead: CI never skips the browser tests.
 */
export function chromiumForTests(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
  warn: (text: string) => void = console.warn,
): string | undefined {
  const found = findChromium(env, exists);
  if (found !== undefined) return found;
  if (env['ENDSTATE_REQUIRE_BROWSER'] === '1') {
    throw new Error(
      `ENDSTATE_REQUIRE_BROWSER=1 and ${BROWSER_SKIP_TITLE.replace('SKIPPED: ', '')}`,
    );
  }
  warn(BROWSER_SKIP_TITLE);
  return undefined;
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
}

/** What a page asked of the network and said on its console while a test used it. */
export interface PageRecorder {
  readonly requests: string[];
  readonly errors: string[];
}

export function recordPage(page: Page): PageRecorder {
  const recorder: PageRecorder = { requests: [], errors: [] };
  page.on('request', (request) => recorder.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      recorder.errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => recorder.errors.push(`pageerror: ${error.message}`));
  return recorder;
}

/**
 * Seconds of script execution and of all main-thread work in the page from
 * now on (Chrome DevTools Protocol `Performance` metrics): start it before
 * the page loads, read it after.
 */
export async function startScriptTimer(
  page: Page,
): Promise<() => Promise<{ scriptS: number; taskS: number }>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  return async () => {
    const { metrics } = await session.send('Performance.getMetrics');
    const metric = (name: string): number =>
      metrics.find((entry) => entry.name === name)?.value ?? Number.NaN;
    return { scriptS: metric('ScriptDuration'), taskS: metric('TaskDuration') };
  };
}
