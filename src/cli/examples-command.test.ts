import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo } from './capture-io.js';
import { main } from './main.js';

const REPO_EXAMPLES = join(import.meta.dirname, '../../examples');

describe('endstate examples', () => {
  it('copies every bundled example but their tests into endstate-examples/', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'endstate-examples-'));
    const io = captureIo(cwd);
    expect(await main(['examples'], io)).toBe(0);
    const bundled = readdirSync(REPO_EXAMPLES, { recursive: true, encoding: 'utf8' });
    const copied = readdirSync(join(cwd, 'endstate-examples'), {
      recursive: true,
      encoding: 'utf8',
    });
    expect(copied.sort()).toEqual(bundled.filter((path) => !path.endsWith('.test.ts')).sort());
    expect(readFileSync(join(cwd, 'endstate-examples/support/policy.md'))).toEqual(
      readFileSync(join(REPO_EXAMPLES, 'support/policy.md')),
    );
    const output = io.stdout.join('');
    expect(output).toMatch(/^ {2}endstate-examples\/support {2,}suite, \d+ tasks$/m);
    expect(output).toContain('  npx endstate validate endstate-examples/support\n');
    expect(output).toContain(
      "--agent command --command 'node endstate-examples/agents/refund-agent.mjs'\n",
    );
  });

  it("leaves no import of 'zod' or of a file outside the example's folder", () => {
    const sources = readdirSync(REPO_EXAMPLES, { recursive: true, encoding: 'utf8' }).filter(
      (path) => /\.(ts|mts|mjs|js)$/.test(path) && !path.endsWith('.test.ts'),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const path of sources) {
      const source = readFileSync(join(REPO_EXAMPLES, path), 'utf8');
      expect(source, path).not.toMatch(/from '(zod|\.\.\/[^']*)'/);
    }
  });

  it('refuses a folder that already holds the examples, exit 2, and changes nothing', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'endstate-examples-'));
    expect(await main(['examples', 'ex'], captureIo(cwd))).toBe(0);
    writeFileSync(join(cwd, 'ex/support/policy.md'), 'edited');
    const again = captureIo(cwd);
    expect(await main(['examples', 'ex/'], again)).toBe(2);
    expect(again.stderr.join('')).toMatch(
      /^error E_FILE_EXISTS: ex already holds \d+ of the files to write; nothing was written\n {2}ex\/agents\//,
    );
    expect(readFileSync(join(cwd, 'ex/support/policy.md'), 'utf8')).toBe('edited');
  });
});
