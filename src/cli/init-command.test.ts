import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSuite } from '../task/index.js';
import { captureIo } from './capture-io.js';
import { initCommand } from './init-command.js';
import { main } from './main.js';

const project = (): string => mkdtempSync(join(tmpdir(), 'endstate-init-'));

const TEMPLATE_FILES = [
  'README.md',
  'environment.ts',
  'tasks/annual-downgrade-refused.yaml',
  'tasks/downgrade-initech.yaml',
  'tasks/upgrade-acme.yaml',
];

interface TaskShape {
  id: string;
  expect: { changes: unknown[] };
  reference: unknown[];
  known_bad: unknown[];
}

describe('endstate init', () => {
  it('writes the suite into evals/ by default and prints the next three commands', async () => {
    const cwd = project();
    const io = captureIo(cwd);
    expect(await main(['init'], io)).toBe(0);
    expect(readdirSync(join(cwd, 'evals'), { recursive: true }).sort()).toEqual(
      [...TEMPLATE_FILES, 'tasks'].sort(),
    );
    const output = io.stdout.join('');
    expect(output).toMatch(/^wrote a suite of 3 tasks in evals:\n {2}evals\/README\.md\n/);
    expect(output).toContain('  npx endstate validate evals\n');
    expect(output).toContain('  npx endstate run evals --agent oracle\n');
    expect(output).toContain(
      "  npx endstate run evals --agent command --command 'node my-agent.mjs'\n",
    );
    expect(output).toMatch(/your own agent, in any language: \S+docs\/command-protocol\.md\n/);
  });

  it('writes three tasks with a reference and known-bad paths, one expecting no change', () => {
    const cwd = project();
    initCommand('evals', {}, captureIo(cwd));
    const tasks = readdirSync(join(cwd, 'evals/tasks')).map(
      (name) => parse(readFileSync(join(cwd, 'evals/tasks', name), 'utf8')) as TaskShape,
    );
    expect(tasks).toHaveLength(3);
    for (const task of tasks) {
      expect(task.reference.length).toBeGreaterThan(0);
      expect(task.known_bad.length).toBeGreaterThan(0);
    }
    expect(tasks.filter((task) => task.expect.changes.length === 0).map((task) => task.id)).toEqual(
      ['annual-downgrade-refused'],
    );
  });

  it("imports only from 'endstate' and node built-ins", () => {
    const cwd = project();
    initCommand('evals', {}, captureIo(cwd));
    const source = readFileSync(join(cwd, 'evals/environment.ts'), 'utf8');
    const imported = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1]);
    expect(imported).toEqual(['endstate']);
  });

  it('loads as a suite: three tasks against the environment it defines', async () => {
    const cwd = project();
    initCommand('evals', {}, captureIo(cwd));
    const suite = await loadSuite(join(cwd, 'evals'), { importModule: (url) => import(url) });
    expect(suite.environment.name).toBe('workspace-billing');
    expect(suite.tasks.map((task) => task.id).sort()).toEqual([
      'annual-downgrade-refused',
      'downgrade-initech',
      'upgrade-acme',
    ]);
  });

  it('names the folder in the README as it was given, quoted for a shell', () => {
    const cwd = project();
    initCommand('suites/my evals/', {}, captureIo(cwd));
    const readme = readFileSync(join(cwd, 'suites/my evals/README.md'), 'utf8');
    expect(readme).toContain("npx endstate validate 'suites/my evals'\n");
    expect(readme).not.toContain('{{');
  });

  it('refuses to overwrite, exit 2 naming the files, and overwrites with --force', async () => {
    const cwd = project();
    expect(await main(['init', 'evals'], captureIo(cwd))).toBe(0);
    writeFileSync(join(cwd, 'evals/README.md'), 'my own notes');
    const refused = captureIo(cwd);
    expect(await main(['init', 'evals'], refused)).toBe(2);
    const message = refused.stderr.join('');
    expect(message).toMatch(/^error E_FILE_EXISTS: evals already holds 5 of the files to write/);
    expect(message).toContain('  evals/README.md: already exists\n');
    expect(message).toContain('Hint: Pass --force to overwrite them, or name another folder.');
    expect(readFileSync(join(cwd, 'evals/README.md'), 'utf8')).toBe('my own notes');

    expect(await main(['init', 'evals', '--force'], captureIo(cwd))).toBe(0);
    expect(readFileSync(join(cwd, 'evals/README.md'), 'utf8')).not.toBe('my own notes');
  });
});
