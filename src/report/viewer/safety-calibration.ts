import { dot, line, plot, ruleY, text } from '@observablehq/plot';
import { SAFETY_LABELS, describeBlockedAttempts } from '../rendering/format-figures.js';
import type { Scorecard } from '../scorecard.js';
import { h } from './dom.js';
import { fixed, percent } from './format.js';
import { term, termElement } from './figure-term.js';
import { facts } from './overview.js';

/**
 * The safety and event rates that had trials: events/trials, the rate and
 * its one-sided 95% upper bound, clustered by task.
 */
export function safetyFacts(safety: Scorecard['safety']): HTMLElement | null {
  const keys = (Object.keys(SAFETY_LABELS) as (keyof typeof SAFETY_LABELS)[]).filter(
    (key) => safety[key].trials > 0,
  );
  const attempts = describeBlockedAttempts(safety.blocked_attempts);
  if (keys.length === 0 && attempts === '') return null;
  return h(
    'div',
    { id: 'safety' },
    h('h3', {}, 'Safety and event rates'),
    facts([
      ...keys.map((key) => {
        const { events, trials, tasks, rate, upper95 } = safety[key];
        return [
          term(`safety.${key}`, SAFETY_LABELS[key]),
          `${events}/${trials} trials (${percent(rate)}) · ≤ ${percent(upper95)} · ${tasks} tasks`,
        ] as const;
      }),
      attempts === '' ? null : ([term('safety.blocked_attempts'), attempts] as const),
    ]),
    h(
      'p',
      { class: 'note' },
      '≤: one-sided 95% upper bound (exact Clopper–Pearson on the trials divided by the design effect of clustering within tasks). Attempts count calls, refused or not, over the trials whose task declares the rule; consent is checked on the conversation, so its calls are never refused.',
    ),
  );
}

type Calibration = NonNullable<Scorecard['calibration']>;

/** Brier score and ECE with their bounds, the trials they rest on, and the reliability diagram. */
export function calibrationFacts(calibration: Calibration): HTMLElement {
  const c = calibration;
  return h(
    'div',
    { id: 'calibration' },
    h('h3', {}, 'Calibration'),
    facts([
      [
        term('calibration.brier'),
        `${fixed(c.brier)} (95% CI [${fixed(c.brier_ci95[0])}, ${fixed(c.brier_ci95[1])}])`,
      ],
      [
        term('calibration.ece'),
        `${fixed(c.ece)} (one-sided 95% upper bound ${fixed(c.ece_upper95)})`,
      ],
      [term('calibration.trials'), `${c.trials} over ${c.tasks} tasks`],
      [term('calibration.trials_without_confidence'), `${c.trials_without_confidence} (left out)`],
      [
        term('calibration.mean_confidence'),
        `${fixed(c.mean_confidence, 2)} · ${percent(c.accuracy)}`,
      ],
    ]),
    h(
      'figure',
      { class: 'chart', id: 'reliability-chart' },
      h(
        'figcaption',
        {},
        'Reliability: accuracy against mean confidence per bin (n above each dot); on the diagonal is calibrated',
      ),
      reliabilityChart(c),
      reliabilityTable(c),
    ),
  );
}

/** The non-empty bins as dots (area by count) against the diagonal. */
function reliabilityChart(calibration: Calibration): Element {
  const bins = calibration.reliability
    .filter((bin) => bin.count > 0)
    .map((bin) => ({
      bin: `(${bin.lower.toFixed(1)}, ${bin.upper.toFixed(1)}]`,
      confidence: bin.mean_confidence,
      accuracy: bin.accuracy,
      count: bin.count,
    }));
  return plot({
    width: 360,
    height: 320,
    marginLeft: 48,
    x: { domain: [0, 1], grid: true, label: 'mean confidence' },
    y: { domain: [0, 1], grid: true, label: 'accuracy (success rate)' },
    r: { range: [3, 14] },
    marks: [
      ruleY([0]),
      line(
        [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
        ],
        { x: 'x', y: 'y', stroke: '#8c959f', strokeDasharray: '4,4' },
      ),
      dot(bins, {
        x: 'confidence',
        y: 'accuracy',
        r: 'count',
        fill: '#0969da',
        fillOpacity: 0.7,
        channels: { bin: 'bin', trials: 'count' },
        tip: true,
      }),
      text(bins, { x: 'confidence', y: 'accuracy', text: 'count', dy: -16, fontSize: 11 }),
    ],
  });
}

const RELIABILITY_COLUMNS = [
  { label: 'Confidence bin', definition: 'The range of stated confidence the bin holds.' },
  { label: 'Trials', definition: 'Trials whose stated confidence falls in the bin.' },
  { label: 'Mean confidence', definition: 'The mean confidence stated in the bin’s trials.' },
  { label: 'Accuracy', definition: 'The success rate of the bin’s trials.' },
];

/** Every bin, empty ones included, as numbers. */
function reliabilityTable(calibration: Calibration): HTMLElement {
  return h(
    'table',
    { class: 'reliability' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        RELIABILITY_COLUMNS.map((column) => termElement('th', column)),
      ),
    ),
    h(
      'tbody',
      {},
      calibration.reliability.map((bin) =>
        h(
          'tr',
          {},
          h('td', {}, `(${bin.lower.toFixed(1)}, ${bin.upper.toFixed(1)}]`),
          h('td', {}, String(bin.count)),
          h('td', {}, fixed(bin.mean_confidence, 2)),
          h('td', {}, percent(bin.accuracy)),
        ),
      ),
    ),
  );
}
