/*
 * The CLI's commands. Each is declared here in full (arguments, options,
 * help) and its code is loaded only when it runs, so `endstate --help` and a
 * command load no more than they use. To add a command:
 *
 *   program
 *     .command('name')
 *     .description('...')
 *     .argument('<suite>', 'suite folder')
 *     .option('--store <path>', 'SQLite result store', '.endstate/endstate.db')
 *     .action(async (suite: string, flags: NameFlags) => {
 *       const { nameCommand } = await import('./name-command.js');
 *       setExit(await nameCommand(suite, flags, io));
 *     });
 *
 * with `import type { NameFlags } from './name-command.js'` above (a type
 * import costs nothing at run time), and its examples in help-examples.ts
 * (src/cli/help-examples.test.ts fails for a command without one). A
 * numeric option takes a parser of parse-number.ts, whose range the help
 * then states (`withRangesInHelp`). This file imports, eagerly, only
 * commander and small modules of plain values (option parsers, lists of
 * choices): never a command module, an `index.js` or a heavy package (zod,
 * yaml, the AI and MCP SDKs, SQLite, CEL, the report). A list the help
 * shows goes in a module of its own (agent-kinds.ts, gate-metrics.ts).
 * test/e2e/startup.test.ts fails when `--help` loads more.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
// Three leaves of core, not core/index.js, which also loads the CEL and RE2 engines.
import { BOUNDS } from '../core/bounds.js';
import type { NumericRange } from '../core/bounds.js';
import { isEndstateError } from '../core/errors.js';
import { HARNESS_VERSION } from '../core/version.js';
import { AGENT_KINDS } from './agent-kinds.js';
import { ciOptions } from './ci-options.js';
import type { CliIo } from './cli-io.js';
import { processIo } from './cli-io.js';
import type { BoardFlags } from './board-command.js';
import type { CompareFlags } from './compare-command.js';
import type { DiagnoseFlags } from './diagnose-command.js';
import { EXIT } from './exit-codes.js';
import { withHelpExamples } from './help-examples.js';
import { IMPORT_FORMATS } from './import-formats.js';
import { EXPORT_FORMATS } from './export-formats.js';
import type { ExportFlags } from './export-command.js';
import type { ImportFlags } from './import-command.js';
import type { JudgeValidateFlags } from './judge-validate-command.js';
import type { LabelsAgreeFlags, LabelsExportFlags, LabelsImportFlags } from './labels-command.js';
import type { McpFlags } from './mcp-command.js';
import {
  inRange,
  nonNegativeInteger,
  nonNegativeNumber,
  openProbability,
  positiveInteger,
  probability,
  withRangesInHelp,
} from './parse-number.js';
import type { PerturbFlags } from './perturb-command.js';
import type { PlanFlags } from './plan-command.js';
import type { RegradeFlags } from './regrade-command.js';
import type { ReportFlags } from './report-command.js';
import type { RunFlags } from './run-command.js';
import { RUN_MODES } from './run-modes.js';
import type { ShowFlags } from './show-command.js';
import { COLOR_MODES } from './color-modes.js';
import { DEFAULT_EXAMPLES_FOLDER, DEFAULT_INIT_FOLDER } from './scaffold-folders.js';
import { DEFAULT_STORE, STORE_HELP } from './store-help.js';
import type { ViewFlags } from './view-command.js';
import type { WorkerFlags } from './worker-command.js';
import { WORSE_GATE_METRIC_NAMES } from './worse-gate-metrics.js';

/** Repeatable options: each use adds one value. */
/** A sandbox limit flag: its range in the help, default from the task or the documented default. */
function limitOption(
  flags: string,
  range: NumericRange,
): [string, string, (value: string) => number] {
  return [
    flags,
    `command and mcp agents: ${range.why.replace(/ \(command and mcp agents; [^)]*\)/, '')} (${range.min}-${range.max}, default ${range.default ?? ''})`,
    inRange(range),
  ];
}

/** The flags of a command or mcp agent's program and its sandbox, for `run` and `diagnose`. */
function withSandboxOptions(command: Command): Command {
  return command
    .option('--command <command>', 'command and mcp agents: the program to start per trial')
    .option(
      '--no-sandbox',
      'command and mcp agents: run unisolated, without bubblewrap (reports say so)',
    )
    .option(
      '--agent-env <name>',
      'command and mcp agents: pass this variable through (repeatable)',
      collect,
      [],
    )
    .option('--agent-dir <dir>', "command and mcp agents: the agent's folder, seen read-only")
    .option(
      '--agent-mount <path>',
      'command and mcp agents: another path the agent sees read-only (repeatable)',
      collect,
      [],
    )
    .addOption(
      new Option(
        '--agent-network <mode>',
        "command and mcp agents: relay (default: no route out; the harness relays the MCP endpoint and a proxy to --agent-allow-host), none (command agents: no network at all) or host (the machine's network, reported NETWORK UNISOLATED)",
      ).choices(['relay', 'none', 'host']),
    )
    .option(
      '--agent-allow-host <host[:port]>',
      "command and mcp agents: a host the agent's proxy lets through (comma-separated or repeatable; without a port, 80 and 443); loopback and private addresses only as an exact host:port",
      collect,
      [],
    )
    .option(...limitOption('--agent-memory-mb <mb>', BOUNDS.memoryMb))
    .option(...limitOption('--agent-max-processes <n>', BOUNDS.maxProcesses))
    .option(...limitOption('--agent-file-size-mb <mb>', BOUNDS.fileSizeMb))
    .option(...limitOption('--agent-tmp-mb <mb>', BOUNDS.tmpMb))
    .option(...limitOption('--agent-cpu-s <s>', BOUNDS.cpuS));
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Every command of the CLI, declared (each one's code loads only when it runs). */
export function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  const runCi = ciOptions();
  const reportCi = ciOptions();
  const program = new Command('endstate')
    .description('Evaluate tool-using AI agents by the state they leave behind.')
    .version(HARNESS_VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) });

  // A new user's first steps come first in the help.
  program
    .command('init')
    .description(
      'write a small runnable suite to start from: environment.ts with two tools, a policy, three tasks (one expects no change), a README',
    )
    .argument('[dir]', 'folder to write the suite into', DEFAULT_INIT_FOLDER)
    .option('--force', 'overwrite files already there')
    .action(async (dir: string, flags: { force?: boolean }) => {
      const { initCommand } = await import('./init-command.js');
      setExit(initCommand(dir, flags, io));
    });
  program
    .command('examples')
    .description('copy the bundled example suites, agents and faults files into a folder')
    .argument('[dir]', 'folder to copy them into', DEFAULT_EXAMPLES_FOLDER)
    .option('--force', 'overwrite files already there')
    .action(async (dir: string, flags: { force?: boolean }) => {
      const { examplesCommand } = await import('./examples-command.js');
      setExit(examplesCommand(dir, flags, io));
    });

  withSandboxOptions(
    program
      .command('run')
      .description('run a system on a suite, k trials per task, and print the scorecard')
      .argument(
        '[suite]',
        "suite folder (environment.ts + tasks/*.yaml); with --resume, default: the run's",
      )
      .addOption(
        new Option(
          '--agent <kind>',
          "agent under test (default: oracle; with --resume, the run's)",
        ).choices(AGENT_KINDS),
      )
      .option('--trials <k>', 'trials per task', inRange(BOUNDS.trials), 1)
      .option('--concurrency <n>', 'trials run at once', inRange(BOUNDS.concurrency), 4)
      .option('--seed <s>', 'run seed (every trial seed derives from it)', inRange(BOUNDS.seed), 0)
      .addOption(
        new Option(
          '--mode <mode>',
          "dialogue (default; with --resume, the run's), or a diagnosis mode: no-user (the whole user spec up front, no one answers) or oracle-plan (the reference path given as a plan)",
        ).choices(RUN_MODES),
      )
      .option(
        '--slip <p>',
        'simulated agent: probability of a slip per step (default: 0.1)',
        probability,
      )
      .option(
        '--tasks <glob>',
        'only tasks whose id matches the glob, e.g. "refund-*" (a sequence plays whole when its id or an episode id <sequence>@<n> matches)',
      )
      .option('--trajectory <file>', 'replay agent: JSON mapping task id to steps')
      .option('--max-reruns <n>', 'reruns of an invalid trial', inRange(BOUNDS.maxReruns), 2)
      .option(
        '--max-invalid <fraction>',
        'exit 4 when more than this share of planned trials has no valid record after reruns',
        probability,
        0,
      )
      .option('--json <file>', 'also write { run, scorecard, trials } as JSON')
      .option(
        '--store <spec>',
        'result store: a SQLite file path, postgres://USER@HOST[:PORT]/DB[?schema=NAME] or memory:',
        '.endstate/endstate.db',
      )
      .option(
        '--queue <redis-url>',
        'queue the trials on Redis for `endstate worker` processes to play: redis://HOST[:PORT][/DB][?queue=NAME&prefix=NAME]',
      )
      .option(
        '--queue-reconcile <ms>',
        "with --queue: after this long without news from the queue, read every outstanding job's state (default: 5000)",
        positiveInteger,
      )
      .option(
        '--model <provider:id>',
        'llm agent: openai:<id>, anthropic:<id> or openai-compatible:<base-url>#<id>',
      )
      .option('--system-prompt <file>', 'llm agent: text added after the environment policy')
      .option(
        '--temperature <t>',
        "llm agent: sampling temperature (default: the provider's)",
        nonNegativeNumber,
      )
      .option('--top-p <p>', "llm agent: nucleus sampling (default: the provider's)", probability)
      .option(
        '--max-output-tokens <n>',
        "llm agent: output tokens per model call (default: the provider's)",
        positiveInteger,
      )
      .option(
        '--model-seed <s>',
        'llm agent: seed passed to the provider (default: none)',
        nonNegativeInteger,
      ),
  )
    .option(
      '--parallel-tool-calls',
      'llm agent: run every tool call of a reply (default: the first only)',
    )
    .option(
      '--user-model <provider:id>',
      'a model plays the user of tasks that have a user.scenario',
    )
    .option(
      '--user-temperature <t>',
      "temperature of the user model (default: the provider's)",
      nonNegativeNumber,
    )
    .option(
      '--judge <provider:id>',
      'a judge model grades the rubric of tasks that have a judge section (temperature 0); without it those tasks are not run',
    )
    .option(
      '--pricing <file>',
      'prices (USD per million tokens by provider:id) used before the shipped table; an unpriced model costs "unknown"',
    )
    .option('--record <dir>', 'save every model request and response')
    .option('--replay <dir>', 'answer model calls from a recording, with no network')
    .option(
      '--max-retries <n>',
      'retries of a model call on 429, 5xx and timeouts',
      inRange(BOUNDS.maxRetries),
      5,
    )
    .option(
      '--max-concurrent-requests <n>',
      'requests in flight per provider endpoint, held run-wide (across workers with a queue)',
      inRange(BOUNDS.maxConcurrentRequests),
      8,
    )
    .option(
      '--requests-per-minute <n>',
      'requests started per rolling minute per provider endpoint, held like --max-concurrent-requests (default: no limit)',
      inRange(BOUNDS.requestsPerMinute),
    )
    .option(
      '--request-timeout <seconds>',
      'longest wait for one model request (1-3600); then it is retried like a 5xx',
      inRange(BOUNDS.requestTimeoutS),
      120,
    )
    .addOption(runCi.failUnder)
    .addOption(runCi.junit)
    .addOption(runCi.md)
    .addOption(runCi.taskGate)
    .option('--faults <file>', 'faults and injections applied to every task (YAML or JSON)')
    .option(
      '--resume <run>',
      'go on with an interrupted run (id or "latest"): stored trials are kept, the rest run; its suite, agent, users and judge are rebuilt from the run',
    )
    .option('--no-canary', "skip the canary gate (the oracle on the suite's canary tasks first)")
    .option(
      '--no-preflight',
      'skip the checks before the first trial: one tiny request to each model (skipped with --replay), one start of a command or mcp agent program',
    )
    .option('--save-failures <dir>', 'write each failed trial as a replay case and its verdict')
    .option('--durable', 'commit every group of trials durably (fsync), at some cost in speed')
    .option(
      '--verbose',
      'print every figure of the scorecard, zero-only ones included (default: the lines that carry information)',
    )
    .option(
      '--accept-tampered',
      'show a run whose stored records were changed outside endstate (else refused, exit 2), marked as tampered in every output',
    )
    .action(async (suite: string | undefined, flags: RunFlags) => {
      const { runCommand } = await import('./run-command.js');
      setExit(await runCommand(suite, flags, io));
    });

  program
    .command('worker')
    .description(
      "play trials queued by `endstate run --queue` until SIGINT/SIGTERM (then finish those in flight); the system under test comes from each run's stored spec",
    )
    .requiredOption(
      '--queue <redis-url>',
      'the queue: redis://HOST[:PORT][/DB][?queue=NAME&prefix=NAME], as given to endstate run',
    )
    .option('--concurrency <n>', 'trials played at once', inRange(BOUNDS.concurrency), 4)
    .option('--suite <dir>', "the suite folder on this machine (default: the coordinator's path)")
    .option(
      '--lock-duration <ms>',
      "how long a job's hold lasts without renewal; a worker silent this long loses its jobs",
      positiveInteger,
      30000,
    )
    .option(
      '--stalled-interval <ms>',
      'how often to look for jobs whose worker went silent, and give them to another',
      positiveInteger,
      30000,
    )
    .option(
      '--pricing <file>',
      'prices (USD per million tokens by provider:id) used before the shipped table',
    )
    .option('--record <dir>', 'save every model request and response')
    .option('--replay <dir>', 'answer model calls from a recording, with no network')
    .option(
      '--max-retries <n>',
      'retries of a model call on 429, 5xx and timeouts',
      inRange(BOUNDS.maxRetries),
      5,
    )
    .option(
      '--max-concurrent-requests <n>',
      "requests in flight per provider endpoint for runs that recorded no limit; a run's own limit holds across all its workers",
      inRange(BOUNDS.maxConcurrentRequests),
      8,
    )
    .option(
      '--request-timeout <seconds>',
      'longest wait for one model request (1-3600); then it is retried like a 5xx',
      inRange(BOUNDS.requestTimeoutS),
      120,
    )
    .action(async (flags: WorkerFlags) => {
      const { workerCommand } = await import('./worker-command.js');
      setExit(await workerCommand(flags, io));
    });

  program
    .command('report')
    .description('recompute and print the scorecard of a stored run')
    .argument('[run]', 'run id, or "latest"', 'latest')
    .option('--json <file>', 'also write { run, scorecard, trials } as JSON')
    .option(
      '--html <file>',
      'also write a single-file HTML report with charts and trial traces (opens from disk, no network)',
    )
    .option(
      '--max-invalid <fraction>',
      'exit 4 when more than this share of planned trials has no valid record (default: not checked)',
      probability,
    )
    .addOption(reportCi.failUnder)
    .addOption(reportCi.junit)
    .addOption(reportCi.md)
    .addOption(reportCi.taskGate)
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .option(
      '--save-failures <dir>',
      'write each failed trial as a replay trajectory plus its verdict (regression cases)',
    )
    .option(
      '--accept-tampered',
      'show a run whose stored records were changed outside endstate (else refused, exit 2), marked as tampered in every output',
    )
    .option(
      '--oracle <run>',
      'an oracle run of the same suite in the store: the reference of the drift regret (default: the oracle passes every episode)',
    )
    .option(
      '--verbose',
      'print every figure of the scorecard, zero-only ones included (default: the lines that carry information)',
    )
    .action(async (run: string, flags: ReportFlags) => {
      const { reportCommand } = await import('./report-command.js');
      setExit(await reportCommand(run, flags, io));
    });

  program
    .command('show')
    .description(
      'one stored trial in the terminal: conversation, tool calls and their results, faults, the state diff and every failed check with its evidence',
    )
    .argument('<task>', 'task id')
    .argument(
      '[attempt]',
      'which of its k trials (default: the first that did not succeed, else the first)',
      positiveInteger,
    )
    .option('--run <run>', 'run id, "latest" or "latest~N"', 'latest')
    .option(
      '--rerun <n>',
      'which try of the attempt, when an invalid one was rerun (default: the last)',
      nonNegativeInteger,
    )
    .addOption(
      new Option('--color <when>', 'colours: auto (a terminal without NO_COLOR), always or never')
        .choices(COLOR_MODES)
        .default('auto'),
    )
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .option(
      '--accept-tampered',
      'show a run whose stored records were changed outside endstate (else refused, exit 2), marked as tampered in every output',
    )
    .action(async (task: string, attempt: number | undefined, flags: ShowFlags) => {
      const { showCommand } = await import('./show-command.js');
      setExit(await showCommand(task, attempt, flags, io));
    });

  program
    .command('compare')
    .description(
      'run B against run A on the same suite: per-task differences, the mean difference with a paired 95% CI, p-values, tasks changed beyond noise, cost per success',
    )
    .argument('<run-a>', 'the baseline run: id, "latest" or "latest~N" (N runs before the latest)')
    .argument('<run-b>', 'the run compared with it (differences are B − A)')
    .option('--json <file>', 'also write the comparison as JSON')
    .option('--md <file>', 'also write it as GitHub-flavoured Markdown (a pull-request comment)')
    .option('--html <file>', "write run B's HTML report with a section comparing it with run A")
    .addOption(
      new Option(
        '--fail-if-worse <metric[=margin]>',
        `exit 1 when B is worse than A by more than margin (default 0; repeatable): under 10 paired tasks judged on these tasks' trials, else on the task population; a task listed regressed fails margin 0; the verdict names the test; metrics: ${WORSE_GATE_METRIC_NAMES}`,
      ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .option(
      '--accept-tampered',
      'show a run whose stored records were changed outside endstate (else refused, exit 2), marked as tampered in every output',
    )
    .action(async (runA: string, runB: string, flags: CompareFlags) => {
      const { compareCommand } = await import('./compare-command.js');
      setExit(await compareCommand(runA, runB, flags, io));
    });

  program
    .command('board')
    .description(
      'several stored runs side by side: success with its 95% CI, pass^k, cost per trial and per success, latency, safety, and the cost–success Pareto frontier; runs that differ in a setting (suite, tasks, mode, faults, perturbations, sandbox, graders) go on separate boards',
    )
    .argument(
      '[runs...]',
      'runs to show: ids, "latest" or "latest~N" (default: the latest finished run of each system, under each setting, on one suite)',
    )
    .option(
      '--suite <name>',
      "without runs: the suite whose runs to show, by name or folder (default: the latest run's)",
    )
    .option('--json <file>', 'also write the boards as JSON')
    .option('--md <file>', 'also write them as GitHub-flavoured Markdown')
    .option(
      '--html <file>',
      "also write a single-file HTML page with each board's frontier plotted (opens from disk, no network)",
    )
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .option(
      '--accept-tampered',
      'show runs whose stored records were changed outside endstate (else refused, exit 2), marked as tampered in every output',
    )
    .action(async (runs: string[], flags: BoardFlags) => {
      const { boardCommand } = await import('./board-command.js');
      setExit(await boardCommand(runs, flags, io));
    });

  withSandboxOptions(
    program
      .command('diagnose')
      .description(
        'where an agent fails: play the suite in the modes dialogue, no-user and oracle-plan (three stored runs) and print each success rate with its 95% CI, the paired differences and, per task, whether it failed at the dialogue, planning or execution',
      )
      .argument('[suite]', 'suite folder (leave out with --runs)')
      .option(
        '--runs <a,b,c>',
        'render from three stored runs instead (dialogue, no-user, oracle-plan; id, "latest" or "latest~N")',
      )
      .option('--json <file>', 'also write the diagnosis as JSON')
      .addOption(
        new Option('--agent <kind>', 'agent under test (default: oracle)').choices(AGENT_KINDS),
      )
      .option('--trials <k>', 'trials per task in each mode', inRange(BOUNDS.trials), 1)
      .option('--concurrency <n>', 'trials run at once', inRange(BOUNDS.concurrency), 4)
      .option('--seed <s>', 'run seed of all three runs', inRange(BOUNDS.seed), 0)
      .option(
        '--slip <p>',
        'simulated agent: probability of a slip per step (default: 0.1)',
        probability,
      )
      .option('--tasks <glob>', 'only tasks whose id matches the glob')
      .option('--trajectory <file>', 'replay agent: JSON mapping task id to steps')
      .option('--max-reruns <n>', 'reruns of an invalid trial', inRange(BOUNDS.maxReruns), 2)
      .option(
        '--max-invalid <fraction>',
        'stop (exit 4) when a run leaves more than this share of planned trials without a valid record',
        probability,
        0,
      )
      .option('--store <store>', STORE_HELP, DEFAULT_STORE)
      .option('--model <provider:id>', 'llm agent: the model, as for endstate run')
      .option('--system-prompt <file>', 'llm agent: text added after the environment policy')
      .option(
        '--temperature <t>',
        "llm agent: sampling temperature (default: the provider's)",
        nonNegativeNumber,
      )
      .option('--top-p <p>', "llm agent: nucleus sampling (default: the provider's)", probability)
      .option(
        '--max-output-tokens <n>',
        "llm agent: output tokens per model call (default: the provider's)",
        positiveInteger,
      )
      .option(
        '--model-seed <s>',
        'llm agent: seed passed to the provider (default: none)',
        nonNegativeInteger,
      )
      .option('--parallel-tool-calls', 'llm agent: run every tool call of a reply'),
  )
    .option('--judge <provider:id>', 'a judge model for tasks with a judge rubric')
    .option('--pricing <file>', 'prices (USD per million tokens by provider:id)')
    .option('--record <dir>', 'save every model request and response')
    .option('--replay <dir>', 'answer model calls from a recording, with no network')
    .option('--max-retries <n>', 'retries of a model call', inRange(BOUNDS.maxRetries), 5)
    .option(
      '--max-concurrent-requests <n>',
      'requests in flight per provider endpoint',
      inRange(BOUNDS.maxConcurrentRequests),
      8,
    )
    .option(
      '--requests-per-minute <n>',
      'requests started per rolling minute per provider endpoint (default: no limit)',
      inRange(BOUNDS.requestsPerMinute),
    )
    .option(
      '--request-timeout <seconds>',
      'longest wait for one model request',
      inRange(BOUNDS.requestTimeoutS),
      120,
    )
    .option('--no-canary', 'skip the canary gate before the first run')
    .option('--no-preflight', 'skip the one tiny request to each model before the first run')
    .option(
      '--accept-tampered',
      'diagnose runs whose stored records were changed outside endstate (else refused, exit 2)',
    )
    .action(async (suite: string | undefined, flags: DiagnoseFlags) => {
      const { diagnoseCommand } = await import('./diagnose-command.js');
      setExit(await diagnoseCommand(suite, flags, io));
    });

  program
    .command('regrade')
    .description(
      "re-run the graders on a stored run's trials and store the result as a new run (no model calls but the judge's, with --judge)",
    )
    .argument('[run]', 'run id, or "latest"', 'latest')
    .option('--json <file>', 'also write { run, scorecard, trials, regrade } as JSON')
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .option('--suite <path>', "the run's suite folder, if it moved")
    .option(
      '--allow-suite-change',
      "grade against the suite as it is now though its hash is not the run's",
    )
    .option(
      '--judge <provider:id>',
      "the judge model of tasks with a judge rubric (default: the run's own judge)",
    )
    .option(
      '--pricing <file>',
      'prices (USD per million tokens by provider:id) used before the shipped table; an unpriced model costs "unknown"',
    )
    .option('--record <dir>', "save the judge's model requests and responses")
    .option('--replay <dir>', "answer the judge's calls from a recording, with no network")
    .option(
      '--verbose',
      'print every figure of the scorecard, zero-only ones included (default: the lines that carry information)',
    )
    .action(async (run: string, flags: RegradeFlags) => {
      const { regradeCommand } = await import('./regrade-command.js');
      setExit(await regradeCommand(run, flags, io));
    });

  program
    .command('validate')
    .description(
      'check a suite: schema and references, reset, oracle solves, known-bad paths fail, do-nothing fails, replay',
    )
    .argument('<suite>', 'suite folder')
    .option('--seed <s>', 'seed for the validation trials', inRange(BOUNDS.seed), 0)
    .action(async (suite: string, flags: { seed: number }) => {
      const { validateCommand } = await import('./validate-command.js');
      setExit(await validateCommand(suite, flags, io));
    });
  program
    .command('perturb')
    .description(
      'write a new suite: a copy of <suite> plus variant tasks <id>~<kind> for each task and kind (the expected outcome kept)',
    )
    .argument('<suite>', 'suite folder')
    .option(
      '--kinds <k1,k2,...>',
      'perturbation kinds (default: every kind that fits the suite): paraphrase, typos, distractors, extra-tools, shuffle-tools, reword-tools, rename-tool; rename-entities (tau-bench retail suites: the contamination probe)',
    )
    .requiredOption('--out <dir>', 'folder for the new suite (new or empty)')
    .option('--seed <s>', 'seed of every variant', inRange(BOUNDS.seed), 0)
    .option(
      '--variants <m>',
      'variants per task and kind',
      inRange(BOUNDS.perturbVariants),
      BOUNDS.perturbVariants.default,
    )
    .action(async (suite: string, flags: PerturbFlags) => {
      const { perturbCommand } = await import('./perturb-command.js');
      setExit(await perturbCommand(suite, flags, io));
    });
  program
    .command('plan')
    .description(
      'tasks a suite needs to detect a difference between two systems (--delta) or to measure a success rate to ±W (--width)',
    )
    .option(
      '--p <P>',
      "expected success rate of the baseline system (default: the --from run's)",
      openProbability,
    )
    .option(
      '--delta <D>',
      'difference in success rate to detect, paired on the same tasks (default: none; give --delta or --width)',
      openProbability,
    )
    .option(
      '--width <W>',
      "half-width (±) of the success rate's interval (default: none)",
      openProbability,
    )
    .option('--trials <k>', "trials per task (default: the --from run's, else 1)", positiveInteger)
    .option(
      '--icc <r>',
      'correlation of trial outcomes within a task (default: measured on the --from run, else 0.3)',
      probability,
    )
    .option(
      '--alpha <a>',
      'two-sided level: 0.05 for a 5% test or a 95% interval',
      openProbability,
      0.05,
    )
    .option('--power <q>', 'chance of detecting --delta when it is real', openProbability, 0.8)
    .option(
      '--correlation <rho>',
      "correlation of the two systems' true per-task rates (0: none assumed)",
      probability,
      0,
    )
    .option(
      '--from <run>',
      'a stored pilot run (id, "latest" or "latest~N") to take p, r and k from; flags override',
    )
    .option('--store <store>', `${STORE_HELP} (with --from)`, DEFAULT_STORE)
    .action(async (flags: PlanFlags) => {
      const { planCommand } = await import('./plan-command.js');
      setExit(await planCommand(flags, io));
    });
  program
    .command('lock')
    .description(
      "record each task's revision and content hash in <suite>/endstate.lock.json; runs then refuse a task changed without a revision bump",
    )
    .argument('<suite>', 'suite folder')
    .option('--check', 'write nothing; exit 2 unless the lock is current (for CI)')
    .action(async (suite: string, flags: { check?: boolean }) => {
      const { lockCommand } = await import('./lock-command.js');
      setExit(await lockCommand(suite, flags, io));
    });
  program
    .command('import')
    .description('convert tasks from another benchmark into an endstate suite')
    .argument('<format>', `source format (${IMPORT_FORMATS.join(', ')})`)
    .argument('<dir>', "the benchmark's data folder")
    .requiredOption('--out <suite>', 'suite folder to write')
    .option(
      '--known-bad <n>',
      'known-bad paths to generate per task (at most)',
      nonNegativeInteger,
      2,
    )
    .option(
      '--tasks-file <name>',
      'tau2: the task file in the domain folder (default tasks.json; e.g. tasks_small.json); the suite keeps it as data/tasks.json',
    )
    .action(async (format: string, dir: string, flags: ImportFlags) => {
      const { importCommand } = await import('./import-command.js');
      setExit(await importCommand(format, dir, flags, io));
    });

  program
    .command('export')
    .description("write a stored run in another benchmark's results format")
    .argument('<format>', `target format (${EXPORT_FORMATS.join(', ')})`)
    .argument('[run]', 'run id, "latest" or "latest~N"', 'latest')
    .option('--out <file>', 'write here (default: standard output)')
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .action(async (format: string, run: string, flags: ExportFlags) => {
      const { exportCommand } = await import('./export-command.js');
      setExit(await exportCommand(format, run, flags, io));
    });

  program
    .command('mcp')
    .description(
      'serve one trial of a task to whichever MCP client connects (stdio, or --http), then grade and store it',
    )
    .argument('<suite>', 'suite folder')
    .requiredOption('--task <id>', 'the task to serve')
    .option('--seed <s>', 'run seed', inRange(BOUNDS.seed), 0)
    .option(
      '--http <port>',
      'serve Streamable HTTP on 127.0.0.1:PORT (0: any free port) instead of stdio (default: stdio)',
      nonNegativeInteger,
    )
    .option('--store <store>', `${STORE_HELP}, or memory:`, DEFAULT_STORE)
    .action(async (suite: string, flags: McpFlags) => {
      const { mcpCommand } = await import('./mcp-command.js');
      setExit(await mcpCommand(suite, flags, io));
    });

  program
    .command('judge')
    .description('check a judge model against people before its verdicts are trusted')
    .command('validate')
    .description(
      "agreement of a judge's labels with people's on the same items: accuracy, Cohen's kappa with a 95% interval, confusion table, precision and recall per label",
    )
    .argument('<labels>', 'JSON lines, one item each: {"id": ..., "human": LABEL, "judge": LABEL}')
    .option('--json <file>', 'also write the agreement as JSON')
    .option(
      '--record',
      'keep the agreement on record (judge-validations.jsonl beside the store) for --judge on the rubric of --task in --suite; reports then show the judge as validated',
    )
    .option('--judge <provider:id>', 'with --record: the judge model that gave the labels')
    .option('--suite <dir>', 'with --record: the suite holding the judged task')
    .option('--task <id>', 'with --record: the task whose rubric was judged')
    .option('--store <store>', `${STORE_HELP} (the record goes beside it)`, DEFAULT_STORE)
    .action(async (labels: string, flags: JudgeValidateFlags) => {
      const { judgeValidateCommand } = await import('./judge-validate-command.js');
      setExit(await judgeValidateCommand(labels, flags, io));
    });
  const labels = program
    .command('labels')
    .description(
      'label why failed trials failed (docs/failure-labels.md): export for people, import their labels, measure agreement',
    );
  labels
    .command('export')
    .description(
      'one JSON line per failed valid trial: its proposed label and evidence, final answer and failed checks, with label and labeller null',
    )
    .argument('[run]', 'run id, or "latest"', 'latest')
    .option('--out <file>', 'write the lines here (default: standard output)')
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .action(async (run: string, flags: LabelsExportFlags) => {
      const { labelsExportCommand } = await import('./labels-command.js');
      setExit(await labelsExportCommand(run, flags, io));
    });
  labels
    .command('import')
    .description(
      'check labelled files (problems as file:line, exit 2) and store their labels beside the result store, for the report',
    )
    .argument('<files...>', 'labelled copies of `labels export` files')
    .option('--labeller <name>', 'labeller of lines that name none')
    .option('--store <store>', `${STORE_HELP} (the labels go beside it)`, DEFAULT_STORE)
    .action(async (files: string[], flags: LabelsImportFlags) => {
      const { labelsImportCommand } = await import('./labels-command.js');
      setExit(labelsImportCommand(files, flags, io));
    });
  labels
    .command('agree')
    .description(
      "agreement of two labellers on the failed trials both labelled: accuracy, Cohen's kappa with a 95% interval, confusion table, precision and recall per label",
    )
    .argument('<first>', 'labelled file of the first labeller (the reference)')
    .argument('<second>', 'labelled file of the second labeller')
    .option('--json <file>', 'also write the agreement as JSON')
    .action(async (first: string, second: string, flags: LabelsAgreeFlags) => {
      const { labelsAgreeCommand } = await import('./labels-command.js');
      setExit(labelsAgreeCommand(first, second, flags, io));
    });
  program
    .command('view')
    .description(
      "serve the store's runs and their HTML reports on 127.0.0.1 until Ctrl-C (prints the address)",
    )
    .argument('[run]', 'also print the address of this run\'s report (id or "latest")')
    .option('--store <store>', STORE_HELP, DEFAULT_STORE)
    .option('--port <n>', 'port on 127.0.0.1 (0: any free port)', nonNegativeInteger, 0)
    .option(
      '--accept-tampered',
      'show a run whose stored records were changed outside endstate (else refused, exit 2), marked as tampered in every output',
    )
    .action(async (run: string | undefined, flags: ViewFlags) => {
      const { viewCommand } = await import('./view-command.js');
      setExit(await viewCommand(run, flags, io));
    });
  return withRangesInHelp(withHelpExamples(program));
}

/** Runs the CLI and returns its exit code; the binary is the only caller of process.exit. */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (value) => {
    code = value;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (isEndstateError(error)) {
      io.err(`error ${error.code}: ${error.message}\n`);
      if (error.code === 'E_PROVIDER') return EXIT.provider;
      if (error.code === 'E_AGENT_PREFLIGHT') return EXIT.program;
      if (error.code === 'E_QUEUE') return EXIT.invalid;
      return error.code === 'E_INTERNAL' ? EXIT.internal : EXIT.usage;
    }
    io.err(
      `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\nThis is a bug in endstate; please report it with the command you ran.\n`,
    );
    return EXIT.internal;
  }
}

// Run directly (`node dist/cli/main.js`), this module is the `endstate` binary.
const entry = process.argv[1];
if (entry !== undefined && pathToFileURL(realpathSync(entry)).href === import.meta.url) {
  process.exitCode = await main(process.argv.slice(2));
}
