import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { example, runCliHere, tempFolder } from './run-cli.js';

/** JSON lines: `count` items labelled `human` by people and `judge` by the judge. */
function labelLines(groups: readonly [string, string, number][]): string {
  let id = 0;
  return groups
    .flatMap(([human, judge, count]) =>
      Array.from({ length: count }, () => JSON.stringify({ id: `item-${++id}`, human, judge })),
    )
    .join('\n');
}

/** The worked example of kappa: p_o 0.7, p_e 0.5, kappa 0.4. */
const WORKED_EXAMPLE = `${labelLines([
  ['pass', 'pass', 20],
  ['pass', 'fail', 5],
  ['fail', 'pass', 10],
  ['fail', 'fail', 15],
])}\n`;

describe('endstate judge validate', () => {
  it('reports accuracy, kappa, the confusion table and per-label precision and recall', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'labels.jsonl'), WORKED_EXAMPLE);
    const result = await runCliHere(
      ['judge', 'validate', 'labels.jsonl', '--json', 'agreement.json'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('labels.jsonl · 50 item(s) in 50 task(s)');
    expect(result.stdout).toContain(
      'Intervals  items independent, 50 item(s): none names its task',
    );
    expect(result.stdout).toMatch(
      /Accuracy {3}70\.0% {2}95% CI \[\d+\.\d%, \d+\.\d%\] {2}\(35\/50/,
    );
    expect(result.stdout).toMatch(/Kappa {6}0\.400 {2}95% CI \[/);
    expect(result.stdout).toMatch(/ {2}pass +66\.7% \(20\/30\) +80\.0% \(20\/25\)/);
    const json = JSON.parse(readFileSync(join(cwd, 'agreement.json'), 'utf8')) as {
      items: number;
      labels: string[];
      confusion: number[][];
      kappa: { value: number; ci95: [number, number]; method: string };
      per_label: { label: string; precision: number; recall: number }[];
    };
    expect(json.items).toBe(50);
    expect(json.labels).toEqual(['fail', 'pass']);
    expect(json.confusion).toEqual([
      [15, 10],
      [5, 20],
    ]);
    expect(json.kappa.value).toBeCloseTo(0.4, 12);
    expect(json.kappa.ci95[0]).toBeLessThan(0.4);
    expect(json.kappa.ci95[1]).toBeGreaterThan(0.4);
    expect(json.kappa.method).toBe('clopper-pearson-agreement');
    expect(json.per_label[0]).toEqual({
      label: 'fail',
      human_count: 25,
      judge_count: 20,
      agreed: 15,
      precision: 0.75,
      recall: 0.6,
    });
  });

  it("clusters the intervals by the items' task_id and records the tasks", async () => {
    const cwd = tempFolder();
    // The worked example's 50 items in 10 tasks of 5: the same figures, fewer independent units.
    const clustered = WORKED_EXAMPLE.trim()
      .split('\n')
      .map((line, i) => {
        const { id, human, judge } = JSON.parse(line) as Record<string, string>;
        return JSON.stringify({ id, task_id: `task-${i % 10}`, human, judge });
      })
      .join('\n');
    writeFileSync(join(cwd, 'independent.jsonl'), WORKED_EXAMPLE);
    writeFileSync(join(cwd, 'labels.jsonl'), `${clustered}\n`);
    const result = await runCliHere(
      [
        ...['judge', 'validate', 'labels.jsonl', '--json', 'agreement.json', '--record'],
        ...['--judge', 'openai:gpt-4o', '--suite', example('support')],
        ...['--task', 'explain-window-8850'],
      ],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('labels.jsonl · 50 item(s) in 10 task(s)');
    expect(result.stdout).toContain('Intervals  clustered by task, 10 tasks');
    expect(result.stdout).toMatch(/Kappa {6}0\.400 {2}95% CI \[/);
    type Agreement = {
      items: number;
      tasks: number;
      items_without_task: number;
      clustering: string;
      kappa: { value: number; ci95: [number, number]; method: string };
    };
    const json = JSON.parse(readFileSync(join(cwd, 'agreement.json'), 'utf8')) as Agreement;
    expect(json).toMatchObject({ items: 50, tasks: 10, items_without_task: 0, clustering: 'task' });
    expect(json.kappa.method).toBe('task-bootstrap-agreement');
    expect(
      (await runCliHere(['judge', 'validate', 'independent.jsonl', '--json', 'alone.json'], cwd))
        .code,
    ).toBe(0);
    const alone = JSON.parse(readFileSync(join(cwd, 'alone.json'), 'utf8')) as Agreement;
    expect(alone).toMatchObject({ tasks: 50, items_without_task: 50 });
    // Ten tasks bound kappa more loosely than fifty independent items.
    expect(json.kappa.ci95[0]).toBeLessThan(alone.kappa.ci95[0]);
    const saved = JSON.parse(
      readFileSync(join(cwd, '.endstate', 'judge-validations.jsonl'), 'utf8').trim(),
    ) as { items: number; tasks: number };
    expect(saved).toMatchObject({ items: 50, tasks: 10 });
  });

  it('refuses a labels file with bad lines, naming each line, with exit 2', async () => {
    const cwd = tempFolder();
    writeFileSync(
      join(cwd, 'labels.jsonl'),
      [
        '{"id": "a", "human": "pass", "judge": "pass"}',
        '',
        '{"id": "b", "human": "pass"}',
        'not json',
        '{"id": "a", "human": "fail", "judge": "fail"}',
      ].join('\n'),
    );
    const result = await runCliHere(['judge', 'validate', 'labels.jsonl'], cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error E_LABELS_INVALID: labels file labels.jsonl is not valid',
    );
    expect(result.stderr).toContain('labels.jsonl:3 judge:');
    expect(result.stderr).toContain('labels.jsonl:4: not JSON');
    expect(result.stderr).toContain('labels.jsonl:5 id: item "a" is already labelled on line 1');
    expect(
      (await runCliHere(['judge', 'validate', 'labels.jsonl', '--json', 'labels.jsonl'], cwd)).code,
    ).toBe(2);
    expect(readFileSync(join(cwd, 'labels.jsonl'), 'utf8')).toContain('not json');
  });

  it('records a validation for a judge model and a task rubric beside the store', async () => {
    const cwd = tempFolder();
    writeFileSync(join(cwd, 'labels.jsonl'), WORKED_EXAMPLE);
    const record = [
      'judge',
      'validate',
      'labels.jsonl',
      '--record',
      '--judge',
      'openai:gpt-4o',
      '--suite',
      example('support'),
      '--task',
      'explain-window-8850',
    ];
    const result = await runCliHere(record, cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('recorded in ');
    const lines = readFileSync(join(cwd, '.endstate', 'judge-validations.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(1);
    const saved = JSON.parse(lines[0]!) as {
      model: string;
      task_id: string;
      rubric_hash: string;
      items: number;
      kappa: { value: number };
    };
    expect(saved).toMatchObject({
      model: 'openai:gpt-4o',
      task_id: 'explain-window-8850',
      items: 50,
    });
    expect(saved.rubric_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(saved.kappa.value).toBeCloseTo(0.4, 12);

    const noRubric = await runCliHere([...record.slice(0, -1), 'refund-8842'], cwd);
    expect(noRubric.code).toBe(2);
    expect(noRubric.stderr).toContain('task refund-8842 has no judge rubric to validate');
    expect((await runCliHere(['judge', 'validate', 'labels.jsonl', '--record'], cwd)).code).toBe(2);
  });
});
