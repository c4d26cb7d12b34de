import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  demoArguments,
  demoBlock,
  quotedDemoBlock,
  runDemo,
  withDemoBlock,
} from '../../scripts/readme-demo.js';
import { REPO } from './run-cli.js';

describe("README.md's demo output", () => {
  it('is what `npm run docs:readme-demo` writes from a run of the demo now', () => {
    const fresh = demoBlock(runDemo(REPO));
    const quoted = quotedDemoBlock(readFileSync(join(REPO, 'README.md'), 'utf8'));
    expect(
      quoted,
      "README.md's demo output is out of date: run `npm run docs:readme-demo` and commit README.md",
    ).toBe(fresh);
    expect(fresh).toMatch(/^Success {4}\d+\.\d%/m);
  });
});

describe('demoBlock', () => {
  it('masks the run id and latencies and leaves out the per-task table', () => {
    const stdout = [
      'endstate · run-20261207-123307-e10c4b',
      'Latency    p50 1.3 ms · p95 25.2 ms (n=168)',
      '         e.g. endstate show refund-8842 1 --run run-20261207-123307-e10c4b',
      '',
      '┌──────┐',
      '│ task │',
      '└──────┘',
      '',
    ].join('\n');
    expect(demoBlock(stdout)).toBe(
      [
        'endstate · run-<id>',
        'Latency    p50 … · p95 … (n=168)',
        '         e.g. endstate show refund-8842 1 --run run-<id>',
      ].join('\n'),
    );
  });

  it('round-trips through the README markers', () => {
    const readme = 'a\n<!-- demo-output:start -->\nold\n<!-- demo-output:end -->\nb\n';
    const updated = withDemoBlock(readme, 'Success    1\nTrials     2');
    expect(updated).toBe(
      'a\n<!-- demo-output:start -->\n```\nSuccess    1\nTrials     2\n```\n<!-- demo-output:end -->\nb\n',
    );
    expect(quotedDemoBlock(updated)).toBe('Success    1\nTrials     2');
  });

  it('runs what `npm run demo` runs', () => {
    expect(demoArguments(REPO)).toEqual([
      'run',
      'examples/support',
      '--agent',
      'simulated',
      '--slip',
      '0.1',
      '--trials',
      '8',
    ]);
  });
});
