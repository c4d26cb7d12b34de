import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedImports } from '../../lint/allowed-imports.js';

const root = join(import.meta.dirname, '../..');

/**
 * The layer table of docs/architecture.md as folder -> the folders it may
 * import from, sorted; `cli/`'s "anything" as '*'. A note in parentheses
 * ("user (types)") is the reader's, not the lint's.
 */
function docsLayerTable(markdown: string): Record<string, string[]> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Layers\n'));
  if (section === undefined) throw new Error('docs/architecture.md has no "## Layers" section');
  const table: Record<string, string[]> = {};
  for (const line of section.split('\n')) {
    const cells = /^\| `([a-z-]+)\/` \|.*\| ([^|]+) \|$/.exec(line);
    if (cells === null) continue;
    const [, folder, imports] = cells as unknown as [string, string, string];
    table[folder] =
      imports === 'nothing'
        ? []
        : imports === 'anything'
          ? ['*']
          : imports
              .split(',')
              .map((name) => name.replace(/\(.*\)/, '').trim())
              .sort();
  }
  return table;
}

describe('the layer table of docs/architecture.md', () => {
  it("shows the lint's allowlists, row for row", () => {
    const docs = docsLayerTable(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));
    const lint = Object.fromEntries(
      Object.entries(allowedImports).map(([folder, allowed]) => [folder, [...allowed].sort()]),
    );
    expect(docs).toEqual({ ...lint, cli: ['*'] });
  });

  it('reads the folders, the notes and "nothing" and "anything" as the lint would', () => {
    const markdown = [
      '## Layers',
      '',
      '| folder | holds | imports |',
      '|---|---|---|',
      '| `core/` | errors, hashes | nothing |',
      '| `agent/` | agents | core, user (types) |',
      '| `cli/` | flags | anything |',
      '',
      '## Next',
      '| `later/` | not a layer | core |',
    ].join('\n');
    expect(docsLayerTable(markdown)).toEqual({
      core: [],
      agent: ['core', 'user'],
      cli: ['*'],
    });
  });
});
