import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO, tempFolder } from './run-cli.js';

/**
 * What a new user does: pack the package, add it to a fresh CommonJS
 * project (`npm init -y`), write a suite with `import { ..., z } from
 * 'endstate'`, validate it, run the oracle and type-check strictly.
 *
 * Offline, the package is installed the way pnpm lays it out, which is the
 * strictest case: the packed tarball is unpacked into
 * node_modules/.pnpm/endstate/node_modules/endstate, beside links to
 * exactly its declared dependencies and peers (taken from this
 * repository's node_modules), and node_modules/endstate links to it. The
 * project sees only what it installed itself (endstate, and typescript with
 * @types/node for its own type checks): no zod, no dev dependency of
 * endstate. Needs `npm run build` first, as every e2e test.
 */
const project = tempFolder();
const bin = join(project, 'node_modules/.bin/endstate');

function run(command: string, args: readonly string[], cwd = project) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', npm_config_offline: 'true' },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

function write(files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(project, name)), { recursive: true });
    writeFileSync(join(project, name), text);
  }
}

function link(target: string, path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
}

/** Installs the packed tarball with its dependencies and peers, each linked from this repository. */
function install(tarball: string): void {
  const store = join(project, 'node_modules/.pnpm/endstate/node_modules');
  mkdirSync(join(store, 'endstate'), { recursive: true });
  const unpacked = run('tar', [
    '-xzf',
    tarball,
    '-C',
    join(store, 'endstate'),
    '--strip-components=1',
  ]);
  expect(unpacked.code, unpacked.output).toBe(0);
  const manifest = JSON.parse(readFileSync(join(store, 'endstate/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    peerDependencies: Record<string, string>;
  };
  for (const name of [
    ...Object.keys(manifest.dependencies),
    ...Object.keys(manifest.peerDependencies),
  ])
    link(realpathSync(join(REPO, 'node_modules', name)), join(store, name));
  link(join(store, 'endstate'), join(project, 'node_modules/endstate'));
  link(join(store, 'endstate/bin/endstate.js'), bin);
  for (const name of ['typescript', '@types/node'])
    link(realpathSync(join(REPO, 'node_modules', name)), join(project, 'node_modules', name));
}

const ENVIRONMENT = `import { defineEnvironment, defineTool, toolError, z } from 'endstate';

const getOrder = defineTool({
  name: 'get_order',
  description: 'Look up an order by id.',
  input: z.object({ order_id: z.string() }),
  effect: 'read',
  run: ({ order_id }, { state }) => state.get('orders', order_id) ?? toolError('not_found', 'no such order'),
});

const cancelOrder = defineTool({
  name: 'cancel_order',
  description: 'Cancel a pending order.',
  input: z.object({ order_id: z.string() }),
  effect: 'write',
  run: ({ order_id }, { state }) => {
    if (state.get('orders', order_id)?.status !== 'pending') return toolError('not_pending', 'only pending orders');
    state.update('orders', order_id, (order) => ({ ...order, status: 'cancelled' }));
    return { cancelled: order_id };
  },
});

export default defineEnvironment({
  name: 'shop',
  version: '1.0.0',
  policy: 'Cancel pending orders when their owner asks.',
  fixture: { orders: { '7': { status: 'pending' }, '8': { status: 'pending' } } },
  tools: [getOrder, cancelOrder],
});
`;

const TASK = `id: cancel-7
revision: 1
environment: shop
clock: 2026-10-05T09:00:00Z
user:
  instruction: Please cancel my order 7.
expect:
  changes:
    - { set: orders/7/status, to: cancelled }
reference:
  - { tool: get_order, args: { order_id: '7' } }
  - { tool: cancel_order, args: { order_id: '7' } }
`;

/** A script that runs the suite through the library, as a user's own code would. */
const LIBRARY_RUN = `import * as root from 'endstate';
import { createMemoryStore, createOracleAgent, loadSuite, runSuite } from 'endstate';
import { buildScorecard, renderMarkdown } from 'endstate/report';
import { successRateInterval } from 'endstate/stats';
import * as testing from 'endstate/testing';

const suite = await loadSuite('suite');
const { run, trials } = await runSuite({ suite, agent: createOracleAgent(), trials: 1, store: createMemoryStore() });
const scorecard = buildScorecard(run, trials);
console.log(JSON.stringify({
  success: scorecard.success_rate.value,
  markdownNamesTheRun: renderMarkdown({ scorecard, taskGate: 1 }).includes(run.run_id),
  rate: successRateInterval([{ successes: 3, trials: 4 }]).value,
  rootHasBuildScorecard: 'buildScorecard' in root,
  rootHasPassHatK: 'passHatK' in root,
  testingHasBuildTask: 'buildTask' in testing,
}));
`;

describe('a new user', () => {
  beforeAll(() => {
    const packs = join(project, '.packs');
    mkdirSync(packs);
    // The build is already there (dist/); packing it must not run it again.
    const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], REPO);
    expect(packed.code, packed.output).toBe(0);
    const [tarball] = readdirSync(packs);
    write({
      // What `npm init -y` writes: a CommonJS package.
      'package.json': JSON.stringify({
        name: 'new-user',
        version: '1.0.0',
        main: 'index.js',
        type: 'commonjs',
      }),
    });
    install(join(packs, tarball!));
  }, 120_000);
  // Links are removed, never followed.
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('runs `endstate init`, and the suite it writes validates and scores 100% with the oracle', () => {
    const init = run(bin, ['init']);
    expect(init.code, init.output).toBe(0);
    const validate = run(bin, ['validate', 'evals']);
    expect(validate.output).toMatch(/^all 3 tasks usable \(/m);
    expect(validate.code, validate.output).toBe(0);
    const oracle = run(bin, ['run', 'evals', '--agent', 'oracle', '--json', 'init.json']);
    expect(oracle.code, oracle.output).toBe(0);
    const output = JSON.parse(readFileSync(join(project, 'init.json'), 'utf8')) as {
      scorecard: { success_rate: { value: number; successes: number } };
    };
    expect(output.scorecard.success_rate).toMatchObject({ value: 1, successes: 3 });
  });

  it('validates a suite whose environment.ts imports defineEnvironment, defineTool and z from endstate', () => {
    write({ 'suite/environment.ts': ENVIRONMENT, 'suite/tasks/cancel-7.yaml': TASK });
    const result = run(bin, ['validate', 'suite']);
    expect(result.output).toMatch(/cancel-7/);
    expect(result.code, result.output).toBe(0);
  });

  it('solves the task with the oracle', () => {
    const result = run(bin, [
      'run',
      'suite',
      '--agent',
      'oracle',
      '--trials',
      '1',
      '--json',
      'out.json',
    ]);
    expect(result.code, result.output).toBe(0);
    const output = JSON.parse(readFileSync(join(project, 'out.json'), 'utf8')) as {
      scorecard: { success_rate: { value: number }; counts: { tasks: number } };
    };
    expect(output.scorecard.counts.tasks).toBe(1);
    expect(output.scorecard.success_rate.value).toBe(1);
  });

  it('runs the suite through the library and reads it with endstate/report and endstate/stats', () => {
    write({ 'library.mjs': LIBRARY_RUN });
    const result = run(process.execPath, ['library.mjs']);
    expect(result.code, result.output).toBe(0);
    const read = JSON.parse(result.output) as Record<string, unknown>;
    const [successes, trials] = [3, 4];
    expect(read).toEqual({
      success: 1,
      markdownNamesTheRun: true,
      rate: successes / trials,
      // The root is for authoring, running and reading results; the rest is in its subpath.
      rootHasBuildScorecard: false,
      rootHasPassHatK: false,
      testingHasBuildTask: true,
    });
  });

  it('type-checks the suite and the library strictly, without skipLibCheck', () => {
    write({
      'index.ts': [
        "import { loadSuite, z } from 'endstate';",
        "import type { RunRecord, Suite, TrialRecord } from 'endstate';",
        "import { buildScorecard, renderMarkdown } from 'endstate/report';",
        "import type { Comparison, Scorecard } from 'endstate/report';",
        "import { passHatK, successRateInterval } from 'endstate/stats';",
        "import type { SuccessRateInterval } from 'endstate/stats';",
        "import { buildTask } from 'endstate/testing';",
        "import environment from './suite/environment';",
        "import * as retail from 'endstate/retail';",
        'export const load = (path: string): Promise<Suite> => loadSuite(path);',
        "export const id = z.string().parse(buildTask(environment, { id: 't' }).id);",
        'export const card = (run: RunRecord, trials: readonly TrialRecord[]): Scorecard =>',
        '  buildScorecard(run, trials);',
        'export const page = (scorecard: Scorecard): string => renderMarkdown({ scorecard, taskGate: 1 });',
        'export const rate: SuccessRateInterval = successRateInterval([{ successes: 1, trials: 2 }]);',
        'export const reliable: number = passHatK(4, 3, 2);',
        'export const method = (comparison: Comparison): string => comparison.difference.method;',
        'export { retail };',
        '',
      ].join('\n'),
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          types: ['node'],
        },
        files: ['index.ts', 'suite/environment.ts', 'evals/environment.ts'],
      }),
    });
    const result = run(process.execPath, [
      join(project, 'node_modules/typescript/bin/tsc'),
      '-p',
      '.',
    ]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 180_000);
});
