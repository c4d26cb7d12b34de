import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEndstateError } from '../core/index.js';
import { createEnvironmentImporter, importEnvironment } from './import-environment.js';

/** Stands in for defineEnvironment(...): the loader recognises an environment by its kind. */
const ENVIRONMENT = "{ kind: 'endstate-environment', name: 'toy' }";

let root: string;
let cache: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'endstate-import-environment-'));
  cache = join(root, '.cache');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
}

async function load(): Promise<Record<string, unknown>> {
  const { environment } = await importEnvironment(root, createEnvironmentImporter(cache));
  return environment as unknown as Record<string, unknown>;
}

async function failure(): Promise<Error> {
  try {
    await load();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the environment loaded');
}

describe.each(['commonjs', 'module'])('in a package of type %s', (type) => {
  beforeEach(() => write({ 'package.json': JSON.stringify({ name: 'suite', type }) }));

  it.each(['environment.ts', 'environment.mts'])(
    'loads %s with a default export, its local imports and its own place',
    async (name) => {
      write({
        'lib/names.ts': "export const names: string[] = ['toy'];\n",
        'data.json': '{ "size": 3 }\n',
        [name]: [
          "import { names } from './lib/names.js';",
          "import data from './data.json';",
          `const env = ${ENVIRONMENT};`,
          'export default { ...env, names, size: data.size, url: import.meta.url, dir: __dirname };',
        ].join('\n'),
      });
      const environment = await load();
      expect(environment).toMatchObject({ name: 'toy', names: ['toy'], size: 3, dir: root });
      expect(environment.url).toBe(`file://${join(root, name)}`);
    },
  );

  it('loads environment.mjs with an export named environment', async () => {
    write({ 'environment.mjs': `export const environment = ${ENVIRONMENT};\n` });
    expect(await load()).toMatchObject({ name: 'toy' });
  });
});

describe('in a CommonJS package', () => {
  beforeEach(() => write({ 'package.json': '{ "name": "suite", "type": "commonjs" }' }));

  it('loads environment.js that sets module.exports', async () => {
    write({ 'environment.js': `module.exports = ${ENVIRONMENT};\n` });
    expect(await load()).toMatchObject({ name: 'toy' });
  });

  it('loads environment.js compiled from `export default` (exports.default)', async () => {
    write({
      'environment.js': `Object.defineProperty(exports, '__esModule', { value: true });\nexports.default = ${ENVIRONMENT};\n`,
    });
    expect(await load()).toMatchObject({ name: 'toy' });
  });

  it('says what a module without an environment exports, and what to do', async () => {
    write({ 'environment.js': 'exports.default = { name: "toy" };\nexports.helper = 1;\n' });
    const error = await failure();
    expect(isEndstateError(error) && error.code).toBe('E_ENVIRONMENT_INVALID');
    expect(error.message).toMatch(
      /^environment.js does not export an environment \(exports: .*default\.helper/,
    );
    expect(isEndstateError(error) && error.hint).toMatch(/export default defineEnvironment/);
  });
});

it('lists the exports of an ES module that exports no environment', async () => {
  write({ 'environment.mjs': "export const helper = 1;\nexport default { name: 'toy' };\n" });
  const error = await failure();
  expect(error.message).toMatch(
    /^environment.mjs does not export an environment \(exports: default\.name, helper\)\n/,
  );
});

describe('the compiled module cache', () => {
  beforeEach(() =>
    write({
      'package.json': '{ "name": "suite", "type": "module" }',
      'size.ts': 'export const size = 1;\n',
      'environment.ts': `import { size } from './size.js';\nexport default { ...${ENVIRONMENT}, size };\n`,
    }),
  );
  const compiled = (): string[] => readdirSync(cache).filter((file) => file.endsWith('.mjs'));

  it('compiles once and reuses the result while the sources are unchanged', async () => {
    await load();
    const [first] = compiled();
    writeFileSync(
      join(cache, first!),
      'export default { kind: "endstate-environment", size: 99 };',
    );
    // The edited output no longer matches its content hash, so it is compiled again.
    expect(await load()).toMatchObject({ size: 1 });
    expect(compiled()).toEqual([first]);
  });

  it('compiles again when a local file it imports changes', async () => {
    expect(await load()).toMatchObject({ size: 1 });
    write({ 'size.ts': 'export const size = 2;\n' });
    expect(await load()).toMatchObject({ size: 2 });
    expect(compiled()).toHaveLength(2);
    write({ 'size.ts': 'export const size = 1;\n' });
    expect(await load()).toMatchObject({ size: 1 });
    expect(compiled()).toHaveLength(2);
  });

  it('compiles again when a package it imports is found elsewhere', async () => {
    write({
      'node_modules/shared/package.json': '{ "name": "shared", "type": "module", "main": "a.js" }',
      'node_modules/shared/a.js': 'export const size = 3;\n',
      'environment.ts': `import { size } from 'shared';\nexport default { ...${ENVIRONMENT}, size };\n`,
    });
    expect(await load()).toMatchObject({ size: 3 });
    write({
      'node_modules/shared/package.json': '{ "name": "shared", "type": "module", "main": "b.js" }',
      'node_modules/shared/b.js': 'export const size = 4;\n',
    });
    expect(await load()).toMatchObject({ size: 4 });
  });
});

it('passes on the problems of an environment that defineEnvironment refused, naming the file', async () => {
  write({
    'environment.mjs': [
      'const error = new Error(\'tool "get_order" is not valid\');',
      "Object.assign(error, { name: 'EndstateError', code: 'E_ENVIRONMENT_INVALID', hint: 'Use zod 4.',",
      "  problems: [{ path: 'tools.get_order', message: 'input is a zod 3 schema' }] });",
      'throw error;',
    ].join('\n'),
  });
  expect((await failure()).message).toBe(
    [
      'environment.mjs: tool "get_order" is not valid',
      '  environment.mjs tools.get_order: input is a zod 3 schema',
      'Hint: Use zod 4.',
    ].join('\n'),
  );
});

describe('zod', () => {
  it('names a zod that is not version 4 when the environment fails on it', async () => {
    write({
      'package.json': '{ "name": "suite", "type": "commonjs" }',
      'node_modules/zod/package.json':
        '{ "name": "zod", "version": "3.25.76", "main": "index.js" }',
      'node_modules/zod/index.js': 'exports.z = { object: () => ({ _def: {} }) };\n',
      'environment.ts': [
        "import { z } from 'zod';",
        'const schema = z.object() as unknown as { _zod: { def: unknown } };',
        'export default schema._zod.def;',
      ].join('\n'),
    });
    const error = await failure();
    expect(error.message).toMatch(
      /environment.ts could not be loaded: Cannot read properties of undefined \(reading 'def'\)/,
    );
    expect(isEndstateError(error) && error.hint).toMatch(
      /This suite resolves zod 3\.25\.76 \(.*node_modules\/zod\), endstate needs zod 4: install zod@\^4 or import \{ z \} from 'endstate'/,
    );
  });

  it('says how to get zod when the environment cannot find it', async () => {
    write({
      'package.json': '{ "name": "suite" }',
      'environment.ts': "import { z } from 'zod';\nexport default z;\n",
    });
    const error = await failure();
    expect(error.message).toMatch(/Could not resolve "zod"/);
    expect(isEndstateError(error) && error.hint).toMatch(
      /install zod@\^4 or import \{ z \} from 'endstate'/,
    );
  });
});
