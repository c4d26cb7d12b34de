import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import support from '../../examples/support/environment.js';
import { sha256Hex } from '../core/index.js';
import { loadSuite } from './load-suite.js';
import type { LoadSuiteOptions, Suite } from './load-suite.js';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-task-cache-'));
  folders.push(folder);
  return folder;
}

/** A copy of the support suite (its environment imported in this process) and a cache folder. */
function supportCopy(taskCache = join(tempFolder(), 'cache')): {
  root: string;
  options: LoadSuiteOptions;
} {
  const root = join(tempFolder(), 'support');
  cpSync('examples/support', root, { recursive: true });
  // taskCache: a folder inside a private one (the cache is used only in a folder private to this user).
  return {
    root,
    options: { importModule: () => Promise.resolve({ default: support }), taskCache },
  };
}

/** The one entry file of a cache folder. */
function entryOf(options: LoadSuiteOptions): string {
  const folder = options.taskCache as string;
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  expect(files).toHaveLength(1);
  return join(folder, files[0]!);
}

/** Rewrites an entry's body with `edit` applied, under a checksum that matches (or not). */
function editEntry(path: string, edit: (body: string) => string, checksum: 'valid' | 'stale') {
  const text = readFileSync(path, 'utf8');
  const body = text.slice(text.indexOf('\n') + 1);
  const edited = edit(body);
  const sum = sha256Hex(checksum === 'valid' ? edited : body);
  writeFileSync(path, `${JSON.stringify({ sha256: sum })}\n${edited}`);
}

/** The tasks as data (a fixture's FrozenState holds functions, new with every load). */
const plain = (suite: Suite) =>
  suite.tasks.map(({ initialState, ...task }) => ({
    ...task,
    s0: initialState.snapshot,
    s0Hash: initialState.hash,
  }));
const specs = (suite: Suite) => suite.tasks.map((task) => ({ file: task.file, spec: task.spec }));
const REFUND = 'tasks/refund-8842.yaml';
const descriptionOf = (suite: Suite, file: string) =>
  suite.tasks.find((task) => task.file === file)?.spec.description;

describe('the cache of checked task files', () => {
  it('gives the same tasks as a fresh load, for every bundled suite', async () => {
    for (const name of ['support', 'airline', 'retail']) {
      const taskCache = join(tempFolder(), 'cache');
      const fresh = await loadSuite(`examples/${name}`, { taskCache: false });
      await loadSuite(`examples/${name}`, { taskCache });
      const cached = await loadSuite(`examples/${name}`, { taskCache });
      expect(plain(cached), name).toStrictEqual(plain(fresh));
      expect(cached.hash, name).toBe(fresh.hash);
    }
  }, 120_000);

  it('serves an unchanged suite from the entry written by the first load', async () => {
    const { root, options } = supportCopy();
    await loadSuite(root, options);
    // An edit under a matching checksum shows the second load read the entry, not the file.
    editEntry(entryOf(options), (body) => body.replace('An eligible order', 'CACHED'), 'valid');
    const second = await loadSuite(root, options);
    expect(descriptionOf(second, REFUND)).toMatch(/^CACHED is refunded/);
  });

  it('parses a changed task file again, keeping the entries of the others', async () => {
    const { root, options } = supportCopy();
    const first = await loadSuite(root, options);
    editEntry(
      entryOf(options),
      (body) => body.replace('Two orders in one request', 'KEPT'),
      'valid',
    );
    const path = join(root, REFUND);
    writeFileSync(path, readFileSync(path, 'utf8').replace('An eligible order', 'A changed order'));
    const second = await loadSuite(root, options);
    expect(descriptionOf(second, REFUND)).toMatch(/^A changed order is refunded/);
    expect(descriptionOf(first, REFUND)).toMatch(/^An eligible order/);
    const kept = second.tasks.filter((task) => task.spec.description?.includes('KEPT'));
    expect(kept.map((task) => task.file)).toEqual(['tasks/partial-eligibility-ben.yaml']);
  });

  it('checks every task again when another file of the suite changes', async () => {
    const { root, options } = supportCopy();
    await loadSuite(root, options);
    editEntry(entryOf(options), (body) => body.replaceAll('An eligible order', 'STALE'), 'valid');
    writeFileSync(join(root, 'policy.md'), `${readFileSync(join(root, 'policy.md'), 'utf8')}\n`);
    const second = await loadSuite(root, options);
    expect(descriptionOf(second, REFUND)).toMatch(/^An eligible order/);
  });

  it('ignores an entry whose checksum does not match, and rewrites it', async () => {
    const { root, options } = supportCopy();
    const fresh = await loadSuite(root, options);
    const entry = entryOf(options);
    editEntry(entry, (body) => body.replace('An eligible order', 'TAMPERED'), 'stale');
    const second = await loadSuite(root, options);
    expect(specs(second)).toStrictEqual(specs(fresh));
    const rewritten = readFileSync(entry, 'utf8');
    expect(rewritten).not.toContain('TAMPERED');
    const body = rewritten.slice(rewritten.indexOf('\n') + 1);
    expect(JSON.parse(rewritten.slice(0, rewritten.indexOf('\n')))).toEqual({
      sha256: sha256Hex(body),
      root: realpathSync(root),
    });
  });

  it('ignores an entry that is not JSON', async () => {
    const { root, options } = supportCopy();
    const fresh = await loadSuite(root, options);
    writeFileSync(entryOf(options), '{"sha256": "torn');
    expect(specs(await loadSuite(root, options))).toStrictEqual(specs(fresh));
  });

  it('reports a broken task file at its line as a load without the cache does, and keeps no error', async () => {
    const { root, options } = supportCopy();
    await loadSuite(root, options);
    const entry = entryOf(options);
    const before = readFileSync(entry, 'utf8');
    const path = join(root, REFUND);
    writeFileSync(path, readFileSync(path, 'utf8').replace('revision: 1', 'revision: [1'));
    const withCache = await loadSuite(root, options).catch((error: unknown) => error);
    const withoutCache = await loadSuite(root, { ...options, taskCache: false }).catch(
      (error: unknown) => error,
    );
    expect((withCache as Error).message).toMatch(/tasks\/refund-8842\.yaml:\d+/);
    expect((withCache as Error).message).toBe((withoutCache as Error).message);
    expect(readFileSync(entry, 'utf8')).toBe(before);
  });

  it('reports a duplicate id found beside cached files as a load without the cache does', async () => {
    const { root, options } = supportCopy();
    await loadSuite(root, options);
    cpSync(join(root, REFUND), join(root, 'tasks/zz-copy.yaml'));
    const withCache = await loadSuite(root, options).catch((error: unknown) => error);
    const withoutCache = await loadSuite(root, { ...options, taskCache: false }).catch(
      (error: unknown) => error,
    );
    expect((withCache as Error).message).toMatch(/task id "refund-8842" is also used by/);
    expect((withCache as Error).message).toBe((withoutCache as Error).message);
  });

  it('drops the entry of a suite folder that no longer exists when it writes another', async () => {
    const gone = supportCopy();
    await loadSuite(gone.root, gone.options);
    const goneEntry = entryOf(gone.options);
    rmSync(gone.root, { recursive: true });
    const kept = supportCopy(gone.options.taskCache as string);
    await loadSuite(kept.root, kept.options);
    const names = readdirSync(gone.options.taskCache as string);
    expect(names).toHaveLength(1);
    expect(join(gone.options.taskCache as string, names[0]!)).not.toBe(goneEntry);
  });
});
