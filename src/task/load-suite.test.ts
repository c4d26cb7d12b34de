import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import support from '../../examples/support/environment.js';
import { isEndstateError } from '../core/index.js';
import { loadSuite } from './load-suite.js';

const TASK = readFileSync('examples/support/tasks/refund-8842.yaml', 'utf8');
let root: string | undefined;
afterEach(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

/** A suite folder holding one task file (and the support environment, not imported). */
async function loadTask(text: string): Promise<unknown> {
  root = mkdtempSync(join(tmpdir(), 'endstate-load-suite-'));
  mkdirSync(join(root, 'tasks'));
  writeFileSync(join(root, 'environment.js'), '');
  writeFileSync(join(root, 'tasks/task.yaml'), text);
  try {
    return await loadSuite(root, { importModule: () => Promise.resolve({ default: support }) });
  } catch (error) {
    return error;
  }
}

// Regressions found by test/property.
describe('loadSuite', () => {
  it('reports a fixture path that names a folder instead of crashing on EISDIR', async () => {
    const error = await loadTask(TASK.replace('clock:', 'fixture: ""\nclock:'));
    expect(isEndstateError(error) && error.code).toBe('E_SUITE_INVALID');
    expect((error as Error).message).toMatch(/fixture file cannot be read: EISDIR/);
    expect((error as Error).message).toMatch(/tasks\/task.yaml:\d+ fixture: fixture {2}could not/);
  });

  it('reports an incidental glob that picomatch refuses, at its line', async () => {
    const error = await loadTask(TASK.replace('unchanged: everything-else', 'incidental: [""]'));
    expect(isEndstateError(error) && error.problems).toEqual([
      expect.objectContaining({
        file: 'tasks/task.yaml',
        path: 'expect.incidental[0]',
        message: 'not a valid glob: Expected pattern to be a non-empty string',
      }),
    ]);
  });
});
