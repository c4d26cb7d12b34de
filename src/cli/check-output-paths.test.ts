import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputPaths } from './check-output-paths.js';

describe('checkOutputPaths', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'endstate-outputs-'));
  const storePath = '.endstate/endstate.db';

  it('refuses an output aimed at the store, its log, its key file, its ledger, or through a link to it', () => {
    writeFileSync(join(cwd, 'real.db'), '');
    symlinkSync(join(cwd, 'real.db'), join(cwd, 'alias.json'));
    for (const path of [
      '.endstate/endstate.db',
      './.endstate/../.endstate/endstate.db-wal',
      '.endstate/endstate.db.key',
      '.endstate/endstate.db.ledger',
    ]) {
      expect(() => checkOutputPaths({ storePath, cwd, outputs: { '--json': path } })).toThrow(
        /--json .* is the result store/,
      );
    }
    expect(() =>
      checkOutputPaths({ storePath: 'real.db', cwd, outputs: { '--html': 'alias.json' } }),
    ).toThrow(/--html alias\.json is the result store/);
  });

  it('refuses two outputs to one file, and accepts distinct ones', () => {
    expect(() =>
      checkOutputPaths({ storePath, cwd, outputs: { '--json': 'out.json', '--md': './out.json' } }),
    ).toThrow(/--md \.\/out\.json is also the file of --json/);
    expect(() =>
      checkOutputPaths({
        storePath,
        cwd,
        outputs: { '--json': 'out.json', '--md': 'out.md', '--junit': undefined },
      }),
    ).not.toThrow();
  });

  it('checks the outputs of a store that is no file against each other only', () => {
    const outputs = { '--json': '.endstate/endstate.db', '--md': 'out.md' };
    expect(() => checkOutputPaths({ storePath: undefined, cwd, outputs })).not.toThrow();
    expect(() =>
      checkOutputPaths({ storePath: undefined, cwd, outputs: { '--json': 'a', '--md': './a' } }),
    ).toThrow(/--md \.\/a is also the file of --json/);
  });
});
