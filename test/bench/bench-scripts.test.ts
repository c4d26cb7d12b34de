import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// CI runs `npm run bench:smoke`: bench/run.mjs at the smoke size, which
// plays its own benches and starts the others (its CHILD_BENCHES) with
// --smoke. These checks read the scripts instead of running them, so that
// `npm test` stays fast; they fail when a bench would be left out of CI.

const root = join(import.meta.dirname, '../..');
const benchFolder = join(root, 'bench');
const benchFiles = readdirSync(benchFolder).filter((name) => name.endsWith('.mjs'));
const source = (name: string): string => readFileSync(join(benchFolder, name), 'utf8');

/** The files bench/run.mjs starts as processes of their own: its CHILD_BENCHES. */
function childBenches(): string[] {
  const list = /const CHILD_BENCHES = \[([\s\S]*?)\n\];/.exec(source('run.mjs'))?.[1];
  if (list === undefined) throw new Error('bench/run.mjs declares no CHILD_BENCHES list');
  return [...list.matchAll(/file: '([^']+)'/g)].map((match) => match[1] ?? '');
}

/** Whether a bench script reads the smoke size (bench/smoke.mjs). */
const readsSmokeSize = (name: string): boolean => /from '\.\/smoke\.mjs'/.test(source(name));

describe('the bench scripts', () => {
  it('are run at the smoke size by `npm run bench:smoke`, after one build', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['bench:smoke']).toBe('npm run build --silent && node bench/run.mjs --smoke');
    expect(readsSmokeSize('run.mjs')).toBe(true);
  });

  it('that bench/run.mjs starts exist and each read the smoke size', () => {
    const children = childBenches();
    expect(children.length).toBeGreaterThan(0);
    for (const name of children) {
      expect(benchFiles, `bench/run.mjs starts ${name}, which is not in bench/`).toContain(name);
      expect(readsSmokeSize(name), `bench/${name} does not read the smoke size`).toBe(true);
    }
  });

  it('are each bench/run.mjs, a bench it starts, or a helper another bench names', () => {
    const children = childBenches();
    const unrun = benchFiles.filter((name) => {
      if (name === 'run.mjs' || children.includes(name)) return false;
      // Imported ('./measure.mjs') or preloaded (join(root, 'bench', 'cpu-on-exit.mjs')).
      const named = new RegExp(`'(\\./)?${name.replaceAll('.', '\\.')}'`);
      return !benchFiles.some((other) => other !== name && named.test(source(other)));
    });
    expect(
      unrun,
      'bench scripts that `npm run bench:smoke` never runs: add each to CHILD_BENCHES in bench/run.mjs, with a smoke size (bench/smoke.mjs)',
    ).toEqual([]);
  });
});
