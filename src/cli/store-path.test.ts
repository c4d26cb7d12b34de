import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireLastingStore, storeFileOf, storeSpecOf } from './store-path.js';

describe('storeSpecOf', () => {
  const cwd = '/work/project';

  it('reads a path as a SQLite file relative to the working folder, the default .endstate/endstate.db', () => {
    const store = storeSpecOf(undefined, cwd);
    expect(store).toMatchObject({ type: 'sqlite', filesFolder: join(cwd, '.endstate') });
    expect(storeFileOf(store)).toBe(join(cwd, '.endstate', 'endstate.db'));
    expect(storeSpecOf('runs/a.db', cwd).display).toBe(join(cwd, 'runs', 'a.db'));
  });

  it('reads a postgres URL: no file, the password masked, its files beside its key under .endstate/', () => {
    const store = storeSpecOf('postgresql://ana:s3cret@db.internal/evals?schema=team_a', cwd);
    expect(store).toEqual({
      type: 'postgres',
      spec: 'postgresql://ana:s3cret@db.internal/evals?schema=team_a',
      display: 'postgresql://ana:****@db.internal/evals?schema=team_a',
      filesFolder: join(cwd, '.endstate', 'postgres-db.internal-5432-evals-team_a'),
    });
    expect(storeFileOf(store)).toBeUndefined();
  });

  it('refuses other schemes, an empty value and a malformed postgres URL (E_USAGE)', () => {
    for (const value of ['', 'redis://127.0.0.1:6379', 'postgres://db.internal'])
      expect(() => storeSpecOf(value, cwd)).toThrow(
        expect.objectContaining({ code: 'E_USAGE' }) as Error,
      );
  });

  it('refuses memory: where files go beside the store, naming the command', () => {
    expect(() => requireLastingStore(storeSpecOf('memory:', cwd), 'labels import')).toThrow(
      /^--store memory: keeps nothing for labels import\n/,
    );
    expect(() => requireLastingStore(storeSpecOf('runs.db', cwd), 'labels import')).not.toThrow();
  });
});
