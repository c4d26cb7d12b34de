import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApiReference } from '../../scripts/api-reference.js';

const root = join(import.meta.dirname, '../..');
// Type-checking the whole library takes seconds, more on a busy machine.
const BUILD_TIMEOUT_MS = 180_000;

describe('docs/api.md', () => {
  it(
    'is what `npm run docs:api` writes from the TSDoc now, with nothing undocumented',
    () => {
      const { markdown, problems } = buildApiReference(root);
      expect(problems, 'symbols of the reference without TSDoc or an @example').toEqual([]);
      const written = readFileSync(join(root, 'docs/api.md'), 'utf8');
      expect(
        written === markdown,
        'docs/api.md is out of date: run `npm run docs:api` and commit docs/api.md',
      ).toBe(true);
      // The reference holds the checker's signatures and the TSDoc examples.
      expect(markdown).toContain('function defineEnvironment(spec: EnvironmentSpec): Environment');
      expect(markdown).toContain(
        'update(collection: string, id: string, change: (draft: StateRecord) => StateRecord | void): StateRecord',
      );
      expect(markdown).toContain(
        "state.update('orders', '8842', (order) => { order.status = 'refunded'; });",
      );
      for (const page of ['task-format.md', 'command-protocol.md', 'mcp.md']) {
        expect(markdown).toContain(`](${page})`);
      }
    },
    BUILD_TIMEOUT_MS,
  );

  it('lists every entry point of package.json `exports`, and no other', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const exported = Object.keys(manifest.exports)
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => join('endstate', subpath))
      .sort();
    const written = readFileSync(join(root, 'docs/api.md'), 'utf8');
    const section = written.slice(written.indexOf('## Entry points'));
    const table = section.slice(0, section.indexOf('\n\n', section.indexOf('|')));
    const listed = [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]).sort();
    expect(listed).toEqual(exported);
  });
});

describe('buildApiReference', () => {
  const fake = mkdtempSync(join(tmpdir(), 'endstate-api-'));
  afterAll(() => rmSync(fake, { recursive: true, force: true }));

  it(
    'names each listed symbol that is not exported or has no TSDoc or example',
    () => {
      mkdirSync(join(fake, 'src'));
      writeFileSync(
        join(fake, 'src/index.ts'),
        [
          'export function defineEnvironment(spec: { name: string }): string { return spec.name; }',
          '/** Returns the failure. */',
          'export function toolError(code: string): string { return code; }',
        ].join('\n'),
      );
      const { markdown, problems } = buildApiReference(fake);
      expect(problems).toContainEqual({ symbol: 'defineEnvironment', message: 'has no TSDoc' });
      expect(problems).toContainEqual({ symbol: 'defineEnvironment', message: 'has no @example' });
      expect(problems).toContainEqual({ symbol: 'toolError', message: 'has no @example' });
      expect(problems).toContainEqual({
        symbol: 'WorkingState',
        message: 'is not exported from src/index.ts',
      });
      expect(problems).not.toContainEqual({ symbol: 'toolError', message: 'has no TSDoc' });
      expect(markdown).toContain('function toolError(code: string): string');
    },
    BUILD_TIMEOUT_MS,
  );
});
