import { describe, expect, it } from 'vitest';
import { runCli, tempFolder } from './run-cli.js';

// Worked examples, by hand (z_0.975 = 1.9599639845, z_0.8 = 0.8416212336):
//   (1.9599639845 + 0.8416212336)² = 2.8015852181² = 7.8488797343
//   p = 0.7, D = 0.1, k = 1: σ_d² = 2·0.21 = 0.42;  n = 7.8488797343·0.42/0.01 = 329.65 → 330
//   k = 4, r = 0.3: DE = 1.9, σ_d² = 0.42·1.9/4 = 0.1995;  n = 156.59 → 157
//   p = 0.5, W = 0.05, k = 1: n = 1.9599639845²·0.25/0.0025 = 384.15 → 385

describe('endstate plan', () => {
  it('prints 330 tasks to detect 0.1 from 0.7 with one trial per task, and the formula', () => {
    const result = runCli(['plan', '--p', '0.7', '--delta', '0.1'], tempFolder());
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Tasks needed: 330\n/);
    expect(result.stdout).toContain('n = (z_{1−α/2} + z_{1−β})² · σ_d² / D², rounded up');
    expect(result.stdout).toContain('n = 7.8489 · 0.42 / 0.01 = 329.65 → 330');
    expect(result.stdout).toContain('r = 0.3 is a default guess');
  });

  it('shows how the tasks needed fall with trials per task, down to the r floor', () => {
    const result = runCli(
      ['plan', '--p', '0.7', '--delta', '0.1', '--trials', '4', '--icc', '0.3'],
      tempFolder(),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Tasks needed: 157\n/);
    expect(result.stdout).toContain('(628 trials per system)');
    expect(result.stdout).toContain(
      [
        '  trials per task   design effect   tasks   trials per system',
        '                1           1.000     330                 330',
        '                2           1.300     215                 430',
        '                4           1.900     157                 628',
        '                8           3.100     128                1024',
      ].join('\n'),
    );
    expect(result.stdout).toContain('no number of trials brings it under 99 tasks');
    expect(result.stdout).not.toContain('default guess');
  });

  it('prints the textbook 385 for a ±0.05 interval at p = 0.5', () => {
    const result = runCli(['plan', '--p', '0.5', '--width', '0.05'], tempFolder());
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Tasks needed: 385\n/);
    expect(result.stdout).toContain('for a 95% interval of ±0.05');
    expect(result.stdout).toContain('= 384.15 → 385');
  });

  it.each([
    [['--p', '1.5', '--delta', '0.1'], "option '--p <P>' argument '1.5' is invalid"],
    [['--p', '0.7', '--delta', '0'], "option '--delta <D>' argument '0' is invalid"],
    [['--p', '0.7', '--delta', '0.1', '--trials', '0'], "option '--trials <k>' argument '0'"],
    [['--p', '0.7', '--width', '0.1', '--icc', '2'], "option '--icc <r>' argument '2'"],
    [['--p', '0.7'], 'plan needs exactly one of --delta and --width'],
    [['--p', '0.7', '--delta', '0.1', '--width', '0.1'], 'exactly one of --delta and --width'],
    [['--p', '0.9', '--delta', '0.95'], '--delta 0.95 is impossible from --p 0.9'],
    [['--delta', '0.1'], "required option '--p <P>' not specified"],
  ])('exits 2 on bad values: %j', (args, message) => {
    const result = runCli(['plan', ...args], tempFolder());
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
  });
});
