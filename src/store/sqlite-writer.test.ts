import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createThreadWriter } from './sqlite-writer.js';
import type { WriteOp } from './sqlite-writer.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('createThreadWriter', () => {
  it('keeps no reference to a group once it is sent, while its commit is pending', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'endstate-writer-')), 'writer.db');
    const writer = createThreadWriter(path, { insert: 'SELECT ?' });
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
