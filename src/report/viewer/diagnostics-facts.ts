import { humanise } from '../rendering/figure-labels.js';
import type { Scorecard } from '../scorecard.js';
import type { Child } from './dom.js';
import { h } from './dom.js';
import { datum, labelledTable, none, term } from './figure-term.js';
import type { Term } from './figure-term.js';
import type { ReportModel } from './report-model.js';

/** A column head with its definition. */
const column = (label: string, definition: string): Term => ({ label, definition });

/** A reason code in words, the code itself on hover. */
const reason = (group: 'terminal_reasons' | 'exit_reasons', code: string): HTMLElement => {
  const { label, definition } = term(`${group}.${code}`, humanise(code).toLowerCase());
  return h('span', { title: `${code}: ${definition}` }, label);
};

/** A link that opens the first trial of `task` at `attempt`, or the words alone when the grid lacks it. */
function trialLink(model: ReportModel, task: string, attempt: number): Child {
  const taskIndex = model.summary.grid.tasks.indexOf(task);
  const index = model.cells.findIndex((cell) => cell[0] === taskIndex && cell[1] === attempt);
  const text = `${task} · attempt ${attempt}`;
  return index < 0 ? text : h('a', { href: `#trial=${index}`, 'data-trial': index }, text);
}

/** One cause per failed valid trial: proposed by the rules, and by each person who labelled. */
function failureLabels(card: Scorecard, rules: Readonly<Record<string, string>>): Child {
  const summary = card.failure_labels;
  if (summary.failed_trials === 0) return null;
  const used = Object.keys(summary.proposed).filter(
    (label) =>
      (summary.proposed[label as keyof typeof summary.proposed] ?? 0) > 0 ||
      summary.human.some((labeller) => labeller.counts[label as keyof typeof labeller.counts] > 0),
  );
  return h(
    'div',
    { id: 'failure-labels' },
    h(
      'h3',
      { title: term('failure_labels').definition },
      `Failure labels (of ${summary.failed_trials} failed valid trials)`,
    ),
    labelledTable(
      'figures',
      [
        column('Label', 'The one cause given to a failed trial (docs/failure-labels.md).'),
        column('Proposed', 'Failed trials the rules gave this label.'),
        ...summary.human.map((labeller) =>
          column(labeller.labeller, `Failed trials ${labeller.labeller} gave this label.`),
        ),
      ],
      used.map((label) => [
        h(
          'span',
          { title: `${label}: ${rules[label] ?? 'a failure label'}` },
          humanise(label).toLowerCase(),
        ),
        String(summary.proposed[label as keyof typeof summary.proposed] ?? 0),
        ...summary.human.map((labeller) =>
          String(labeller.counts[label as keyof typeof labeller.counts]),
        ),
      ]),
    ),
    summary.human.map((labeller) =>
      h(
        'p',
        { class: 'note' },
        `${labeller.labeller} labelled ${labeller.labelled} of ${summary.failed_trials}; agreed with the proposed label on ${labeller.agreed_with_proposed} of ${labeller.labelled}`,
      ),
    ),
  );
}

/** Invalid attempts by terminal and exit reason, with the first one's error. */
function invalidReasons(card: Scorecard): Child {
  if (card.invalid_reasons.length === 0) return null;
  return h(
    'div',
    { id: 'invalid-reasons' },
    h('h3', { title: term('invalid_reasons').definition }, 'Invalid attempts by reason'),
    labelledTable(
      'figures',
      [
        column('Terminal reason', 'How the attempt ended, as predeclared.'),
        column('Exit reason', 'Why the session stopped.'),
        column('Attempts', 'Invalid attempts with this pair of reasons.'),
        column('Example', 'The error of the first such attempt.'),
      ],
      card.invalid_reasons.map((row) => [
        reason('terminal_reasons', row.terminal_reason),
        reason('exit_reasons', row.exit_reason),
        String(row.attempts),
        row.example === null ? none('the attempt recorded no error') : datum(row.example),
      ]),
    ),
  );
}

/** The most frequent agent-side errors, each with a trial to open. */
function agentErrorKinds(card: Scorecard, model: ReportModel): Child {
  const errors = card.agent_error_kinds;
  if (errors.occurrences === 0) return null;
  return h(
    'div',
    { id: 'agent-errors' },
    h(
      'h3',
      { title: term('agent_error_kinds').definition },
      `Agent-side errors (${errors.occurrences} in ${errors.trials} valid trials, ${errors.kinds} kind(s))`,
    ),
    labelledTable(
      'figures',
      [
        column('Occurrences', 'Times this error answered the agent, over the valid trials.'),
        column('Trials', 'Valid trials in which it occurred at least once.'),
        column(
          'Where',
          'A tool’s error answering the agent’s call (with its code and the tools), or the agent’s own crash or protocol error.',
        ),
        column(
          'Message',
          'The first line of the error, quoted values and numbers masked ("…", #).',
        ),
        column('Example', 'The first trial it occurred in: open it to see the call.'),
      ],
      errors.top.map((group) => [
        String(group.occurrences),
        String(group.trials),
        group.source === 'agent_error'
          ? 'agent crash or protocol error'
          : h(
              'span',
              {},
              'tool error ',
              datum(group.code),
              ' from ',
              group.tools.map((tool, i) => [i === 0 ? '' : ', ', datum(tool)]),
            ),
        datum(group.pattern),
        trialLink(model, group.example.task_id, group.example.attempt),
      ]),
    ),
    errors.kinds > errors.top.length
      ? h('p', { class: 'note' }, `the ${errors.top.length} most frequent of ${errors.kinds} kinds`)
      : null,
  );
}

/** Per task, valid trials that ended because the agent program failed. */
function agentErrors(card: Scorecard): Child {
  if (card.agent_errors.length === 0) return null;
  return h(
    'div',
    { id: 'agent-error-tasks' },
    h('h3', { title: term('agent_errors').definition }, 'Agent errors by task'),
    labelledTable(
      'figures',
      [
        column('Task', 'The task whose trials ended in an agent error.'),
        column('Trials', 'Its valid trials that ended in an agent error.'),
        column('First error', 'The error of its first such trial.'),
      ],
      card.agent_errors.map((row) => [
        row.task_id,
        String(row.trials),
        row.example === null ? none('the trial recorded no error') : datum(row.example),
      ]),
    ),
  );
}

/** The prices the run applied: each table read, and each model's price. */
function pricing(card: Scorecard): Child {
  const applied = card.pricing;
  if (applied === null) return null;
  return h(
    'div',
    { id: 'pricing' },
    h('h3', { title: term('pricing').definition }, 'Prices applied'),
    labelledTable(
      'figures',
      [
        column('Model', 'A model the run called (provider:id).'),
        column('Input', 'USD per million input tokens.'),
        column('Cached input', 'USD per million input tokens served from the provider’s cache.'),
        column('Output', 'USD per million output tokens.'),
        column('From', 'The price table the price came from, or why the model went unpriced.'),
      ],
      Object.entries(applied.models).map(([name, price]) => {
        const note = applied.notes?.[name];
        if (price === null)
          return [
            datum(name),
            none('unpriced: its cost is unknown'),
            '—',
            '—',
            note ?? 'no table priced it',
          ];
        const { input, cached_input: cached, output } = price.price;
        return [
          datum(name),
          `$${input}`,
          cached === undefined ? none('the table gives no cached price') : `$${cached}`,
          `$${output}`,
          note === undefined ? price.source : `${price.source} (${note})`,
        ];
      }),
    ),
    h(
      'p',
      { class: 'note' },
      'Tables read: ',
      applied.sources.map((source, i) => [
        i === 0 ? '' : ' · ',
        datum(source.path),
        ` (sha256 ${source.sha256.slice(0, 12)})`,
      ]),
    ),
  );
}

/**
 * What the run's failures and spend rest on: the failure labels, invalid
 * attempts and agent-side errors, each as a labelled table, and the prices
 * applied. Nothing when none applies.
 */
export function diagnosticsFacts(card: Scorecard, model: ReportModel): Child[] {
  const incompatible = card.incompatibility_example;
  return [
    failureLabels(card, model.summary.failure_label_rules ?? {}),
    invalidReasons(card),
    agentErrorKinds(card, model),
    agentErrors(card),
    incompatible === null
      ? null
      : h(
          'p',
          { class: 'note', title: term('incompatibility_example').definition },
          `${card.counts.incompatible_trials} valid trial(s) ended because the model could not use the tools; e.g. `,
          datum(incompatible),
        ),
    pricing(card),
  ];
}
