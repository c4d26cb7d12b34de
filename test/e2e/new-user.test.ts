import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerLockfile } from '../support/consumer-lockfile.js';
import type { LockEntry } from '../support/consumer-lockfile.js';
import { sandboxForTests } from './bubblewrap.js';
import { REPO, tempFolder } from './run-cli.js';

/**
 * What a new user does: pack the package, `npm install` it into a fresh
 * project, write a suite with `import { ..., z } from 'endstate'`, validate
 * it, run the oracle and a command agent, and type-check strictly (no
 * skipLibCheck), in a CommonJS project (what `npm init -y` writes) and in an
 * ES module one.
 *
 * The install is npm's own, offline, from the npm cache this repository's
 * `npm ci` filled: the project's package-lock.json pins each package to the
 * version this repository's lock holds, and lists only what the packed
 * manifest declares (dependencies and required peers, and theirs), so a
 * package endstate uses but does not declare is missing here as it would be
 * for a user. Optional peers (pg, bullmq, ioredis, OpenTelemetry) are not
 * installed: asking for their features says which package to install.
 * better-sqlite3 is built from source (no prebuilt binary is fetched), which
 * takes minutes: this test is in the slow tier. The ES module project is a
 * package inside the CommonJS one (its own package.json, "type": "module"),
 * sharing the installed node_modules. Needs `npm run build` first, as every
 * e2e test.
 */
const project = tempFolder();
const bin = join(project, 'node_modules/.bin/endstate');
const SANDBOX = sandboxForTests();
const INSTALL_MS = 20 * 60_000;

/** Never the network: npm reads its cache only, and better-sqlite3 compiles rather than download a binary. */
const OFFLINE = {
  npm_config_offline: 'true',
  npm_config_build_from_source: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

function run(
  command: string,
  args: readonly string[],
  cwd = project,
  env: Record<string, string> = {},
) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...OFFLINE, ...env },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

function write(files: Record<string, string>, folder = project): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
}

/** The versions this repository was tested with, for the packages the consumer installs. */
function repoLock(): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  return lock.packages;
}

/** `npm install` of the packed tarball (and typescript with @types/node, for the project's own type checks). */
function install(tarball: string): void {
  const listed = run('tar', ['-xzOf', join(project, tarball), 'package/package.json']);
  expect(listed.code, listed.output).toBe(0);
  const packed = JSON.parse(listed.output) as LockEntry & { name: string; version: string };
  const spec = `file:${tarball}`;
  const repo = repoLock();
  const devVersion = (name: string): string => repo[`node_modules/${name}`]!.version!;
  const consumer = {
    // What `npm init -y` writes: a CommonJS package.
    name: 'new-user',
    version: '1.0.0',
    dependencies: { endstate: spec },
    devDependencies: {
      typescript: devVersion('typescript'),
      '@types/node': devVersion('@types/node'),
    },
  };
  write({
    'package.json': JSON.stringify({ ...consumer, main: 'index.js', type: 'commonjs' }, null, 2),
    'package-lock.json': JSON.stringify(
      consumerLockfile({ repoPackages: repo, packed, tarballSpec: spec, consumer }),
      null,
      2,
    ),
  });
  const installed = run('npm', ['install', '--offline', '--no-save']);
  expect(installed.code, installed.output).toBe(0);
  expect(installed.output).not.toMatch(/prepare/);
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

/** The index.ts of a project: every entry point, typed. `extension` is what its relative imports need ('' in CommonJS). */
function indexTs(extension: string): string {
  return [
    "import { loadSuite, z } from 'endstate';",
    "import type { RunRecord, Suite, TrialRecord } from 'endstate';",
    "import { buildScorecard, renderMarkdown } from 'endstate/report';",
    "import type { Comparison, Scorecard } from 'endstate/report';",
    "import { passHatK, successRateInterval } from 'endstate/stats';",
    "import type { SuccessRateInterval } from 'endstate/stats';",
    "import { buildTask } from 'endstate/testing';",
    `import environment from './suite/environment${extension}';`,
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
  ].join('\n');
}

beforeAll(() => {
  // The build is already there (dist/); packing it must not run it again.
  const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', project], REPO);
  expect(packed.code, packed.output).toBe(0);
  const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
  install(tarball!);
  write({ 'esm/package.json': JSON.stringify({ name: 'new-user-esm', type: 'module' }) });
}, INSTALL_MS);
// Hundreds of packages and a compiled better-sqlite3: removing them takes a while on a busy machine.
afterAll(() => rmSync(project, { recursive: true, force: true }), 120_000);

describe.each([
  { kind: 'CommonJS', folder: project, extension: '' },
  { kind: 'ES module', folder: join(project, 'esm'), extension: '.js' },
])('a new user, in a $kind project', ({ folder, extension }) => {
  const at = (command: string, args: readonly string[], env: Record<string, string> = {}) =>
    run(command, args, folder, env);

  it('runs `endstate init`, and the suite it writes validates, scores 100% with the oracle and makes an HTML report', () => {
    const init = at(bin, ['init']);
    expect(init.code, init.output).toBe(0);
    const validate = at(bin, ['validate', 'evals']);
    expect(validate.output).toMatch(/^all 3 tasks usable \(/m);
    expect(validate.code, validate.output).toBe(0);
    const oracle = at(bin, ['run', 'evals', '--agent', 'oracle', '--json', 'init.json']);
    expect(oracle.code, oracle.output).toBe(0);
    const output = JSON.parse(readFileSync(join(folder, 'init.json'), 'utf8')) as {
      run: { run_id: string };
      scorecard: { success_rate: { value: number; successes: number } };
    };
    expect(output.scorecard.success_rate).toMatchObject({ value: 1, successes: 3 });
    const report = at(bin, ['report', 'latest', '--html', 'report.html']);
    expect(report.code, report.output).toBe(0);
    expect(readFileSync(join(folder, 'report.html'), 'utf8')).toContain(output.run.run_id);
  });

  it('validates a suite whose environment.ts imports defineEnvironment, defineTool and z from endstate, and solves it with the oracle', () => {
    write({ 'suite/environment.ts': ENVIRONMENT, 'suite/tasks/cancel-7.yaml': TASK }, folder);
    const validate = at(bin, ['validate', 'suite']);
    expect(validate.output).toMatch(/cancel-7/);
    expect(validate.code, validate.output).toBe(0);
    const result = at(bin, [
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
    const output = JSON.parse(readFileSync(join(folder, 'out.json'), 'utf8')) as {
      scorecard: { success_rate: { value: number }; counts: { tasks: number } };
    };
    expect(output.scorecard.counts.tasks).toBe(1);
    expect(output.scorecard.success_rate.value).toBe(1);
  });

  it('runs the bundled command agent on the bundled support suite', () => {
    const examples = at(bin, ['examples']);
    expect(examples.code, examples.output).toBe(0);
    const result = at(bin, [
      'run',
      'endstate-examples/support',
      '--tasks',
      'refund-8842',
      '--agent',
      'command',
      '--command',
      'node endstate-examples/agents/refund-agent.mjs',
      ...(SANDBOX ? [] : ['--no-sandbox']),
      '--json',
      'command.json',
    ]);
    expect(result.code, result.output).toBe(0);
    const { trials } = JSON.parse(readFileSync(join(folder, 'command.json'), 'utf8')) as {
      trials: { success: boolean }[];
    };
    expect(trials).toMatchObject([{ success: true }]);
  });

  it('runs the suite through the library and reads it with endstate/report and endstate/stats', () => {
    write({ 'library.mjs': LIBRARY_RUN }, folder);
    const result = at(process.execPath, ['library.mjs']);
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
    write(
      {
        'index.ts': indexTs(extension),
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
      },
      folder,
    );
    const result = at(process.execPath, [
      join(project, 'node_modules/typescript/bin/tsc'),
      '-p',
      '.',
    ]);
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 180_000);
});

describe('a new user without the optional packages', () => {
  const refused = (args: readonly string[], env: Record<string, string> = {}) => {
    const result = run(bin, args, project, env);
    return { ...result, output: result.output.replace(/\s+/g, ' ') };
  };

  it('is told to install pg for a PostgreSQL store, exit 2', () => {
    const result = refused([
      'run',
      'evals',
      '--agent',
      'oracle',
      '--store',
      'postgres://127.0.0.1:1/test',
    ]);
    expect(result.output).toContain('E_PACKAGE_MISSING');
    expect(result.output).toContain('needs the package pg, which is not installed');
    expect(result.output).toContain('npm install pg');
    expect(result.code).toBe(2);
  });

  it('is told to install bullmq and ioredis for --queue and for endstate worker, exit 2', () => {
    for (const args of [
      ['run', 'evals', '--agent', 'oracle', '--queue', 'redis://127.0.0.1:1'],
      ['worker', '--queue', 'redis://127.0.0.1:1'],
    ]) {
      const result = refused(args);
      expect(result.output).toMatch(/needs the package (bullmq|ioredis), which is not installed/);
      expect(result.output).toContain('npm install bullmq ioredis');
      expect(result.code).toBe(2);
    }
  });

  it('is told to install the OpenTelemetry packages when an OTLP endpoint is set, exit 2', () => {
    const result = refused(['run', 'evals', '--agent', 'oracle'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1',
    });
    expect(result.output).toContain('OpenTelemetry export');
    expect(result.output).toContain(
      'npm install @opentelemetry/api @opentelemetry/exporter-trace-otlp-http @opentelemetry/resources @opentelemetry/sdk-trace-base',
    );
    expect(result.code).toBe(2);
  });
});
