import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, runCliHere, tempFolder } from './run-cli.js';

interface Line {
  run_id: string;
  task_id: string;
  attempt: number;
  rerun: number;
  proposed_label: string;
  label: string | null;
  labeller: string | null;
}

const readLines = (file: string): Line[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line);

const writeLines = (file: string, lines: readonly Line[]): void =>
  writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));

describe('endstate labels', () => {
  it('exports failed trials, measures two labellers against each other and counts labels in the report', async () => {
    const cwd = tempFolder();
    const run = await runCliHere(
      ['run', example('support'), '--agent', 'simulated', '--slip', '0.3', '--trials', '2'],
      cwd,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Failure labels (of');

    const exported = await runCliHere(['labels', 'export', '--out', 'failures.jsonl'], cwd);
    expect(exported.code).toBe(0);
    const lines = readLines(join(cwd, 'failures.jsonl'));
    const report = await runCliHere(['report', '--json', 'card.json'], cwd);
    const card = JSON.parse(readFileSync(join(cwd, 'card.json'), 'utf8')) as {
      scorecard: {
        success_rate: { trials: number; successes: number };
        failure_labels: { failed_trials: number; proposed: Record<string, number> };
      };
    };
    const failed = card.scorecard.success_rate.trials - card.scorecard.success_rate.successes;
    expect(report.code).toBe(0);
    expect(failed).toBeGreaterThan(3);
    expect(lines).toHaveLength(failed);
    expect(lines.every((line) => line.label === null && line.labeller === null)).toBe(true);
    const proposedCounts: Record<string, number> = {};
    for (const line of lines)
      proposedCounts[line.proposed_label] = (proposedCounts[line.proposed_label] ?? 0) + 1;
    for (const [label, count] of Object.entries(card.scorecard.failure_labels.proposed))
      expect(count).toBe(proposedCounts[label] ?? 0);

    // Ana takes every proposal; Ben calls the first three "other" and leaves the last unlabelled.
    const ana = lines.map((line) => ({ ...line, label: line.proposed_label, labeller: 'ana' }));
    const ben = lines.map((line, i) => ({
      ...line,
      label: i === lines.length - 1 ? null : i < 3 ? 'other' : line.proposed_label,
      labeller: 'ben',
    }));
    writeLines(join(cwd, 'ana.jsonl'), ana);
    writeLines(join(cwd, 'ben.jsonl'), ben);

    const agree = await runCliHere(
      ['labels', 'agree', 'ana.jsonl', 'ben.jsonl', '--json', 'agree.json'],
      cwd,
    );
    expect(agree.code).toBe(0);
    expect(agree.stdout).toContain('Confusion (rows: ana, columns: ben)');
    const tasks = new Set(ana.slice(0, -1).map((line) => line.task_id)).size;
    expect(agree.stdout).toContain(`item(s) in ${tasks} task(s)`);
    expect(agree.stdout).toContain(`Intervals  clustered by task, ${tasks} tasks`);
    expect(agree.stdout).toContain('1 trial(s) labelled only in ana.jsonl');
    const agreement = JSON.parse(readFileSync(join(cwd, 'agree.json'), 'utf8')) as {
      items: number;
      tasks: number;
      items_without_task: number;
      kappa: { value: number };
      accuracy: { rate: number };
    };
    // Cohen's kappa by hand over the pairs both labelled.
    const pairs = ana.slice(0, -1).map((line, i) => [line.label, ben[i]!.label!] as const);
    const items = pairs.length;
    const observed = pairs.filter(([a, b]) => a === b).length / items;
    const labels = new Set(pairs.flat());
    const chance = [...labels].reduce(
      (sum, label) =>
        sum +
        (pairs.filter(([a]) => a === label).length / items) *
          (pairs.filter(([, b]) => b === label).length / items),
      0,
    );
    expect(agreement.items).toBe(items);
    expect(agreement.tasks).toBe(tasks);
    expect(agreement.items_without_task).toBe(0);
    expect(agreement.accuracy.rate).toBeCloseTo(observed, 12);
    expect(agreement.kappa.value).toBeCloseTo((observed - chance) / (1 - chance), 12);

    const imported = await runCliHere(['labels', 'import', 'ana.jsonl', 'ben.jsonl'], cwd);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(`imported ${2 * lines.length - 1} label(s)`);
    const again = await runCliHere(['labels', 'import', 'ana.jsonl'], cwd);
    expect(again.stdout).toContain(`${lines.length} replaced an earlier label`);

    const labelled = await runCliHere(['report', '--json', 'labelled.json'], cwd);
    expect(labelled.code).toBe(0);
    expect(labelled.stdout).toMatch(/label +proposed +ana +ben/);
    expect(labelled.stdout).toContain(
      `ben labelled ${lines.length - 1} of ${lines.length}; agreed with the proposed label on ${lines.length - 4} of ${lines.length - 1}`,
    );
    const human = (
      JSON.parse(readFileSync(join(cwd, 'labelled.json'), 'utf8')) as {
        scorecard: {
          failure_labels: { human: { labeller: string; counts: Record<string, number> }[] };
        };
      }
    ).scorecard.failure_labels.human;
    expect(human.map((entry) => entry.labeller)).toEqual(['ana', 'ben']);
    expect(human[0]!.counts).toEqual(card.scorecard.failure_labels.proposed);
    expect(human[1]!.counts.other).toBe(ben.filter((line) => line.label === 'other').length);
  }, 180_000);

  it('refuses a file with an unknown label or no labeller, naming file and line, and stores nothing', async () => {
    const cwd = tempFolder();
    const base = {
      run_id: 'r',
      task_id: 't',
      attempt: 1,
      rerun: 0,
      proposed_label: 'other',
      evidence: '',
      final_answer: null,
      failed_checks: [],
    };
    writeFileSync(
      join(cwd, 'bad.jsonl'),
      `${JSON.stringify({ ...base, label: 'other', labeller: 'ana' })}\n${JSON.stringify({ ...base, attempt: 2, label: 'oops', labeller: 'ana' })}\n`,
    );
    writeFileSync(
      join(cwd, 'anon.jsonl'),
      `${JSON.stringify({ ...base, label: 'budget', labeller: null })}\n`,
    );
    const result = await runCliHere(['labels', 'import', 'bad.jsonl', 'anon.jsonl'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('bad.jsonl:2');
    expect(result.stderr).toContain('unknown failure label "oops"');
    expect(result.stderr).toContain('anon.jsonl:1');
    expect(result.stderr).toContain('nothing was imported');
    expect(
      (await runCliHere(['labels', 'import', 'anon.jsonl', '--labeller', 'cy'], cwd)).code,
    ).toBe(0);
  }, 60_000);
});
