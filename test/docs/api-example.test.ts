import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { captureIo } from '../../src/cli/capture-io.js';
import { main } from '../../src/cli/main.js';

const root = join(import.meta.dirname, '../..');
const folder = mkdtempSync(join(tmpdir(), 'endstate-api-example-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** The first TypeScript block of a `## ` section of docs/api.md. */
function exampleOf(markdown: string, title: string): string {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(`${title}\n`));
  if (section === undefined) throw new Error(`docs/api.md has no "## ${title}" section`);
  const block = /```ts\n([\s\S]*?)\n```/.exec(section);
  if (block === null) throw new Error(`"## ${title}" of docs/api.md has no ts block`);
  return block[1]!;
}

/** Fields that differ between two plays of one run: its id, and the clock's readings. */
function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TIMED.test(key))
      .map(([key, inner]) => [key, withoutTimes(inner)]),
  );
}
const TIMED = /^(latency.*|.*_ms|.*_at|duration.*)$/;

/** A scorecard as the CLI writes it (JSON: NaN as null), its run id masked and its times left out. */
function normalised(scorecard: { readonly run_id: string }): unknown {
  return withoutTimes(JSON.parse(JSON.stringify(scorecard).replaceAll(scorecard.run_id, 'RUN')));
}

describe('"Running an evaluation from code" in docs/api.md', () => {
  it('runs as shown, and scores as endstate run does with the same agent, trials and seed', async () => {
    const example = exampleOf(
      readFileSync(join(root, 'docs/api.md'), 'utf8'),
      'Running an evaluation from code',
    );
    expect(example).toContain("from 'endstate'");
    // The example as written, with `endstate` resolved to this checkout and its scorecard kept.
    const file = join(folder, 'example.ts');
    writeFileSync(
      file,
      `${example
        .replace("from 'endstate'", `from ${JSON.stringify(join(root, 'src/index.ts'))}`)
        .replace(
          "from 'endstate/report'",
          `from ${JSON.stringify(join(root, 'src/report/public.ts'))}`,
        )}\nexport { scorecard };\n`,
    );
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const cwd = process.cwd();
    process.chdir(root);
    let played: {
      scorecard: { run_id: string; counts: { successes: number; valid_trials: number } };
    };
    try {
      played = (await import(file)) as typeof played;
    } finally {
      process.chdir(cwd);
    }
    const printed = log.mock.calls.map((call) => call.join(' ')).join('\n');
    const { successes, valid_trials: valid } = played.scorecard.counts;
    expect(printed).toMatch(
      new RegExp(`^run-\\d{8}-\\d{6}-[0-9a-f]{6}: ${successes} of ${valid} trials succeeded$`),
    );
    // A slipping agent fails some trials, so equal scorecards say more than "all passed".
    expect(successes).toBeGreaterThan(0);
    expect(successes).toBeLessThan(valid);

    const io = captureIo(root);
    const json = join(folder, 'cli.json');
    const code = await main(
      [
        'run',
        'examples/support',
        '--agent',
        'simulated',
        '--slip',
        '0.1',
        '--trials',
        '4',
        '--seed',
        '7',
        '--store',
        join(folder, 'cli.db'),
        '--json',
        json,
      ],
      io,
    );
    expect(code, io.stderr.join('')).toBe(0);
    const cli = JSON.parse(readFileSync(json, 'utf8')) as { scorecard: { run_id: string } };
    expect(normalised(played.scorecard)).toEqual(normalised(cli.scorecard));
  }, 120_000);
});
