import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.js';

describe('the exit codes', () => {
  it('are the ones the table of docs/cli.md documents', () => {
    const cli = readFileSync(join(import.meta.dirname, '../../docs/cli.md'), 'utf8');
    const start = cli.indexOf('\n## Exit codes\n');
    expect(start, 'docs/cli.md has an "## Exit codes" section').toBeGreaterThanOrEqual(0);
    const end = cli.indexOf('\n## ', start + 1);
    const table = cli.slice(start, end === -1 ? undefined : end);
    for (const code of Object.values(EXIT)) expect(table).toContain(`| **${code}** |`);
  });
});
