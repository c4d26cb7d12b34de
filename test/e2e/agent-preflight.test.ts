import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, example, runCliHere, tempFolder } from './run-cli.js';
import { SANDBOX_SKIP_TITLE, sandboxForTests } from './bubblewrap.js';

const SANDBOX = sandboxForTests();
it.skipIf(SANDBOX)(SANDBOX_SKIP_TITLE, () => {});

/** `endstate run` of one support task with the command agent `command`, in `cwd`. */
function runCommandAgent(cwd: string, command: string, ...flags: string[]) {
  return runCliHere(
    [
      'run',
      example('support'),
      '--tasks',
      'refund-8842',
      '--trials',
      '2',
      '--agent',
      'command',
      '--command',
      command,
      ...flags,
    ],
    cwd,
  );
}

/** A program that speaks the protocol: reads `start`, answers with `final`. */
const FINAL_AGENT = [
  "import { createInterface } from 'node:readline';",
  'const lines = createInterface({ input: process.stdin });',
  'for await (const _line of lines) {',
  "  process.stdout.write(JSON.stringify({ type: 'final', text: 'done' }) + '\\n');",
  '  break;',
  '}',
  'lines.close();',
].join('\n');

describe('the agent preflight of endstate run --agent command', () => {
  it.runIf(SANDBOX)(
    'stops before any trial, exit 4, with the program’s stderr when it cannot start, and stores nothing',
    async () => {
      const cwd = tempFolder();
      const result = await runCommandAgent(cwd, 'node missing.mjs');
      expect(result.code).toBe(4);
      expect(result.stderr).toContain('E_AGENT_PREFLIGHT');
      expect(result.stderr).toContain(
        'failed its preflight, so no trial was run: the program exited with exit code 1 before its first message',
      );
      expect(result.stderr).toContain(`Error: Cannot find module '${join(cwd, 'missing.mjs')}'`);
      expect(result.stderr).toContain('--no-preflight skips this check');
      expect(result.stdout).toBe('');
      expect(existsSync(join(cwd, '.endstate'))).toBe(false);
    },
  );

  it.runIf(SANDBOX)(
    'stops with the line when the program’s first stdout line is not JSON',
    async () => {
      const cwd = tempFolder();
      writeFileSync(
        join(cwd, 'chatty.mjs'),
        `console.log('loading the model, please wait');\n${FINAL_AGENT}\n`,
      );
      const result = await runCommandAgent(cwd, 'node chatty.mjs');
      expect(result.code).toBe(4);
      expect(result.stderr).toContain("line 1 of the program's stdout is not JSON");
      expect(result.stderr).toContain('Line 1: loading the model, please wait');
      expect(existsSync(join(cwd, '.endstate'))).toBe(false);
    },
  );

  it.runIf(SANDBOX)('lets a program that speaks the protocol through to its trials', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'agent.mjs'), `${FINAL_AGENT}\n`);
    const result = await runCommandAgent(cwd, 'node agent.mjs', '--json', 'out.json');
    expect(result.stderr).not.toContain('E_AGENT_PREFLIGHT');
    const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
      trials: { exit_reason: string; final_answer: string }[];
    };
    expect(trials.map((trial) => [trial.exit_reason, trial.final_answer])).toEqual([
      ['finished', 'done'],
      ['finished', 'done'],
    ]);
  });

  it.runIf(SANDBOX)(
    'runs the program in the sandbox of its trials: one that needs a folder the sandbox hides fails it',
    async () => {
      const outside = tempFolder();
      writeFileSync(join(outside, 'settings.json'), '{}\n');
      const cwd = tempFolder();
      mkdirSync(join(cwd, 'agent'));
      writeFileSync(
        join(cwd, 'agent', 'agent.mjs'),
        `import { readFileSync } from 'node:fs';\nreadFileSync(${JSON.stringify(join(outside, 'settings.json'))});\n${FINAL_AGENT}\n`,
      );
      const sandboxed = await runCommandAgent(cwd, 'node agent/agent.mjs');
      expect(sandboxed.code).toBe(4);
      expect(sandboxed.stderr).toContain('ENOENT');
      expect(sandboxed.stderr).toContain(join(outside, 'settings.json'));
      const unsandboxed = await runCommandAgent(cwd, 'node agent/agent.mjs', '--no-sandbox');
      expect(unsandboxed.stderr).not.toContain('E_AGENT_PREFLIGHT');
      expect(unsandboxed.code).toBe(0);
    },
  );

  it.runIf(SANDBOX)(
    'plays the trials as before with --no-preflight: each ends in agent_error, the run is stored',
    async () => {
      const cwd = tempFolder();
      const result = await runCommandAgent(
        cwd,
        'node missing.mjs',
        '--no-preflight',
        '--json',
        'out.json',
      );
      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain('E_AGENT_PREFLIGHT');
      const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
        trials: { exit_reason: string; error: string }[];
      };
      expect(trials.map((trial) => trial.exit_reason)).toEqual(['agent_error', 'agent_error']);
      expect(trials[0]!.error).toContain('Cannot find module');
      expect(existsSync(join(cwd, '.endstate'))).toBe(true);
    },
  );
});

describe('the agent preflight of endstate run --agent mcp', () => {
  const runMcpAgent = (cwd: string, command: string, ...flags: string[]) =>
    runCliHere(
      [
        'run',
        example('support'),
        '--tasks',
        'refund-8842',
        '--agent',
        'mcp',
        '--command',
        command,
        ...flags,
      ],
      cwd,
    );

  it.runIf(SANDBOX)(
    'stops before any trial, exit 4, with the stderr of a command that exits before the MCP handshake',
    async () => {
      const cwd = tempFolder();
      const result = await runMcpAgent(cwd, 'node missing-client.mjs');
      expect(result.code).toBe(4);
      expect(result.stderr).toContain(
        'the mcp agent failed its preflight, so no trial was run: the MCP agent command exited with code 1 before completing the MCP handshake',
      );
      expect(result.stderr).toContain('Cannot find module');
      expect(existsSync(join(cwd, '.endstate'))).toBe(false);
    },
    // A sandboxed start on a busy machine can pass 30 s; a missed exit would show as the
    // 60 s handshake timeout, which the message above would not match.
    90_000,
  );

  it.runIf(SANDBOX)(
    'lets a client that completes the handshake through to its trials',
    async () => {
      const cwd = tempFolder();
      const client = join(REPO, 'examples/agents/mcp-refund-client.mjs');
      const result = await runMcpAgent(cwd, `node ${client}`, '--json', 'out.json');
      expect(result.stderr).not.toContain('E_AGENT_PREFLIGHT');
      expect(result.code).toBe(0);
      const { trials } = JSON.parse(readFileSync(join(cwd, 'out.json'), 'utf8')) as {
        trials: { success: boolean }[];
      };
      expect(trials.map((trial) => trial.success)).toEqual([true]);
    },
  );
});
