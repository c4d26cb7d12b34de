import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Environment } from '../../src/environment/index.js';
import { loadSuite } from '../../src/task/index.js';
import type { Suite } from '../../src/task/index.js';

/** A suite folder in the temp directory whose files each property run rewrites. */
export interface TempSuite {
  readonly root: string;
  /** Replaces every file but the environment module with these (paths relative to the root). */
  write(files: Readonly<Record<string, string>>): void;
  /** Loads the folder with the given environment (no module import: the folder's stub is not run). */
  load(): Promise<Suite>;
  remove(): void;
}

export function createTempSuite(environment: Environment): TempSuite {
  const root = mkdtempSync(join(tmpdir(), 'endstate-fuzz-'));
  writeFileSync(join(root, 'environment.js'), '// loaded by the test, not imported\n');
  return {
    root,
    write(files) {
      for (const entry of readdirSync(root)) {
        if (entry !== 'environment.js') rmSync(join(root, entry), { recursive: true, force: true });
      }
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
    },
    load: () => loadSuite(root, { importModule: () => Promise.resolve({ default: environment }) }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Every file of a folder (sorted), as text. */
export function readTexts(folder: string, names?: readonly string[]): string[] {
  return (names ?? readdirSync(folder).sort()).map((name) =>
    readFileSync(join(folder, name), 'utf8'),
  );
}
