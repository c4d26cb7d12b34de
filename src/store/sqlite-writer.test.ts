import { mkdtempSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WRITER_NICE_STEP, createThreadWriter } from './sqlite-writer.js';
import type { WriteOp } from './sqlite-writer.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const newWriterPath = (): string =>
  join(mkdtempSync(join(tmpdir(), 'endstate-writer-')), 'writer.db');

/** Nice value of each thread of this process, by thread id (Linux). */
function niceByThread(): Map<string, number> {
  const nice = new Map<string, number>();
  for (const id of readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the command name (which may hold spaces): nice is the 17th.
    nice.set(id, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return nice;
}

describe('createThreadWriter', () => {
  it.runIf(process.platform === 'linux')(
    'runs below the calling thread in the scheduler, leaving the caller as it was',
    async () => {
      const ownThread = readlinkSync('/proc/thread-self').split('/').at(-1)!;
      const before = niceByThread();
      const writer = createThreadWriter(newWriterPath(), { insert: 'SELECT ?' });
      await writer.apply([['insert', ['x']]]);
      const after = niceByThread();
      const started = [...after].filter(([id]) => !before.has(id)).map(([, nice]) => nice);
      const own = before.get(ownThread)!;
      expect(started).toContain(Math.min(19, own + WRITER_NICE_STEP));
      expect(after.get(ownThread)).toBe(own);
      await writer.close();
    },
  );

  it('keeps no reference to a group once it is sent, while its commit is pending', async () => {
    const writer = createThreadWriter(newWriterPath(), { insert: 'SELECT ?' });
    // The thread is still starting: no reply can come before the check below.
    const { sent, committed } = ((): { sent: WeakRef<WriteOp[]>; committed: Promise<void> } => {
      const ops: WriteOp[] = [['insert', ['x'.repeat(100_000)]]];
      return { sent: new WeakRef(ops), committed: writer.apply(ops) };
    })();
    // A later task: a new WeakRef holds its target until the current one ends.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(sent.deref()).toBeUndefined();
    await committed;
    await writer.close();
  });
});
