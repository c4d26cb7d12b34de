import type { Command } from 'commander';
import { parse } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.js';
import {
  HELP_EXAMPLES,
  commandPath,
  examplesOf,
  renderExamples,
  shellWord,
} from './help-examples.js';
import { buildProgram, main } from './main.js';
import { acceptedRange, rangeText } from './parse-number.js';

/** Every command and subcommand main.ts registers, as commander holds them. */
function registeredCommands(): Command[] {
  const io: CliIo = {
    cwd: '/',
    env: {},
    isTty: false,
    isOutTty: false,
    out: () => undefined,
    err: () => undefined,
  };
  const all: Command[] = [];
  const walk = (command: Command): void => {
    for (const sub of command.commands) {
      all.push(sub);
      walk(sub);
    }
  };
  walk(buildProgram(io, () => undefined));
  return all;
}

async function helpOf(path: string): Promise<string> {
  let out = '';
  const code = await main([...path.split(' '), '--help'], {
    cwd: '/',
    env: {},
    isTty: false,
    isOutTty: false,
    out: (text) => void (out += text),
    err: (text) => void (out += text),
  });
  expect(code, `endstate ${path} --help`).toBe(0);
  return out;
}

/** Help text with its line wrapping undone. */
const unwrapped = (text: string): string => text.replace(/\s+/g, ' ');

const commands = registeredCommands();
const paths = commands.map(commandPath);

describe('examples in the help', () => {
  it('finds all 24 commands and subcommands', () => {
    expect(paths).toHaveLength(24);
    expect(paths).toContain('labels agree');
  });

  it.each(paths)('ends the help of `endstate %s` with runnable examples', async (path) => {
    const examples = examplesOf(path);
    expect(examples.length, `no example for ${path} in help-examples.ts`).toBeGreaterThan(0);
    const help = await helpOf(path);
    expect(help).toContain('\nExamples:\n');
    for (const example of examples) {
      expect(help).toContain(`  $ endstate ${example.argv.map(shellWord).join(' ')}\n`);
    }
  });

  it('gives examples only of commands that exist, each running its own command', () => {
    for (const entry of HELP_EXAMPLES) {
      const command = commands.find((candidate) => commandPath(candidate) === entry.command);
      expect(command, `help-examples.ts names "${entry.command}"`).toBeDefined();
      expect(command!.commands, `"${entry.command}" has subcommands`).toEqual([]);
      for (const example of entry.examples) {
        expect(example.argv.slice(0, entry.command.split(' ').length).join(' ')).toBe(
          entry.command,
        );
      }
    }
  });

  it('shows each command line as a shell reads it back into the same arguments', () => {
    const tricky = ['run', 'redis://127.0.0.1:6379?queue=evals', "it's", 'a b', '$HOME', ''];
    expect(parse(tricky.map(shellWord).join(' '))).toEqual(tricky);
    for (const example of HELP_EXAMPLES.flatMap((entry) => entry.examples)) {
      expect(parse(example.argv.map(shellWord).join(' '))).toEqual(example.argv);
    }
    expect(renderExamples([{ description: 'play it', argv: ['run', 'a b'] }])).toBe(
      "\nExamples:\n  # play it\n  $ endstate run 'a b'\n",
    );
    const long = renderExamples([{ description: `${'word '.repeat(30)}end`, argv: ['run'] }]);
    const comments = long.split('\n').filter((line) => line.startsWith('  # '));
    expect(comments).toHaveLength(3);
    expect(comments.every((line) => line.length <= 80)).toBe(true);
    expect(comments.map((line) => line.slice(4)).join(' ')).toBe(`${'word '.repeat(30)}end`);
  });
});

/** Placeholders of options that take a number: each must have a ranged parser. */
const NUMERIC_PLACEHOLDER = /<(n|k|s|p|t|m|ms|mb|seconds|fraction|port|P|D|W|r|a|q|rho)>$/;

describe('numeric options in the help', () => {
  const numeric = commands.flatMap((command) =>
    command.options
      .filter((option) => NUMERIC_PLACEHOLDER.test(option.flags))
      .map((option) => ({ path: commandPath(command), option })),
  );

  it('covers the numeric options of run and plan', () => {
    const flags = (path: string) =>
      numeric.filter((entry) => entry.path === path).map((entry) => entry.option.long);
    expect(flags('run')).toEqual(
      expect.arrayContaining(['--trials', '--concurrency', '--seed', '--slip', '--max-reruns']),
    );
    expect(flags('plan')).toEqual(expect.arrayContaining(['--p', '--delta', '--icc', '--alpha']));
  });

  it.each(numeric.map((entry) => [entry.path, entry.option.flags, entry.option] as const))(
    '`endstate %s` states the range and default of %s',
    (_path, _flags, option) => {
      const range = acceptedRange(option.parseArg);
      expect(range, `${option.flags} has no parser from parse-number.ts`).toBeDefined();
      expect(option.description).toContain(rangeText(range!));
      expect(
        option.defaultValue !== undefined || /\bdefault\b/.test(option.description),
        `${option.flags}: "${option.description}" names no default`,
      ).toBe(true);
    },
  );

  it('prints them in the help text, range then default', async () => {
    const run = unwrapped(await helpOf('run'));
    expect(run).toContain('--trials <k> trials per task, 1-10000 (default: 1)');
    expect(run).toContain('--concurrency <n> trials run at once, 1-1024 (default: 4)');
    expect(run).toContain(
      '--seed <s> run seed (every trial seed derives from it), 0-4294967295 (default: 0)',
    );
    expect(run).toContain(
      '--slip <p> simulated agent: probability of a slip per step, 0-1 (default: 0.1)',
    );
    const plan = unwrapped(await helpOf('plan'));
    expect(plan).toContain(
      '--alpha <a> two-sided level: 0.05 for a 5% test or a 95% interval, above 0, below 1 (default: 0.05)',
    );
    const show = unwrapped(await helpOf('show'));
    expect(show).toContain('which of its k trials, 1 or more (default:');
  });
});
