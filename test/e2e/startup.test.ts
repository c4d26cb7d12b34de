import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO, copyExample, example, tempFolder } from './run-cli.js';

const RECORDER = join(REPO, 'test/fixtures/record-imports/register.mjs');
const DIST = pathToFileURL(join(REPO, 'dist')).href;

/** The leaves of core the help may load (core/index.js also loads the CEL and RE2 engines). */
const CORE_LEAVES = ['bounds.js', 'errors.js', 'version.js'].map((file) => `${DIST}/core/${file}`);

interface Recorded {
  readonly code: number | null;
  readonly stdout: string;
  /** Every module URL the process imported (node: builtins left out). */
  readonly modules: readonly string[];
}

/** Runs the built CLI with every module it imports recorded. */
function runRecorded(args: readonly string[], cwd = tempFolder()): Recorded {
  const file = join(cwd, 'imports.txt');
  const result = spawnSync(
    process.execPath,
    ['--import', pathToFileURL(RECORDER).href, join(REPO, 'bin/endstate.js'), ...args],
    { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', RECORD_IMPORTS: file } },
  );
  const modules = existsSync(file)
    ? [...new Set(readFileSync(file, 'utf8').split('\n'))].filter(
        (url) => url !== '' && !url.startsWith('node:'),
      )
    : [];
  return { code: result.status, stdout: result.stdout, modules };
}

/**
 * What `--help` may not load: any package but commander, any command
 * module, anything under dist/ but the CLI's own small modules and three
 * leaves of core (see the comment at the top of src/cli/main.ts).
 */
function heavyModules(modules: readonly string[]): string[] {
  return modules.filter((url) => {
    if (url.includes('/node_modules/')) return !url.includes('/node_modules/commander/');
    if (!url.startsWith(`${DIST}/`)) return false;
    if (url.startsWith(`${DIST}/cli/`)) return url.endsWith('-command.js');
    return !CORE_LEAVES.includes(url);
  });
}

/** Command names in a help text's `Commands:` section (without `help`). */
function commandsIn(help: string): string[] {
  const section = help.split(/^Commands:$/m)[1] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
    .map((match) => match[1]!)
    .filter((name) => name !== 'help');
}

/** The top-level commands main.ts registers (`program.command('name')`). */
const REGISTERED = [
  ...readFileSync(join(REPO, 'src/cli/main.ts'), 'utf8').matchAll(
    /\bprogram\s*\.command\('([a-z-]+)'\)/g,
  ),
]
  .map((match) => match[1]!)
  .sort();

describe('endstate --help', () => {
  it('lists every command main.ts registers', () => {
    const result = runRecorded(['--help']);
    expect(result.code).toBe(0);
    expect(REGISTERED).toEqual(expect.arrayContaining(['run', 'report', 'judge', 'labels']));
    expect(commandsIn(result.stdout).sort()).toEqual(REGISTERED);
  });

  it('loads commander and the CLI declarations only, no command module or heavy package', () => {
    const result = runRecorded(['--help']);
    expect(result.modules).toContain(`${DIST}/cli/main.js`);
    expect(heavyModules(result.modules)).toEqual([]);
  });

  it("loads no command's code for any command's help", () => {
    const top = commandsIn(runRecorded(['--help']).stdout);
    for (const name of top) {
      const result = runRecorded([name, '--help']);
      expect(result.code, name).toBe(0);
      expect(heavyModules(result.modules), `${name} --help`).toEqual([]);
      for (const sub of commandsIn(result.stdout)) {
        const subResult = runRecorded([name, sub, '--help']);
        expect(subResult.code, `${name} ${sub}`).toBe(0);
        expect(heavyModules(subResult.modules), `${name} ${sub} --help`).toEqual([]);
      }
    }
  }, 120_000);

  it('loads a command module once that command runs', () => {
    const result = runRecorded(['lock', 'no-such-suite']);
    expect(result.code).toBe(2);
    expect(result.modules).toContain(`${DIST}/cli/lock-command.js`);
    expect(result.modules).not.toContain(`${DIST}/cli/run-command.js`);
  });
});

describe('endstate run', () => {
  it('runs a suite with the oracle without loading the MCP SDK', () => {
    const result = runRecorded(['run', example('support'), '--tasks', 'refund-8842']);
    expect(result.code).toBe(0);
    expect(result.modules).toContain(`${DIST}/cli/run-command.js`);
    expect(result.modules.filter((url) => url.includes('/@modelcontextprotocol/'))).toEqual([]);
  });
});

/** Whether the modules include a file of the package (`re2js`, `@marcbachmann/cel-js`). */
const loads = (modules: readonly string[], name: string): boolean =>
  modules.some((url) => url.includes(`/node_modules/${name}/`));

/**
 * The support suite with one task that uses no pattern and no CEL: no
 * script, `stop_when: null`, no assertion (the user answers with its
 * default line).
 */
function suiteWithoutPatterns(): string {
  const cwd = copyExample('support');
  const tasks = join(cwd, 'support', 'tasks');
  rmSync(tasks, { recursive: true });
  mkdirSync(tasks);
  writeFileSync(
    join(tasks, 'plain.yaml'),
    [
      'id: plain',
      'revision: 1',
      'environment: support',
      'clock: 2026-10-05T09:00:00Z',
      'user:',
      '  instruction: What is the status of order 8890?',
      '  default: Thanks.',
      '  stop_when: null',
      'expect:',
      '  changes: []',
      'reference:',
      "  - { tool: get_order, args: { order_id: '8890' } }",
      '  - say: Order 8890 has not shipped yet.',
      '',
    ].join('\n'),
  );
  return cwd;
}

describe('endstate run: the pattern and CEL engines', () => {
  it('loads neither re2js nor the CEL library for a suite that uses no pattern or assertion', () => {
    const cwd = suiteWithoutPatterns();
    // The second run reads the checked suite from the cache.
    for (const round of ['first', 'second']) {
      const result = runRecorded(['run', 'support', '--store', 'runs.db'], cwd);
      expect(result.code, round).toBe(0);
      expect(loads(result.modules, 're2js'), round).toBe(false);
      expect(loads(result.modules, '@marcbachmann/cel-js'), round).toBe(false);
    }
  });

  it('loads both once a task has script patterns and CEL assertions', () => {
    const result = runRecorded(['run', example('support'), '--tasks', 'refund-8842']);
    expect(result.code).toBe(0);
    expect(loads(result.modules, 're2js')).toBe(true);
    expect(loads(result.modules, '@marcbachmann/cel-js')).toBe(true);
  });
});

describe('import endstate', () => {
  it('loads no @stdlib module until a statistic needs one, endstate/stats included', () => {
    const cwd = tempFolder();
    const file = join(cwd, 'imports.txt');
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(RECORDER).href,
        '--input-type=module',
        '-e',
        `import '${DIST}/index.js'; import '${DIST}/stats/public.js';`,
      ],
      { cwd, encoding: 'utf8', env: { ...process.env, RECORD_IMPORTS: file } },
    );
    expect(result.status).toBe(0);
    const modules = readFileSync(file, 'utf8').split('\n');
    expect(modules).toContain(`${DIST}/stats/index.js`);
    expect(modules.filter((url) => url.includes('/@stdlib/'))).toEqual([]);
  });
});
