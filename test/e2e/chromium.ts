import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it): never a downloaded browser. */
export function findChromium(): string | undefined {
  const fromPath = (process.env['PATH'] ?? '')
    .split(delimiter)
    .flatMap((folder) => [join(folder, 'chromium'), join(folder, 'chromium-browser')]);
  return ['/usr/bin/chromium', ...fromPath].find((path) => existsSync(path));
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
