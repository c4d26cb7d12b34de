import { readdirSync } from 'node:fs';
import { join, matchesGlob, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_TESTS } from '../../vitest.config.js';

const REPO = join(import.meta.dirname, '../..');

function testFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => relative(REPO, join(REPO, folder, file)));
}

describe('the test tiers', () => {
  const files = ['src', 'test', 'examples'].flatMap(testFiles);

  it('names no slow-tier pattern that matches no test file (a renamed test would fall silently into the fast tier)', () => {
    const unmatched = SLOW_TESTS.filter(
      (pattern) => !files.some((file) => matchesGlob(file, pattern)),
    );
    expect(unmatched).toEqual([]);
  });

  it('keeps most test files in the fast tier, which npm test runs', () => {
    const slow = files.filter((file) => SLOW_TESTS.some((pattern) => matchesGlob(file, pattern)));
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.length).toBeLessThan(files.length / 5);
  });
});
