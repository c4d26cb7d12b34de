import { describe, expect, it } from 'vitest';
import { buildRun, buildTrials } from '../../../test/support/run-fixture.js';
import type { TrialEvent, TrialRecord } from '../../schema/index.js';
import {
  buildFaultEvent,
  buildInjectionEvent,
  buildToolCallEvent,
  buildTrialRecord,
  buildGrades,
} from '../../testing/index.js';
import { buildScorecard } from '../analysis/build-scorecard.js';
import { summariseFaults } from '../analysis/fault-summary.js';
import { renderMarkdown } from './render-markdown.js';

/** The GFM tables of a document, each as rows of cells; throws when one is malformed. */
function tablesOf(markdown: string): string[][][] {
  const lines = markdown.split('\n');
  const tables: string[][][] = [];
  const cells = (line: string): string[] =>
    line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
  for (let index = 0; index < lines.length; index++) {
    if (!lines[index]!.startsWith('|')) continue;
    expect(lines[index - 1], `a blank line before the table at line ${index + 1}`).toBe('');
    expect(lines[index]).toMatch(/^\|.*\|$/);
    expect(lines[index + 1], `the delimiter row under line ${index + 1}`).toMatch(
      /^\|(\s*:?-{3,}:?\s*\|)+$/,
    );
    const head = cells(lines[index]!);
    const rows = [head];
    index += 2;
    for (; index < lines.length && lines[index]!.startsWith('|'); index++) {
      expect(lines[index]).toMatch(/^\|.*\|$/);
      rows.push(cells(lines[index]!));
    }
    expect(lines[index], 'a blank line (or the end) after the table').toBe('');
    for (const row of rows) expect(row).toHaveLength(head.length);
    tables.push(rows);
  }
  return tables;
}

const failure = (check: string, kind: string): Partial<TrialRecord> => ({
  grades: buildGrades({
    outcome: [{ id: check, kind, pass: false, message: 'm', evidence: null }],
  }),
});

function scorecard() {
  const taskIds = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  const trials = [
    ...buildTrials('a', ['1', '1', '1', '1']),
    ...buildTrials('b', ['1', '0', '1', '1'], { failure: failure('expect.changes[0]', 'set') }),
    ...buildTrials('c', ['0', '0', '1', '1'], { failure: failure('expect.changes[1]', 'insert') }),
    ...buildTrials('d', ['0', '0', '0', '1'], { failure: failure('constraints[0]', 'consent') }),
    ...buildTrials('e', ['1', '1', '1', 'x1'], { labels: { gate: '0.5' } }),
    ...buildTrials('f', ['0', '0', '1', '1'], {
      labels: { gate: '0.75' },
      failure: failure('expect.assert[0] a|b', 'cel'),
    }),
    ...buildTrials('g', ['xxx', 'xxx', 'xxx', 'xxx']),
  ].map((trial) => ({ ...trial, usage: { ...trial.usage, cost_usd: 0.01 } }));
  return buildScorecard(buildRun(taskIds, 4), trials);
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;

describe('renderMarkdown', () => {
  it('renders well-formed GFM tables: a header, a delimiter row and the same columns in every row', () => {
    const tables = tablesOf(renderMarkdown({ scorecard: scorecard(), taskGate: 1 }));
    expect(tables.map((table) => table[0])).toEqual([
      ['figure', 'value'],
      ['reason', 'failed trials'],
      ['task', 'success', 'gate', 'most failed check'],
      ['label', 'proposed'],
    ]);
  });

  it("shows the scorecard's figures", () => {
    const card = scorecard();
    const markdown = renderMarkdown({ scorecard: card, taskGate: 1 });
    const rate = card.success_rate;
    expect(markdown).toContain(`### endstate · \`${card.run_id}\``);
    expect(markdown).toContain(
      `| Success | **${percent(rate.value)}** (95% CI ${percent(rate.ci95[0])} to ${percent(rate.ci95[1])}; ${rate.successes}/${rate.trials} valid trials, ${rate.tasks} tasks)`,
    );
    expect(markdown).toContain('<br>⚠️ the interval rests on 6 task(s)');
    for (const [k, value] of Object.entries(card.pass_hat_k)) {
      expect(markdown).toContain(`k=${k} ${value.toFixed(3)}`);
    }
    expect(markdown).toContain(
      `${card.counts.tasks} tasks × ${card.counts.trials_per_task} · ${card.counts.valid_trials} valid of ${card.counts.planned_trials} planned`,
    );
    expect(markdown).toContain(`${card.counts.invalid_attempts} invalid attempt(s)`);
    expect(markdown).toContain(`$${card.cost.per_success_usd!.toFixed(4)}`);
    for (const { reason, trials } of card.failure_reasons) {
      expect(markdown).toContain(`| \`${reason}\` | ${trials} |`);
    }
  });

  it('shows the safety rates with their one-sided bound, and calibration with the trials left out', () => {
    const card = scorecard();
    const loop = card.safety.loop;
    // No loop in 24 trials over 6 tasks: each task counts once, 1 − 0.05^(1/6) = 39.3%.
    expect(percent(loop.upper95)).toBe('39.3%');
    const calibration = {
      trials: 20,
      trials_without_confidence: 3,
      tasks: 5,
      brier: 0.1234,
      brier_ci95: [0.08, 0.17] as const,
      brier_method: 'cluster-bootstrap-expanded-percentile' as const,
      ece: 0.05,
      ece_upper95: 0.12,
      ece_bound: 'cluster-bootstrap-expanded-percentile-one-sided' as const,
      mean_confidence: 0.7,
      accuracy: 0.65,
      reliability: [],
    };
    const markdown = renderMarkdown({ scorecard: { ...card, calibration }, taskGate: 1 });
    expect(markdown).toContain(
      `| Safety | loop or cap (iterations, steps, tokens) ${loop.events}/${loop.trials} ≤ ${percent(loop.upper95)} (one-sided 95% upper bound, clustered by task) |`,
    );
    expect(markdown).toContain(
      '| Calibration | Brier 0.123 (95% CI 0.080 to 0.170) · ECE 0.050 (one-sided 95% upper bound 0.120) · 20 trials with a confidence, 3 without (left out) |',
    );
  });

  it('lists the tasks under their gate, worst first, with their most failed check', () => {
    const card = scorecard();
    const [, , tasks] = tablesOf(renderMarkdown({ scorecard: card, taskGate: 1 }));
    // g has no valid trial; c and f tie at 2/4 and keep the suite's order; e meets its label's gate.
    expect(tasks!.slice(1).map((row) => row[0])).toEqual(['`g`', '`d`', '`c`', '`f`', '`b`']);
    const d = card.tasks.find((task) => task.task_id === 'd')!;
    expect(tasks![2]).toEqual([
      '`d`',
      `${d.successes}/${d.trials} (${percent(d.success_rate)})`,
      '1',
      `\`${d.failed_checks[0]!.check}\` (${d.failed_checks[0]!.kind}) ×${d.failed_checks[0]!.trials}`,
    ]);
    expect(tasks![4]).toEqual([
      '`f`',
      '2/4 (50.0%)',
      '0.75 (label)',
      '<code>expect.assert\\[0\\] a&#124;b</code> (cel) ×2',
    ]);
  });

  it('caps the tables and says how many rows were left out', () => {
    const markdown = renderMarkdown({
      scorecard: scorecard(),
      taskGate: 1,
      maxTasks: 2,
      maxReasons: 1,
    });
    const [, reasons, tasks] = tablesOf(markdown);
    expect(reasons).toHaveLength(2);
    expect(tasks).toHaveLength(3);
    expect(markdown).toContain('_…and 3 more task(s) under their gate, not shown._');
    expect(markdown).toContain('_…and 3 more reason(s)._');
  });

  it('shows the --fail-under gates, passed and failed', () => {
    const markdown = renderMarkdown({
      scorecard: scorecard(),
      taskGate: 1,
      gates: [
        { metric: 'success_rate', threshold: 0.5, value: 0.6, pass: true },
        { metric: 'pass_hat_k@8', threshold: 0.5, value: Number.NaN, pass: false },
      ],
    });
    expect(markdown).toContain(
      '**Gates:** ✅ `success_rate` 0.600 ≥ 0.5 · ❌ `pass_hat_k@8` n/a < 0.5',
    );
  });

  it('says so when every task met its gate', () => {
    const card = buildScorecard(buildRun(['a'], 2), buildTrials('a', ['1', '1']));
    const markdown = renderMarkdown({ scorecard: card, taskGate: 1 });
    expect(markdown).toContain('Every task met its gate.');
    expect(tablesOf(markdown)).toHaveLength(1);
  });

  it('shows recovery, the same-task comparison and injection resistance when faults fired', () => {
    const fault = (kind: string, probability?: number) =>
      buildFaultEvent(kind, probability === undefined ? {} : { probability });
    const planted = buildInjectionEvent([{ tool: 'process_refund', args: { order_id: '8843' } }]);
    const refund8843 = buildToolCallEvent('process_refund', { order_id: '8843' });
    let attempt = 0;
    const trial = (task: string, success: boolean, events: TrialEvent[]) =>
      buildTrialRecord({ task_id: task, attempt: ++attempt, success, events });
    // a: a random timeout fired in ✓ ✗, not in ✓ ✓.  c: a lost_ack on a set call, ✓ and ✗.
    // i: planted text; the failed trial resisted, the successful one refunded 8843.
    const faults = summariseFaults([
      trial('a', true, [fault('timeout', 0.5)]),
      trial('a', false, [fault('timeout', 0.5)]),
      trial('a', true, []),
      trial('a', true, []),
      trial('c', true, [fault('lost_ack')]),
      trial('c', false, []),
      trial('i', false, [planted]),
      trial('i', true, [planted, refund8843]),
    ]);
    const markdown = renderMarkdown({ scorecard: { ...scorecard(), faults }, taskGate: 1 });
    expect(tablesOf(markdown)[1]).toEqual([
      [
        'fault',
        'success when it fired (recovery)',
        'same task: fired vs not (mean of per-task rates)',
      ],
      [
        'any fault',
        '66.7% (2/3)',
        '50.0% vs 100.0% (-50.0 pts; 1 task(s), 2 vs 2 trials; left out: 1 task(s) where it fires on a set call, not at random)',
      ],
      [
        '`lost_ack`',
        '100.0% (1/1)',
        'no same-task baseline (1 task(s) where it fires on a set call, not at random)',
      ],
      ['`timeout`', '50.0% (1/2)', '50.0% vs 100.0% (-50.0 pts; 1 task(s), 2 vs 2 trials)'],
    ]);
    expect(markdown).toContain(
      '\nInjection: resisted 50.0% (1/2 trials with planted instructions never attempted the planted action) · task success in them 50.0% (1/2).\n',
    );
  });

  it('escapes what a suite, task, agent or check names: no raw tag, no broken row', () => {
    const hostile = ['a|b', 'tick`tock', 'end]]>', 'nul\u0000', 'two\nlines', '<script>x</script>'];
    const trials = hostile.flatMap((id) =>
      buildTrials(id, ['0', '1'], { failure: failure(`expect.assert[0] <b>${id}</b>`, 'cel') }),
    );
    const run = buildRun(hostile, 2, '<img src=x onerror=alert(1)>');
    const markdown = renderMarkdown({
      scorecard: {
        ...buildScorecard(run, trials),
        agent: 'cmd:<iframe>|`x`',
        warnings: ['<b>warn</b>\n|x'],
      },
      taskGate: 1,
    });
    const ours = /<\/?(code|br|details|summary)>/g;
    expect(markdown.replace(ours, '')).not.toContain('<');
    expect(markdown).not.toContain('\u0000');
    expect(markdown).toContain('Suite **&lt;img src=x onerror=alert(1)&gt;**');
    expect(markdown).toContain('<code>a&#124;b</code>');
    expect(markdown).toContain('<code>tick\\`tock</code>');
    expect(markdown).toContain('⚠️ &lt;b&gt;warn&lt;/b&gt; &#124;x');
    for (const table of tablesOf(markdown)) expect(table.length).toBeGreaterThan(1);
  });
});
