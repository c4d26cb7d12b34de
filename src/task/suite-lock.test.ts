import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { shopEnvironment } from '../testing/index.js';
import { loadSuite } from './load-suite.js';
import type { Suite } from './load-suite.js';
import {
  SUITE_LOCK_FILE,
  createSuiteLock,
  formatSuiteLock,
  hashTaskDocument,
  writeSuiteLock,
} from './suite-lock.js';
import { parseYamlSource } from './yaml-source.js';

const REFUND = `id: refund-8842
revision: 1
description: Refund an eligible order.
labels: { family: refund }
environment: shop
clock: 2026-10-05T09:00:00Z
user:
  instruction: Please refund order 8842.
expect:
  changes:
    - { set: orders/8842/status, to: refunded }
reference:
  - { tool: check_eligibility, args: { order_id: '8842' } }
  - { tool: process_refund, args: { order_id: '8842', amount_cents: 4299 } }
`;

const QUOTE = `id: quote-8843
revision: 2
environment: shop
clock: 2026-10-05T09:00:00Z
user:
  instruction: How much would a refund of order 8843 be?
`;

const documentOf = (text: string): unknown => parseYamlSource(text, 'task.yaml').value;

describe('hashTaskDocument', () => {
  it('ignores comments, key order, quoting and YAML style', () => {
    const restyled = `# the refund task, restyled
user: { instruction: "Please refund order 8842." }
clock: 2026-10-05T09:00:00Z
environment: "shop"
revision: 1
id: refund-8842
reference:
  - tool: check_eligibility
    args: { order_id: "8842" }
  - tool: process_refund
    args: { amount_cents: 4299, order_id: "8842" }
expect: { changes: [ { to: refunded, set: orders/8842/status } ] }
`;
    expect(hashTaskDocument(documentOf(restyled))).toBe(hashTaskDocument(documentOf(REFUND)));
  });

  it('leaves out revision, description and labels', () => {
    const relabelled = REFUND.replace('revision: 1', 'revision: 7')
      .replace('Refund an eligible order.', 'Refunds an order.')
      .replace('family: refund', 'family: money');
    expect(hashTaskDocument(documentOf(relabelled))).toBe(hashTaskDocument(documentOf(REFUND)));
  });

  it('changes when anything a trial sees or is graded on changes', () => {
    const edited = REFUND.replace('amount_cents: 4299', 'amount_cents: 4300');
    expect(hashTaskDocument(documentOf(edited))).not.toBe(hashTaskDocument(documentOf(REFUND)));
  });

  it('is the sha256 of the canonical JSON, so other tools can recompute it', () => {
    const expected = createHash('sha256').update('{"clock":"c","id":"t"}').digest('hex');
    expect(hashTaskDocument({ revision: 3, id: 't', labels: { a: 'b' }, clock: 'c' })).toBe(
      expected,
    );
  });
});

describe('formatSuiteLock', () => {
  it('writes sorted keys, two-space indentation and a trailing newline', () => {
    const lock = createSuiteLock('shop', [
      {
        id: 'z-task',
        file: 'tasks/z.yaml',
        revision: 2,
        hash: 'b'.repeat(64),
        s0Hash: 'c'.repeat(64),
      },
      {
        id: 'a-task',
        file: 'tasks/a.yaml',
        revision: 1,
        hash: 'd'.repeat(64),
        s0Hash: 'e'.repeat(64),
      },
    ]);
    expect(formatSuiteLock(lock)).toBe(
      [
        '{',
        '  "lock_version": 1,',
        '  "suite": "shop",',
        '  "tasks": {',
        '    "a-task": {',
        `      "hash": "${'d'.repeat(64)}",`,
        '      "revision": 1,',
        `      "s0_hash": "${'e'.repeat(64)}"`,
        '    },',
        '    "z-task": {',
        `      "hash": "${'b'.repeat(64)}",`,
        '      "revision": 2,',
        `      "s0_hash": "${'c'.repeat(64)}"`,
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });
});

describe('a locked suite', () => {
  let root: string;
  const write = (file: string, text: string): void => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  const edit = (file: string, from: string, to: string): void => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(text).toContain(from);
    write(file, text.replace(from, to));
  };
  const load = (options: { lock?: 'enforce' | 'ignore' } = {}): Promise<Suite> =>
    loadSuite(root, {
      importModule: () => Promise.resolve({ default: shopEnvironment }),
      displayPath: 'suites/shop',
      ...options,
    });
  const lock = async (): Promise<void> => void writeSuiteLock(await load({ lock: 'ignore' }));

  beforeEach(async () => {
    root = join(mkdtempSync(join(tmpdir(), 'endstate-lock-')), 'shop');
    write('environment.js', '// the tests import shopEnvironment instead\n');
    write('tasks/refund-8842.yaml', REFUND);
    write('tasks/quote-8843.yaml', QUOTE);
    await lock();
    return () => rmSync(root, { recursive: true, force: true });
  });

  it('records each task by id with its revision, content hash and s0 hash', () => {
    const written = JSON.parse(readFileSync(join(root, SUITE_LOCK_FILE), 'utf8')) as unknown;
    expect(written).toEqual({
      lock_version: 1,
      suite: 'shop',
      tasks: {
        'quote-8843': {
          revision: 2,
          hash: hashTaskDocument(documentOf(QUOTE)),
          s0_hash: shopEnvironment.fixture.hash,
        },
        'refund-8842': {
          revision: 1,
          hash: hashTaskDocument(documentOf(REFUND)),
          s0_hash: shopEnvironment.fixture.hash,
        },
      },
    });
  });

  it('loads an unchanged suite as current, with the same suite hash as before locking', async () => {
    const suite = await load();
    expect(suite.lock).toEqual({ type: 'current' });
    rmSync(join(root, SUITE_LOCK_FILE));
    const unlocked = await load();
    expect(unlocked.lock).toEqual({ type: 'unlocked' });
    expect(unlocked.hash).toBe(suite.hash);
  });

  it('accepts an edit that only changes formatting, comments or the description', async () => {
    edit('tasks/refund-8842.yaml', 'id: refund-8842\n', '# edited\nid:   "refund-8842"\n');
    edit('tasks/refund-8842.yaml', 'Refund an eligible order.', 'Refunds order 8842.');
    expect((await load()).lock).toEqual({ type: 'current' });
  });

  it('refuses a task that changed at the same revision, naming the task, its file and the fix', async () => {
    edit('tasks/refund-8842.yaml', 'amount_cents: 4299', 'amount_cents: 4300');
    const loading = load();
    await expect(loading).rejects.toMatchObject({
      code: 'E_SUITE_LOCKED',
      details: { tasks: ['refund-8842'] },
    });
    await expect(loading).rejects.toThrowErrorMatchingInlineSnapshot(`
      [EndstateError: suite shop is locked (endstate.lock.json), and 1 task no longer matches it:
        tasks/refund-8842.yaml:2 revision: task refund-8842 changed since the suite was locked, but its revision is still 1
      Hint: Bump revision: to 2 in tasks/refund-8842.yaml and run endstate lock suites/shop, or undo the change.]
    `);
  });

  it('lists every changed task, not only the first', async () => {
    edit('tasks/refund-8842.yaml', 'amount_cents: 4299', 'amount_cents: 4300');
    edit('tasks/quote-8843.yaml', 'How much', 'How much money');
    await expect(load()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [EndstateError: suite shop is locked (endstate.lock.json), and 2 tasks no longer match it:
        tasks/quote-8843.yaml:2 revision: task quote-8843 changed since the suite was locked, but its revision is still 2
        tasks/refund-8842.yaml:2 revision: task refund-8842 changed since the suite was locked, but its revision is still 1
      Hint: Set revision: to 3 in tasks/quote-8843.yaml, to 2 in tasks/refund-8842.yaml and run endstate lock suites/shop, or undo the changes.]
    `);
  });

  it('refuses a task whose s0 changed at the same revision', async () => {
    write('fixtures/other.json', JSON.stringify({ orders: { '8842': { status: 'delivered' } } }));
    edit('tasks/refund-8842.yaml', 'revision: 1', 'revision: 2\nfixture: fixtures/other.json');
    await lock();
    write('fixtures/other.json', JSON.stringify({ orders: { '8842': { status: 'shipped' } } }));
    await expect(load()).rejects.toThrow(
      'tasks/refund-8842.yaml:2 revision: task refund-8842 starts from a different s0 than when the suite was locked (fixtures/other.json changed), but its revision is still 2',
    );
  });

  it('accepts a changed task whose revision went up, and says the lock is stale', async () => {
    edit('tasks/refund-8842.yaml', 'amount_cents: 4299', 'amount_cents: 4300');
    edit('tasks/refund-8842.yaml', 'revision: 1', 'revision: 2');
    const suite = await load();
    expect(suite.lock).toMatchObject({
      type: 'stale',
      drift: [{ type: 'bumped', lockedRevision: 1, task: { id: 'refund-8842', revision: 2 } }],
    });
    await lock();
    expect((await load()).lock).toEqual({ type: 'current' });
  });

  it('refuses a task whose revision went down, even with its content unchanged', async () => {
    edit('tasks/quote-8843.yaml', 'revision: 2', 'revision: 1');
    await expect(load()).rejects.toThrowErrorMatchingInlineSnapshot(`
      [EndstateError: suite shop is locked (endstate.lock.json), and 1 task no longer matches it:
        tasks/quote-8843.yaml:2 revision: task quote-8843 has revision 1, below its locked revision 2
      Hint: Set revision: to 3 in tasks/quote-8843.yaml and run endstate lock suites/shop, or undo the change.]
    `);
  });

  it('accepts tasks added or removed since the lock, as a stale lock', async () => {
    write('tasks/new-task.yaml', QUOTE.replace('quote-8843', 'new-task'));
    rmSync(join(root, 'tasks/quote-8843.yaml'));
    const suite = await load();
    expect(suite.lock).toMatchObject({
      type: 'stale',
      drift: [
        { type: 'added', task: { id: 'new-task' } },
        { type: 'removed', id: 'quote-8843', lockedRevision: 2 },
      ],
    });
  });

  it('skips the lock when asked to', async () => {
    edit('tasks/refund-8842.yaml', 'amount_cents: 4299', 'amount_cents: 4300');
    const suite = await load({ lock: 'ignore' });
    expect(suite.lock).toBeUndefined();
  });

  it('rejects a lock file that is not one, naming the field', async () => {
    write(SUITE_LOCK_FILE, '{ "lock_version": 2, "suite": "shop", "tasks": {} }\n');
    const loading = load();
    await expect(loading).rejects.toMatchObject({ code: 'E_SUITE_INVALID' });
    await expect(loading).rejects.toThrowErrorMatchingInlineSnapshot(`
      [EndstateError: endstate.lock.json is not a valid lock file:
        endstate.lock.json:1:3 lock_version: Invalid input: expected 1
      Hint: Restore it from version control, or delete it and run endstate lock to write a new one.]
    `);
  });

  it('refuses a lock file over 4 MiB from its size, before parsing it', async () => {
    write(SUITE_LOCK_FILE, `{${' '.repeat(5 * 1024 * 1024)}}`);
    await expect(load()).rejects.toThrow(
      'lock file endstate.lock.json is too large to read\n  endstate.lock.json: is 5.0 MiB (5,242,882 bytes), over the 4 MiB (4,194,304 bytes) limit',
    );
  });

  it('writes no lock that could not be read back, and keeps the one there', async () => {
    const before = readFileSync(join(root, SUITE_LOCK_FILE), 'utf8');
    const suite = await load({ lock: 'ignore' });
    // 20 tasks with ids of 220,000 characters: a lock of 4,404,190 bytes.
    const tasks = Array.from({ length: 20 }, (_, index) => ({
      ...suite.tasks[0]!,
      id: `${index}-${'x'.repeat(220_000)}`,
    }));
    expect(() => writeSuiteLock({ ...suite, tasks })).toThrow(
      /^the lock of suite shop would be 4\.2 MiB \(4,404,190 bytes\), over the 4 MiB \(4,194,304 bytes\) limit for a file read whole; nothing was written\nHint: Split the suite's 20 tasks into smaller suites, each locked on its own\.$/,
    );
    expect(readFileSync(join(root, SUITE_LOCK_FILE), 'utf8')).toBe(before);
  });
});
