import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyExample, example, runCliHere, tempFolder } from './run-cli.js';

/** A pricing file whose JSON parses but whose price is not a number. */
const SCHEMA_INVALID = '{"models": {\n  "openai:gpt-4o": {"input": "cheap", "output": 10}\n}}\n';

describe('a --pricing file is checked by every command that takes it, whatever the agent', () => {
  it('stops an oracle run with exit 2 on a file that does not parse, naming the file and line, before the store is touched', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'prices.json'), '{"models": {\n');
    const result = await runCliHere(['run', example('support'), '--pricing', 'prices.json'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error E_SYNTAX: pricing file prices.json is not valid');
    expect(result.stderr).toMatch(/^ {2}prices\.json:2:1: /m);
    expect(existsSync(join(cwd, '.endstate'))).toBe(false);
  });

  it('stops an oracle run with exit 2 on a file that does not match the format, naming the field and its line', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'prices.json'), SCHEMA_INVALID);
    const result = await runCliHere(['run', example('support'), '--pricing', 'prices.json'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'prices.json:2:21 models.openai:gpt-4o.input: Invalid input: expected number, received string',
    );
  });

  it.each([
    ['regrade', ['regrade', 'latest']],
    ['diagnose --runs', ['diagnose', '--runs', 'a,b,c']],
    ['worker', ['worker', '--queue', 'redis://127.0.0.1:1']],
  ])('stops %s with exit 2 before it reads a run or reaches a queue', async (_name, args) => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'prices.json'), SCHEMA_INVALID);
    const result = await runCliHere([...args, '--pricing', 'prices.json'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error E_SYNTAX: pricing file prices.json is not valid');
  });
});

describe('files read whole have a size limit', () => {
  it('refuses a 5 MiB task file from its size, before parsing it, with exit 2', async () => {
    const cwd = copyExample('support');
    const task = readFileSync(join(cwd, 'support/tasks/refund-8842.yaml'), 'utf8');
    // Past the task, YAML no parser accepts: a parse would report it.
    const text = `${task.replace('id: refund-8842', 'id: big')}\n${'- [unclosed: {\n'.repeat(400_000)}`;
    writeFileSync(join(cwd, 'support/tasks/big.yaml'), text.slice(0, 5 * 1024 * 1024));
    const result = await runCliHere(['validate', 'support'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'tasks/big.yaml: is 5 MiB (5,242,880 bytes), over the 4 MiB (4,194,304 bytes) limit for a file read whole, so it was not parsed: split it into smaller tasks',
    );
    expect(result.stderr).not.toContain('unclosed');
    expect(result.stderr).not.toMatch(/tasks\/big\.yaml:\d+/); // no syntax problem at a line of it
  });

  it('refuses a --faults file over the limit, naming it, its size and the limit', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'faults.yaml'), `# ${'x'.repeat(5 * 1024 * 1024)}\n[]\n`);
    const result = await runCliHere(['run', example('support'), '--faults', 'faults.yaml'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error E_FAULTS_INVALID: faults file faults.yaml is too large');
    expect(result.stderr).toContain(
      'faults.yaml: is 5.0 MiB (5,242,886 bytes), over the 4 MiB (4,194,304 bytes) limit',
    );
  });
});

describe('JSON-lines files', () => {
  it('list 20 problems of 1,000 bad lines and count the other 980, with exit 2', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'labels.jsonl'), '{"id": "a", "human": "pass"}\n'.repeat(1000));
    const result = await runCliHere(['judge', 'validate', 'labels.jsonl'], cwd);
    expect(result.code).toBe(2);
    const listed = result.stderr.split('\n').filter((line) => line.startsWith('  labels.jsonl:'));
    expect(listed).toHaveLength(20);
    expect(listed[19]).toBe(
      '  labels.jsonl:20 judge: Invalid input: expected string, received undefined',
    );
    expect(result.stderr).toContain('\n  … and 980 more problems\n');
  });

  it('count the problems of every file labels import reads, listing 20', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'a.jsonl'), 'not json\n'.repeat(15));
    writeFileSync(join(cwd, 'b.jsonl'), 'not json\n'.repeat(30));
    const result = await runCliHere(['labels', 'import', 'a.jsonl', 'b.jsonl'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('2 labels file(s) are not valid; nothing was imported');
    expect(result.stderr).toContain('  a.jsonl:15: not JSON');
    expect(result.stderr).toContain('  b.jsonl:5: not JSON');
    expect(result.stderr).not.toContain('b.jsonl:6:');
    expect(result.stderr).toContain('\n  … and 25 more problems\n');
  });
});
