import {
  describeInjection,
  describeSameTask,
  describeTally,
} from '../rendering/describe-faults.js';
import { markdownCode } from '../rendering/escape-markdown.js';
import { summariseFaults } from '../analysis/fault-summary.js';
import type { FaultSummary } from '../analysis/fault-summary.js';
import { markdownTable } from '../rendering/markdown-table.js';
import type { ScorecardSection } from '../scorecard-section.js';

/**
 * Recovery per kind, the same-task comparisons (all of them, or with
 * `compact` only those that have a same-task baseline), then injection.
 */
function terminalLines(faults: FaultSummary, compact = false): string[] {
  const kinds = Object.entries(faults.by_kind);
  const recovery = kinds
    .map(([kind, of]) => `${kind} ${of.fired.successes}/${of.fired.trials}`)
    .join(' · ');
  const compared = [['any fault', faults.any_fault] as const, ...kinds].filter(
    ([, of]) => !compact || of.same_task.type !== 'no-baseline',
  );
  const width = Math.max(0, ...compared.map(([kind]) => kind.length));
  const { injection } = faults;
  return [
    ...(kinds.length === 0
      ? []
      : [
          `Faults     success when it fired (recovery): ${recovery}`,
          ...(compared.length === 0
            ? []
            : [
                `           same task, fired vs not (mean of per-task rates):`,
                ...compared.map(
                  ([label, of]) => `             ${label.padEnd(width)}  ${describeSameTask(of)}`,
                ),
              ]),
        ]),
    ...(injection.trials === 0 && injection.unchecked_trials === 0
      ? []
      : [`Injection  ${describeInjection(injection)}`]),
  ];
}

/** Recovery and the same-task comparison per fault kind, then injection resistance. */
function markdownBlock(faults: FaultSummary): string[] {
  const kinds = Object.entries(faults.by_kind);
  const rows = [['any fault', faults.any_fault] as const, ...kinds].map(([label, of]) => [
    label === 'any fault' ? label : markdownCode(label),
    describeTally(of.fired),
    describeSameTask(of),
  ]);
  const { injection } = faults;
  return [
    '',
    '**Faults and injections**',
    ...(kinds.length === 0
      ? []
      : [
          '',
          ...markdownTable(
            [
              'fault',
              'success when it fired (recovery)',
              'same task: fired vs not (mean of per-task rates)',
            ],
            ['l', 'r', 'l'],
            rows,
          ),
        ]),
    ...(injection.trials === 0 && injection.unchecked_trials === 0
      ? []
      : ['', `Injection: ${describeInjection(injection)}.`]),
  ];
}

/** Recovery and same-task success with and without each fault kind, injection resistance. */
export const faultsSection: ScorecardSection<'faults'> = {
  key: 'faults',
  weights: 'none',
  summarise: ({ valid }) => summariseFaults(valid),
  terminal: {
    slot: 'behaviour',
    lines: (faults) => terminalLines(faults),
    compact: (faults) => terminalLines(faults, true),
  },
  markdown: { slot: 'behaviour', block: markdownBlock },
};
