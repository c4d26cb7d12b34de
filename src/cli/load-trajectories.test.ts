import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadTrajectories } from './load-trajectories.js';

let folder: string | undefined;
afterEach(() => {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});

function load(text: string): ReturnType<typeof loadTrajectories> {
  folder = mkdtempSync(join(tmpdir(), 'endstate-trajectories-'));
  writeFileSync(join(folder, 'steps.json'), text);
  return loadTrajectories('steps.json', folder);
}

// Regressions found by test/property.
describe('loadTrajectories', () => {
  it('finds no steps for a task id named like an Object.prototype property', () => {
    const trajectories = load('{"refund-8842": [{"say": "Done."}]}');
    expect(trajectories['refund-8842']).toEqual([{ say: 'Done.' }]);
    expect(trajectories['constructor']).toBeUndefined();
    expect(trajectories['valueOf']).toBeUndefined();
  });

  it('rejects a circular alias with a coded error at its line', () => {
    expect(() => load('a: &x\n  - {tool: t, args: {self: *x}}\n')).toThrow(
      'trajectory file steps.json does not parse\n' +
        '  steps.json:2:22 a[0].args.self: an alias refers to a node that contains it (a circular value)',
    );
  });
});
