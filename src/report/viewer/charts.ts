import { dot, line, plot, ruleY } from '@observablehq/plot';
import { h, section } from './dom.js';
import type { ReportModel } from './report-model.js';

const SERIES = ['pass@k', 'pass^k', 'pass^k (outcome only)'] as const;
const SERIES_COLOURS = ['#0969da', '#cf222e', '#bf8700'];

/** 1..max, thinned to about ten ticks, so no tick falls between two k. */
function integerTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 10));
  const ticks: number[] = [];
  for (let k = 1; k <= max; k += step) ticks.push(k);
  return ticks;
}

function passKChart({ summary }: ReportModel): Element {
  const card = summary.scorecard;
  const rows = (series: string, values: Readonly<Record<string, number>>) =>
    Object.entries(values).map(([k, value]) => ({ series, k: Number(k), value }));
  const data = [
    ...rows(SERIES[0], card.pass_at_k),
    ...rows(SERIES[1], card.pass_hat_k),
    ...rows(SERIES[2], card.outcome_only.pass_hat_k),
  ].filter((row) => Number.isFinite(row.value));
  if (data.length === 0) return h('p', { class: 'muted' }, 'No valid trials: no curve to draw.');
  return plot({
    width: 520,
    height: 280,
    marginLeft: 48,
    x: { label: 'k (trials)', tickFormat: 'd', ticks: integerTicks(card.k.max) },
    y: { domain: [0, 1], grid: true, label: 'task-weighted mean' },
    color: { legend: true, domain: [...SERIES], range: SERIES_COLOURS },
    marks: [
      ruleY([0]),
      line(data, { x: 'k', y: 'value', stroke: 'series', z: 'series' }),
      dot(data, { x: 'k', y: 'value', fill: 'series', tip: true }),
    ],
  });
}

/**
 * Each task's success rate against what a trial of it cost. With no model
 * spend recorded (scripted agents), mean steps stand in for cost.
 */
function costChart(model: ReportModel): Element {
  const card = model.summary.scorecard;
  const byTask = new Map(card.tasks.map((task) => [task.task_id, task]));
  // An unknown cost (an unpriced model) is not drawn as $0: steps stand in, as with no spend.
  const hasCost = card.cost.total_usd !== null && card.cost.total_usd > 0;
  const data = model.summary.grid.tasks.flatMap((taskId, index) => {
    const task = byTask.get(taskId);
    const attempts = model.trialsByTask[index]?.length ?? 0;
    if (task === undefined || task.trials === 0 || attempts === 0) return [];
    const x = hasCost ? (model.taskCostUsd[index] ?? 0) / attempts : model.taskMeanSteps[index];
    return [{ task: taskId, x, success: task.success_rate, trials: task.trials }];
  });
  if (data.length === 0) return h('p', { class: 'muted' }, 'No valid trials: nothing to plot.');
  return h(
    'div',
    {},
    plot({
      width: 520,
      height: 280,
      marginLeft: 48,
      x: {
        label: hasCost ? 'mean cost per attempt (USD)' : 'mean steps per trial',
        grid: true,
        nice: true,
      },
      y: { domain: [0, 1], grid: true, label: 'task success rate' },
      marks: [
        ruleY([0]),
        dot(data, {
          x: 'x',
          y: 'success',
          r: 4,
          fill: '#0969da',
          fillOpacity: 0.6,
          channels: { task: 'task', trials: 'trials' },
          tip: true,
        }),
      ],
    }),
    hasCost
      ? null
      : h(
          'p',
          { class: 'note' },
          'No model spend was recorded in this run: steps stand in for cost.',
        ),
  );
}

export function renderCharts(model: ReportModel): HTMLElement {
  return section(
    'curves',
    'Reliability and cost',
    h(
      'div',
      { class: 'columns' },
      h(
        'figure',
        { class: 'chart', id: 'pass-k-chart' },
        h('figcaption', {}, 'pass@k (any of k trials succeeds) and pass^k (all k succeed)'),
        passKChart(model),
      ),
      h(
        'figure',
        { class: 'chart', id: 'cost-chart' },
        h('figcaption', {}, 'Cost against success, one dot per task'),
        costChart(model),
      ),
    ),
  );
}
