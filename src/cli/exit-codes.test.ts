import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from './exit-codes.js';

describe('the exit codes', () => {
  it('are the ones the README table documents', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('### Exit codes'));
    for (const code of Object.values(EXIT)) expect(table).toContain(`| **${code}** |`);
  });
});
