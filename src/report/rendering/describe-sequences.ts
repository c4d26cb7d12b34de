import type { DriftSummary } from '../analysis/drift-summary.js';
import type { MemorySummary } from '../analysis/memory-summary.js';
import type { SequenceDifference } from '../analysis/sequence-difference.js';
import type { SequenceRate } from '../analysis/sequence-episodes.js';
import type { RegretFigure } from '../analysis/sequence-regret.js';

/** In JSON a NaN is null; both print as a dash. */
type Figure = number | null;

const isMissing = (value: Figure): value is null => value === null || Number.isNaN(value);
const percent = (value: Figure): string =>
  isMissing(value) ? '—' : `${(value * 100).toFixed(1)}%`;
const points = (value: Figure): string =>
  isMissing(value) ? '—' : `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)} pts`;
const decimal = (value: Figure): string => (isMissing(value) ? '—' : value.toFixed(2));
const bounds = (ci: readonly Figure[], format: (value: Figure) => string): string =>
  `95% CI [${format(ci[0] ?? null)}, ${format(ci[1] ?? null)}]`;

/** A rate with its interval and denominators: `83.3% (95% CI [..]; 10/12 episodes, 3 sequences)`. */
function describeRate(rate: SequenceRate): string {
  const joined = rate.clusters < rate.sequences ? ` in ${rate.clusters} cluster(s) of twins` : '';
  return `${percent(rate.value)} (${bounds(rate.ci95, percent)}; ${rate.successes}/${rate.episodes} episodes, ${rate.sequences} sequence(s)${joined})`;
}

function describeDifference(difference: SequenceDifference): string {
  return `${points(difference.value)} (${bounds(difference.ci95, points)}, ${difference.method}${difference.fallback_reason === null ? '' : `: ${difference.fallback_reason}`})`;
}

function describeRegret(figure: RegretFigure, format: (value: Figure) => string): string {
  return `${format(figure.value)} (${bounds(figure.ci95, format)})`;
}

/** Drift as labelled one-line facts, for the terminal, Markdown and HTML reports. */
export function driftFacts(drift: DriftSummary): [string, string][] {
  const changes = drift.by_change.map(
    (change) =>
      [
        `Drop at ${change.from} → ${change.to}`,
        `${describeDifference(change.drop)}; ${change.pairs} episode pair(s): before ${describeRate(change.before)}, after ${describeRate(change.after)}`,
      ] as [string, string],
  );
  const { regret } = drift;
  const left = [
    ...(regret.incomplete_attempts > 0
      ? [`${regret.incomplete_attempts} incomplete attempt(s) left out`]
      : []),
    ...(regret.sequences_without_oracle > 0
      ? [`${regret.sequences_without_oracle} sequence(s) the oracle run did not play left out`]
      : []),
  ];
  const notes = [
    ...(drift.episodes_without_version > 0
      ? [`${drift.episodes_without_version} valid episode(s) without a version`]
      : []),
    ...(drift.invalid_records > 0
      ? [`${drift.invalid_records} invalid episode record(s), never counted`]
      : []),
  ];
  return [
    [
      'Success by version',
      drift.by_version.map(({ version, rate }) => `${version} ${describeRate(rate)}`).join(' · '),
    ],
    ...(drift.any_change !== null && drift.by_change.length > 1
      ? [
          [
            'Drop at any change',
            `${describeDifference(drift.any_change.drop)}; ${drift.any_change.pairs} episode pair(s)`,
          ] as [string, string],
        ]
      : []),
    ...changes,
    [
      'Regret against the oracle',
      `${describeRegret(regret.per_attempt, decimal)} episodes lost per sequence attempt · normalised ${describeRegret(regret.normalised, percent)} of episodes · cumulative by episode ${regret.cumulative.map((step) => `${step.episode}: ${decimal(step.value)}`).join(', ')} · ${regret.attempts} complete attempt(s) of ${regret.sequences} sequence(s)${left.length > 0 ? ` (${left.join('; ')})` : ''}; oracle ${regret.oracle === 'assumed' ? 'assumed to pass every episode' : "from an oracle run's records"}`,
    ],
    ...(notes.length > 0 ? [['Drift notes', notes.join(' · ')] as [string, string]] : []),
  ];
}

/** Memory as labelled one-line facts, for the terminal, Markdown and HTML reports. */
export function memoryFacts(memory: MemorySummary): [string, string][] {
  const { difference } = memory;
  const sessions = [
    `same session ${memory.within_session === null ? '— (none played)' : describeRate(memory.within_session)}`,
    `new session ${memory.cross_session === null ? '— (none played)' : describeRate(memory.cross_session)}`,
    ...(difference === null
      ? []
      : [
          `difference ${describeDifference(difference)}, ${difference.pairing === 'by-task' ? `paired by ${difference.twin_tasks} twin task(s)` : 'unpaired (no twin tasks)'}`,
        ]),
  ];
  return [
    [
      'Success by episode',
      memory.by_episode
        .map(
          ({ episode, rate }) =>
            `${episode}: ${percent(rate.value)} [${percent(rate.ci95[0] ?? null)}, ${percent(rate.ci95[1] ?? null)}] (${rate.successes}/${rate.episodes})`,
        )
        .join(' · '),
    ],
    ['Recall (episodes after the first)', describeRate(memory.recall)],
    ['Within vs cross session (episodes after the first)', sessions.join(' · ')],
  ];
}
