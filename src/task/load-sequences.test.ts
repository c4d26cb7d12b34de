import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import drift from '../../examples/drift/environment.js';
import { isEndstateError } from '../core/index.js';
import { hashSuite } from './hash-suite.js';
import { loadSuite } from './load-suite.js';

let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** A copy of examples/drift with the given sequence files added (or replaced). */
async function loadDrift(files: Record<string, string>): Promise<unknown> {
  root = mkdtempSync(join(tmpdir(), 'endstate-sequences-'));
  cpSync('examples/drift', root, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content);
  try {
    return await loadSuite(root, {
      importModule: () => Promise.resolve({ default: drift }),
      taskCache: false,
    });
  } catch (error) {
    return error;
  }
}

describe('loading sequence files', () => {
  it('resolves episodes: ids, tasks, sessions and versions carried from the previous episode', async () => {
    const suite = (await loadDrift({
      'sequences/carry.yaml': [
        'id: carry',
        'episodes:',
        '  - { task: refund-a100, version: 14-day-window }',
        '  - { task: refund-a101, session: same }',
      ].join('\n'),
    })) as Awaited<ReturnType<typeof loadSuite>>;
    const carry = suite.sequences?.find((sequence) => sequence.id === 'carry');
    expect(
      carry?.episodes.map(({ id, task, session, version }) => [id, task.id, session, version]),
    ).toEqual([
      ['carry@1', 'refund-a100', 'new', '14-day-window'],
      ['carry@2', 'refund-a101', 'same', '14-day-window'],
    ]);
  });

  it('lists every problem of every sequence file with its file, line and field', async () => {
    const error = await loadDrift({
      'sequences/bad.yaml': [
        'id: bad',
        'episodes:',
        '  - { task: refund-a100, session: same }',
        '  - { task: no-such-task }',
        '  - { task: refund-a101, version: 9.9 }',
        '  - { task: refund-a101, session: later }',
      ].join('\n'),
      'sequences/empty.yaml': 'id: refund-a100\nepisodes: []\n',
    });
    expect(isEndstateError(error) && error.code).toBe('E_SUITE_INVALID');
    const problems = isEndstateError(error) ? error.problems : [];
    expect(problems.map(({ file, line, path }) => [file, line, path])).toEqual([
      ['sequences/bad.yaml', 5, 'episodes[2].version'],
      ['sequences/bad.yaml', 6, 'episodes[3].session'],
      ['sequences/empty.yaml', 2, 'episodes'],
    ]);
    const second = await loadDrift({
      'sequences/bad.yaml': [
        'id: bad',
        'episodes:',
        '  - { task: refund-a100, session: same }',
        '  - { task: no-such-task }',
        '  - { task: refund-a101, version: "9.9" }',
      ].join('\n'),
      'sequences/clash.yaml': 'id: refund-a100\nepisodes: [{ task: refund-a100 }]\n',
    });
    const found = isEndstateError(second) ? second.problems : [];
    expect(found.map(({ file, line, path, message }) => [file, line, path, message])).toEqual([
      [
        'sequences/bad.yaml',
        3,
        'episodes[0].session',
        'the first episode has no conversation to continue: leave session out or write new',
      ],
      [
        'sequences/bad.yaml',
        4,
        'episodes[1].task',
        expect.stringMatching(/^no task has id "no-such-task" \(task ids: /),
      ],
      [
        'sequences/bad.yaml',
        5,
        'episodes[2].version',
        'environment "drift-store" has no version "9.9" (versions: 1.0.0, 14-day-window, store-credit)',
      ],
      [
        'sequences/clash.yaml',
        1,
        'id',
        'sequence id "refund-a100" is also a task id: give the sequence its own id',
      ],
    ]);
  });

  it('is covered by the suite hash', async () => {
    await loadDrift({});
    const before = hashSuite(root!);
    writeFileSync(
      join(root!, 'sequences/steady.yaml'),
      'id: steady\nepisodes: [{ task: refund-a100 }]\n',
    );
    expect(hashSuite(root!)).not.toBe(before);
  });
});
