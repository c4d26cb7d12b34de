import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO, example, runCli, tasksRunWithoutJudge, tempFolder } from './run-cli.js';

const KINDS = [
  'paraphrase',
  'typos',
  'distractors',
  'extra-tools',
  'shuffle-tools',
  'reword-tools',
  'rename-tool',
];

interface ReportJson {
  scorecard: {
    robustness?: {
      kinds: {
        perturbation: string;
        tasks: number;
        variants: number;
        original_rate: number;
        variant_rate: number;
        gap: { value: number; ci95: [number, number] };
      }[];
    };
  };
  trials: {
    task_id: string;
    valid: boolean;
    success: boolean;
    variant?: { base: string; perturbation: string };
  }[];
}

/** The gap of a kind, from the trial records alone: per base task, its rate − the mean of its variants' rates. */
function gapFromRecords(trials: ReportJson['trials'], kind: string): number {
  const rates = new Map<string, { successes: number; trials: number }>();
  const variants = new Map<string, { base: string; perturbation: string }>();
  for (const trial of trials) {
    if (!trial.valid) continue;
    const rate = rates.get(trial.task_id) ?? { successes: 0, trials: 0 };
    rate.trials += 1;
    if (trial.success) rate.successes += 1;
    rates.set(trial.task_id, rate);
    if (trial.variant !== undefined) variants.set(trial.task_id, trial.variant);
  }
  const rateOf = (id: string): number => rates.get(id)!.successes / rates.get(id)!.trials;
  const byBase = new Map<string, number[]>();
  for (const [id, variant] of variants) {
    if (variant.perturbation !== kind) continue;
    byBase.set(variant.base, [...(byBase.get(variant.base) ?? []), rateOf(id)]);
  }
  const differences = [...byBase].map(
    ([base, variantRates]) =>
      rateOf(base) - variantRates.reduce((sum, rate) => sum + rate, 0) / variantRates.length,
  );
  return differences.reduce((sum, difference) => sum + difference, 0) / differences.length;
}

/** A temporary project where `endstate` resolves, as it does where a user installed it: copied suites import it. */
function projectFolder(): string {
  const cwd = tempFolder();
  writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(join(cwd, 'node_modules'));
  symlinkSync(REPO, join(cwd, 'node_modules', 'endstate'), 'dir');
  return cwd;
}

describe('endstate perturb', () => {
  let cwd: string;
  let perturbed: ReturnType<typeof runCli>;
  beforeAll(() => {
    cwd = projectFolder();
    perturbed = runCli(
      [
        'perturb',
        example('support'),
        '--kinds',
        KINDS.join(','),
        '--out',
        'perturbed',
        '--seed',
        '5',
      ],
      cwd,
    );
  }, 120_000);

  it('writes a copy of the suite plus a variant per task and kind', () => {
    expect(perturbed.stderr).toBe('');
    expect(perturbed.code).toBe(0);
    const originals = readdirSync(join(example('support'), 'tasks'));
    const written = readdirSync(join(cwd, 'perturbed', 'tasks'));
    for (const file of originals) {
      expect(readFileSync(join(cwd, 'perturbed', 'tasks', file), 'utf8')).toBe(
        readFileSync(join(example('support'), 'tasks', file), 'utf8'),
      );
    }
    expect(written.length).toBe(originals.length * (1 + KINDS.length));
    expect(perturbed.stdout).toContain('wrote tasks/refund-8842~typos.yaml');
    expect(perturbed.stdout).toContain('fixtures/refund-8842~distractors.json');
    expect(perturbed.stdout).toContain(
      `${originals.length * KINDS.length} variants of ${originals.length} tasks`,
    );
  });

  it('is deterministic for a seed, and applies every kind that fits when none is named', () => {
    // No --kinds: every per-task kind (rename-entities fits tau-bench retail suites only).
    const again = runCli(['perturb', example('support'), '--out', 'again', '--seed', '5'], cwd);
    expect(again.code, again.stderr).toBe(0);
    expect(readdirSync(join(cwd, 'again', 'tasks')).sort()).toEqual(
      readdirSync(join(cwd, 'perturbed', 'tasks')).sort(),
    );
    for (const file of readdirSync(join(cwd, 'perturbed', 'tasks')))
      expect(readFileSync(join(cwd, 'again', 'tasks', file), 'utf8')).toBe(
        readFileSync(join(cwd, 'perturbed', 'tasks', file), 'utf8'),
      );
  });

  it('refuses an unknown kind, listing the kinds, and a folder that is not empty', () => {
    const unknown = runCli(
      ['perturb', example('support'), '--kinds', 'typos,jumble', '--out', 'x'],
      cwd,
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown perturbation kind: jumble');
    for (const kind of KINDS) expect(unknown.stderr).toContain(kind);
    const existing = runCli(
      ['perturb', example('support'), '--kinds', 'typos', '--out', 'perturbed'],
      cwd,
    );
    expect(existing.code).toBe(2);
    expect(existing.stderr).toContain('perturbed exists and is not empty');
  });

  it('keeps every variant valid: the oracle solves it and its known-bad paths fail', () => {
    const validated = runCli(['validate', 'perturbed'], cwd);
    const originals = readdirSync(join(example('support'), 'tasks')).length;
    expect(validated.stdout).toContain(`all ${originals * (1 + KINDS.length)} tasks usable`);
    expect(validated.code).toBe(0);
  }, 120_000);

  it('reports the robustness gap of each kind, computed from the records', () => {
    const run = runCli(
      ['run', 'perturbed', '--agent', 'simulated', '--trials', '2', '--seed', '3'],
      cwd,
    );
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.stdout).toContain('Robustness ');
    const report = runCli(['report', 'latest', '--json', 'report.json', '--md', 'report.md'], cwd);
    expect(report.code).toBeLessThan(2);
    const json = JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8')) as ReportJson;
    const kinds = json.scorecard.robustness!.kinds;
    expect(kinds.map((kind) => kind.perturbation).sort()).toEqual([...KINDS].sort());
    for (const kind of kinds) {
      // A run without --judge leaves out the tasks graded by a rubric, and their variants.
      expect(kind.tasks).toBe(tasksRunWithoutJudge('support'));
      expect(kind.gap.value).toBeCloseTo(gapFromRecords(json.trials, kind.perturbation), 12);
      expect(kind.original_rate - kind.variant_rate).toBeCloseTo(kind.gap.value, 12);
      expect(kind.gap.ci95[0]).toBeLessThanOrEqual(kind.gap.value);
      expect(kind.gap.ci95[1]).toBeGreaterThanOrEqual(kind.gap.value);
      const points = `${kind.gap.value > 0 ? '+' : kind.gap.value < 0 ? '-' : ''}${(Math.abs(kind.gap.value) * 100).toFixed(1)} pts`;
      expect(report.stdout).toContain(`${kind.perturbation}: gap ${points}`);
    }
    expect(readFileSync(join(cwd, 'report.md'), 'utf8')).toContain('Robustness: `typos`');
  }, 120_000);
});

describe('endstate perturb --kinds rename-entities (the contamination probe)', () => {
  let cwd: string;
  let perturbed: ReturnType<typeof runCli>;
  beforeAll(() => {
    cwd = projectFolder();
    perturbed = runCli(
      [
        'perturb',
        example('retail'),
        '--kinds',
        'rename-entities',
        '--out',
        'heldout',
        '--seed',
        '7',
      ],
      cwd,
    );
  }, 120_000);

  it('writes one renamed copy of the data and a renamed variant of each task it can keep true', () => {
    expect(perturbed.stderr).toBe('');
    expect(perturbed.code).toBe(0);
    expect(perturbed.stdout).toContain('wrote fixtures/retail-heldout.json');
    const summary =
      /(\d+) variants of 635 tasks \(rename-entities, seed 7\)(?:, (\d+) skipped)?/.exec(
        perturbed.stdout,
      );
    expect(summary).not.toBeNull();
    const [variants, skipped] = [Number(summary![1]), Number(summary![2] ?? 0)];
    expect(variants + skipped).toBe(635);
    expect(variants).toBeGreaterThan(600);
    const files = readdirSync(join(cwd, 'heldout', 'tasks'));
    expect(files.filter((file) => file.includes('~heldout')).length).toBe(variants);
    const variant = readFileSync(join(cwd, 'heldout', 'tasks', 'dev-000~heldout.yaml'), 'utf8');
    expect(variant).toContain('perturbation: rename-entities');
    expect(variant).toContain('fixture: fixtures/retail-heldout.json');
    // The base task's user, order and e-mail do not survive the renaming.
    for (const original of ['olivia_ito_3591', '#W5442520', 'olivia.ito5204@example.com'])
      expect(variant).not.toContain(original);
  });

  it('keeps every variant valid, and an oracle run shows a gap of 0 from the records', () => {
    const validated = runCli(['validate', 'heldout'], cwd);
    expect(validated.stdout).toMatch(/all \d+ tasks usable/);
    expect(validated.code).toBe(0);
    const run = runCli(
      ['run', 'heldout', '--agent', 'oracle', '--tasks', 'dev-00*', '--json', 'run.json'],
      cwd,
    );
    expect(run.code).toBe(0);
    const json = JSON.parse(readFileSync(join(cwd, 'run.json'), 'utf8')) as ReportJson;
    const [kind] = json.scorecard.robustness!.kinds;
    expect(kind!.perturbation).toBe('rename-entities');
    expect(kind!.tasks).toBe(json.trials.filter((trial) => trial.variant !== undefined).length);
    expect(kind!.gap.value).toBe(gapFromRecords(json.trials, 'rename-entities'));
    expect(kind!.gap.value).toBe(0);
  }, 180_000);

  it('refuses a suite that is not tau-bench retail', () => {
    const refused = runCli(
      ['perturb', example('support'), '--kinds', 'rename-entities', '--out', 'nope'],
      cwd,
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('rename-entities renames tau-bench retail data');
  });
});
