import type { Command } from 'commander';

/**
 * The examples every command's `--help` ends with. Each is a real command
 * line: run in this order in an empty folder, with no network and no API
 * key, each ends with its `exit` code (test/e2e/help-examples.test.ts runs
 * them all). An example may rely on the ones before it: `init` writes the
 * evals/ suite, `examples` copies the bundled suites into
 * endstate-examples/, `run` stores the runs that `report` and `compare` read.
 *
 * This module holds plain values only: `--help` loads it (see main.ts).
 */
export interface HelpExample {
  /** What it does, shown as a comment above the command line. */
  readonly description: string;
  /** The arguments after `endstate`. */
  readonly argv: readonly string[];
  /** Its exit code where the examples before it have run (default 0). */
  readonly exit?: number;
  /**
   * For a command that serves until it is stopped: the text it prints when
   * ready, and how it stops (Ctrl-C, or its MCP client disconnecting).
   */
  readonly serves?: { readonly ready: string; readonly stop: 'interrupt' | 'disconnect' };
  /** A service it needs beside the harness. */
  readonly needs?: 'redis';
  /** Files a person makes by hand first (the description says what they hold). */
  readonly inputs?: readonly string[];
}

/** The files of a tau2-bench domain folder, as a checkout holds them. */
const TAU2_DOMAIN_FILES = ['db.json', 'tasks.json', 'policy.md'].map(
  (file) => `tau2-bench/data/tau2/domains/retail/${file}`,
);

/** A command, as its words after `endstate` ("labels export"), and its examples. */
export interface CommandExamples {
  readonly command: string;
  readonly examples: readonly HelpExample[];
}

/** Every leaf command's examples, in the order they run. */
export const HELP_EXAMPLES: readonly CommandExamples[] = [
  {
    command: 'init',
    examples: [
      {
        description: 'write a starter suite of three tasks into evals/',
        argv: ['init'],
      },
      {
        description: 'the same suite in another folder',
        argv: ['init', 'my-evals'],
      },
    ],
  },
  {
    command: 'examples',
    examples: [
      {
        description:
          'copy the bundled suites (support, airline, retail, drift, memory), agents and faults into endstate-examples/',
        argv: ['examples'],
      },
    ],
  },
  {
    command: 'validate',
    examples: [
      {
        description:
          'check that every task of evals/ is usable: the oracle solves it, known-bad paths fail',
        argv: ['validate', 'evals'],
      },
    ],
  },
  {
    command: 'lock',
    examples: [
      {
        description: "record each task's revision and content hash in evals/endstate.lock.json",
        argv: ['lock', 'evals'],
      },
      {
        description: 'in CI: write nothing, exit 2 unless the lock is current',
        argv: ['lock', 'evals', '--check'],
      },
    ],
  },
  {
    command: 'import',
    examples: [
      {
        description: 'the bundled tau-bench retail tasks as a suite (after `endstate examples`)',
        argv: ['import', 'taubench', 'endstate-examples/retail/data', '--out', 'retail-suite'],
      },
      {
        description:
          "tau2-bench's retail domain as a suite, from a tau2-bench checkout in tau2-bench/ (its domain folder holds db.json, tasks.json and policy.md)",
        argv: ['import', 'tau2', 'tau2-bench/data/tau2/domains/retail', '--out', 'tau2-retail'],
        inputs: TAU2_DOMAIN_FILES,
      },
    ],
  },
  {
    command: 'run',
    examples: [
      {
        description: "play each task's reference path (the oracle agent): 100% success",
        argv: ['run', 'evals'],
      },
      {
        description:
          'the bundled support suite with flaky tools, 2 trials per task (after `endstate examples`)',
        argv: [
          'run',
          'endstate-examples/support',
          '--agent',
          'simulated',
          '--faults',
          'endstate-examples/faults/support-flaky.yaml',
          '--trials',
          '2',
        ],
      },
      {
        description: 'a seeded stand-in agent that slips on 30% of its steps, 5 trials per task',
        argv: [
          'run',
          'evals',
          '--agent',
          'simulated',
          '--slip',
          '0.3',
          '--trials',
          '5',
          '--seed',
          '7',
        ],
      },
      {
        description:
          'a CI gate: exit 1 when the success rate is under 90%, with a JUnit file (this one fails)',
        argv: [
          'run',
          'evals',
          '--agent',
          'simulated',
          '--trials',
          '4',
          '--fail-under',
          'success_rate=0.9',
          '--junit',
          'junit.xml',
        ],
        exit: 1,
      },
      {
        description:
          "the imported tau2 suite, in a store of its own: the Outcome line is tau2's verdict",
        argv: ['run', 'tau2-retail', '--agent', 'oracle', '--store', 'tau2-runs.db'],
      },
    ],
  },
  {
    command: 'export',
    examples: [
      {
        description: "that run in tau2-bench's results format, for tau2's own tooling",
        argv: ['export', 'tau2', 'latest', '--store', 'tau2-runs.db', '--out', 'tau2-results.json'],
      },
    ],
  },
  {
    command: 'report',
    examples: [
      {
        description: 'the scorecard of the latest run, recomputed from its trials',
        argv: ['report'],
      },
      {
        description: 'a single-file HTML report with charts and trial traces',
        argv: ['report', 'latest', '--html', 'report.html'],
      },
      {
        description: 'the scorecard as JSON and a Markdown summary for a pull request',
        argv: ['report', 'latest', '--json', 'scorecard.json', '--md', 'summary.md'],
      },
    ],
  },
  {
    command: 'show',
    examples: [
      {
        description: 'the first failed trial of downgrade-initech in the latest run, step by step',
        argv: ['show', 'downgrade-initech'],
      },
      {
        description: 'its second trial in the run before the latest, without colours',
        argv: ['show', 'downgrade-initech', '2', '--run', 'latest~1', '--color', 'never'],
      },
    ],
  },
  {
    command: 'compare',
    examples: [
      {
        description: 'the latest run (B) against the one before it (A), task by task',
        argv: ['compare', 'latest~1', 'latest'],
      },
      {
        description: 'in CI: exit 1 when B succeeds less often than A by more than 20 points',
        argv: ['compare', 'latest~1', 'latest', '--fail-if-worse', 'success_rate=0.2'],
      },
    ],
  },
  {
    command: 'board',
    examples: [
      {
        description:
          "the latest run of each system on the latest run's suite, ranked, with the cost–success frontier",
        argv: ['board'],
      },
      {
        description: 'two named runs, with the frontier plotted in a page and the boards as JSON',
        argv: ['board', 'latest~1', 'latest', '--html', 'board.html', '--json', 'board.json'],
      },
    ],
  },
  {
    command: 'regrade',
    examples: [
      {
        description: "re-run the graders on the latest run's trials (stored as a new run)",
        argv: ['regrade', 'latest'],
      },
    ],
  },
  {
    command: 'plan',
    examples: [
      {
        description: 'tasks needed to detect a 10-point difference from a 70% success rate',
        argv: ['plan', '--p', '0.7', '--delta', '0.1'],
      },
      {
        description: "tasks needed to measure the latest run's success rate to ±10 points",
        argv: ['plan', '--from', 'latest', '--width', '0.1'],
      },
    ],
  },
  {
    command: 'labels export',
    examples: [
      {
        description:
          "the latest run's failed trials, each with a proposed label, for people to label",
        argv: ['labels', 'export', '--out', 'labels.jsonl'],
      },
    ],
  },
  {
    command: 'labels import',
    examples: [
      {
        description:
          'store the labels of ana.jsonl and ben.jsonl (copies of labels.jsonl, "label" filled in) for the report',
        argv: ['labels', 'import', 'ana.jsonl', 'ben.jsonl'],
        inputs: ['ana.jsonl', 'ben.jsonl'],
      },
    ],
  },
  {
    command: 'labels agree',
    examples: [
      {
        description: "how far ben's labels agree with ana's: accuracy, Cohen's kappa",
        argv: ['labels', 'agree', 'ana.jsonl', 'ben.jsonl'],
        inputs: ['ana.jsonl', 'ben.jsonl'],
      },
    ],
  },
  {
    command: 'judge validate',
    examples: [
      {
        description:
          'agreement of a judge with people; judge-labels.jsonl holds lines like {"id": "t1", "task_id": "refund", "human": "pass", "judge": "fail"}',
        argv: ['judge', 'validate', 'judge-labels.jsonl', '--json', 'agreement.json'],
        inputs: ['judge-labels.jsonl'],
      },
    ],
  },
  {
    command: 'diagnose',
    examples: [
      {
        description:
          'where the simulated agent fails: at the dialogue, planning or execution (three runs)',
        argv: ['diagnose', 'evals', '--agent', 'simulated', '--trials', '3'],
      },
    ],
  },
  {
    command: 'perturb',
    examples: [
      {
        description: 'a copy of evals/ plus a variant of each task per perturbation kind',
        argv: ['perturb', 'evals', '--out', 'evals-perturbed'],
      },
      {
        description: 'two typo and two paraphrase variants per task',
        argv: [
          'perturb',
          'evals',
          '--kinds',
          'typos,paraphrase',
          '--variants',
          '2',
          '--out',
          'evals-typos',
        ],
      },
    ],
  },
  {
    command: 'mcp',
    examples: [
      {
        description:
          "serve upgrade-acme's tools over stdio to the MCP client that starts this command; the trial ends when it calls finish or disconnects",
        argv: ['mcp', 'evals', '--task', 'upgrade-acme'],
        serves: { ready: 'endstate mcp: serving task upgrade-acme', stop: 'disconnect' },
      },
    ],
  },
  {
    command: 'view',
    examples: [
      {
        description: 'browse the stored runs and their reports until Ctrl-C',
        argv: ['view', 'latest'],
        serves: { ready: 'http://127.0.0.1:', stop: 'interrupt' },
      },
    ],
  },
  {
    command: 'worker',
    examples: [
      {
        description:
          "play the trials that `endstate run evals --queue 'redis://127.0.0.1:6379?queue=evals'` queues, until Ctrl-C (needs Redis)",
        argv: ['worker', '--queue', 'redis://127.0.0.1:6379?queue=evals'],
        serves: { ready: 'worker on', stop: 'interrupt' },
        needs: 'redis',
      },
    ],
  },
];

/** The examples of a command ("labels"): its own, else those of its subcommands. */
export function examplesOf(command: string): readonly HelpExample[] {
  const own = HELP_EXAMPLES.find((entry) => entry.command === command);
  if (own !== undefined) return own.examples;
  return HELP_EXAMPLES.filter((entry) => entry.command.startsWith(`${command} `)).flatMap(
    (entry) => entry.examples,
  );
}

/** One argument as a POSIX shell reads it back: bare when safe, else single-quoted. */
export function shellWord(word: string): string {
  if (/^[\w@%+=:,./~-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The width the comments of the examples wrap at; command lines stay whole, to be copied. */
const HELP_WIDTH = 80;

/** Words joined into lines of at most `width` characters (a longer word gets its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The "Examples:" block printed after a command's help. */
export function renderExamples(examples: readonly HelpExample[]): string {
  const lines = examples.flatMap((example) => [
    ...wrap(example.description, HELP_WIDTH - 4).map((line) => `  # ${line}`),
    `  $ endstate ${example.argv.map(shellWord).join(' ')}`,
  ]);
  return `\nExamples:\n${lines.join('\n')}\n`;
}

/** The words after `endstate` that name a command ("labels export"). */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent != null; at = at.parent) {
    names.unshift(at.name());
  }
  return names.join(' ');
}

/** Ends the help of `program`'s every command with its examples. */
export function withHelpExamples(program: Command): Command {
  for (const command of program.commands) {
    const examples = examplesOf(commandPath(command));
    if (examples.length > 0) command.addHelpText('after', renderExamples(examples));
    withHelpExamples(command);
  }
  return program;
}
