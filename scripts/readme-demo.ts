// Rewrites the demo output quoted in README.md's Quickstart from a real
// run of `npm run demo`, with the built CLI, in a temp folder (so no run is
// stored in the repository). Run with `npm run docs:readme-demo`;
// test/e2e/readme-demo.test.ts fails when README.md's block is out of date.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DEMO_START = '<!-- demo-output:start -->';
export const DEMO_END = '<!-- demo-output:end -->';

/** What `npm run demo` passes to bin/endstate.js, read from package.json so the two never part. */
export function demoArguments(root: string): string[] {
  const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const script = packageJson.scripts?.['demo'] ?? '';
  const match = /node bin\/endstate\.js ([^&|;]+)$/.exec(script);
  if (match?.[1] === undefined) {
    throw new Error(
      `package.json's "demo" script is ${JSON.stringify(script)}; expected it to end with "node bin/endstate.js <arguments>"`,
    );
  }
  return match[1].trim().split(/\s+/);
}

/**
 * Runs the demo with the built CLI (bin/endstate.js on dist/) in a fresh
 * temp folder whose `examples` links to the repository's, so the command's
 * relative paths hold and the store is made and removed there. Returns
 * what it printed on stdout (the scorecard).
 */
export function runDemo(root: string): string {
  const cwd = mkdtempSync(join(tmpdir(), 'endstate-readme-demo-'));
  try {
    symlinkSync(join(root, 'examples'), join(cwd, 'examples'), 'dir');
    const result = spawnSync(
      process.execPath,
      [join(root, 'bin/endstate.js'), ...demoArguments(root)],
      { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    if (result.status !== 0) {
      throw new Error(
        `the demo exited with ${String(result.status)} (was the CLI built? npm run build):\n${result.stderr}`,
        { cause: result.error },
      );
    }
    return result.stdout;
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/**
 * The scorecard without what changes from one run of the same demo to the
 * next: the run id and the wall-clock latencies are masked, and the
 * per-task table (the README says it follows) is left out.
 */
export function demoBlock(stdout: string): string {
  const lines = stdout
    .replaceAll(/run-\d{8}-\d{6}-[0-9a-f]+/g, 'run-<id>')
    .replace(/^(Latency\s+)p50 .+ · p95 .+ (\(n=\d+\))$/m, '$1p50 … · p95 … $2')
    .split('\n');
  const table = lines.findIndex((line) => line.startsWith('┌'));
  const kept = table === -1 ? lines : lines.slice(0, table);
  while (kept.length > 0 && kept.at(-1)?.trim() === '') kept.pop();
  return kept.join('\n');
}

/** README with the fenced block between the demo markers replaced by `block`. */
export function withDemoBlock(readme: string, block: string): string {
  const { before, after } = splitAtDemoMarkers(readme);
  return `${before}${DEMO_START}\n\`\`\`\n${block}\n\`\`\`\n${DEMO_END}${after}`;
}

/** The demo output README quotes now, between its markers. */
export function quotedDemoBlock(readme: string): string {
  const { inside } = splitAtDemoMarkers(readme);
  return inside.replace(/^\n```\n/, '').replace(/\n```\n$/, '');
}

function splitAtDemoMarkers(readme: string): { before: string; inside: string; after: string } {
  const start = readme.indexOf(DEMO_START);
  const end = readme.indexOf(DEMO_END);
  if (start === -1 || end < start) {
    throw new Error(`README.md has no ${DEMO_START} … ${DEMO_END} block`);
  }
  return {
    before: readme.slice(0, start),
    inside: readme.slice(start + DEMO_START.length, end),
    after: readme.slice(end + DEMO_END.length),
  };
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const readmePath = join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const updated = withDemoBlock(readme, demoBlock(runDemo(root)));
  writeFileSync(readmePath, updated);
  console.log(
    updated === readme ? 'README.md demo output unchanged' : 'wrote README.md demo output',
  );
}
