import picomatch from 'picomatch';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EndstateError } from '../core/index.js';
import { buildScorecard, renderTerminal } from '../report/index.js';
import { runSuite } from '../run/index.js';
import type { RunSuiteOptions } from '../run/index.js';
import { parseModelRef } from '../model/index.js';
import type { DecodingSettings } from '../model/index.js';
import { USER_PROMPT_VERSION, createLlmUsers } from '../user/index.js';
import type { RunEvent } from '../run/index.js';
import { openSqliteStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { CliIo } from './cli-io.js';
import { failedGates, parseGate } from './gates.js';
import { guardInterrupts } from './interrupt-guard.js';
import { createProgress } from './progress.js';
import { selectAgent } from './select-agent.js';
import type { CallerFactory } from './select-agent.js';
import { wireModels } from './model-wiring.js';
import { storePath } from './store-path.js';

export interface RunFlags {
  readonly agent: string;
  readonly trials: number;
  readonly concurrency: number;
  readonly seed: number;
  readonly slip: number;
  readonly maxReruns: number;
  readonly tasks?: string;
  readonly trajectory?: string;
  readonly json?: string;
  readonly store?: string;
  readonly failUnder: readonly string[];
  readonly model?: string;
  readonly systemPrompt?: string;
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxOutputTokens?: number;
  readonly modelSeed?: number;
  readonly parallelToolCalls?: boolean;
  readonly userModel?: string;
  readonly userTemperature?: number;
  readonly pricing?: string;
  readonly record?: string;
  readonly replay?: string;
  readonly maxRetries: number;
  readonly maxConcurrentRequests: number;
  readonly command?: string;
}

function decodingOf(flags: RunFlags): DecodingSettings {
  return {
    ...(flags.temperature !== undefined ? { temperature: flags.temperature } : {}),
    ...(flags.topP !== undefined ? { top_p: flags.topP } : {}),
    ...(flags.maxOutputTokens !== undefined ? { max_output_tokens: flags.maxOutputTokens } : {}),
    ...(flags.modelSeed !== undefined ? { seed: flags.modelSeed } : {}),
  };
}

/** A model playing the users of tasks that have a scenario (`--user-model`). */
async function usersOf(
  flags: RunFlags,
  callerFor: CallerFactory,
): Promise<RunSuiteOptions['users']> {
  if (flags.userModel === undefined) return undefined;
  const ref = parseModelRef(flags.userModel, '--user-model');
  const decoding: DecodingSettings =
    flags.userTemperature === undefined ? {} : { temperature: flags.userTemperature };
  return {
    factory: createLlmUsers({ caller: await callerFor(ref), decoding }),
    spec: {
      kind: 'llm',
      prompt_version: USER_PROMPT_VERSION,
      model: { ...ref, ...decoding },
    },
  };
}

/** `endstate run <suite>`: everything is checked before the store is touched. */
export async function runCommand(suitePath: string, flags: RunFlags, io: CliIo): Promise<number> {
  const gates = flags.failUnder.map(parseGate);
  const suite = await loadSuite(resolve(io.cwd, suitePath));
  let tasks = suite.tasks;
  if (flags.tasks !== undefined) {
    const matches = picomatch(flags.tasks);
    tasks = tasks.filter((task) => matches(task.id));
    if (tasks.length === 0) {
      throw new EndstateError(
        'E_USAGE',
        `no task of suite ${suite.name} matches --tasks ${flags.tasks}`,
        {
          hint: `Task ids: ${suite.tasks.map((task) => task.id).join(', ')}.`,
        },
      );
    }
  }
  let wiring: ReturnType<typeof wireModels> | undefined;
  const callerFor: CallerFactory = (ref) => (wiring ??= wireModels(flags, io)).callerFor(ref);
  const selected = await selectAgent(
    {
      kind: flags.agent,
      slip: flags.slip,
      trajectory: flags.trajectory,
      model: flags.model,
      systemPrompt: flags.systemPrompt,
      decoding: decodingOf(flags),
      parallelToolCalls: flags.parallelToolCalls === true,
      command: flags.command,
    },
    suite,
    tasks,
    io.cwd,
    callerFor,
  );
  const users = await usersOf(flags, callerFor);

  const store = openSqliteStore(storePath(flags.store, io.cwd));
  const progress = createProgress(io);
  const guard = guardInterrupts(store, (signal) => {
    progress.stop();
    io.err(`\n${signal}: the finished trials of ${guard.runId ?? 'the run'} are stored\n`);
  });
  try {
    const result = await runSuite({
      suite,
      agent: selected.agent,
      tasks: selected.tasks,
      trials: flags.trials,
      concurrency: flags.concurrency,
      seed: flags.seed,
      maxReruns: flags.maxReruns,
      store,
      collect: false,
      ...(users === undefined ? {} : { users }),
      onEvent: (event: RunEvent) => {
        if (event.type === 'run-start') guard.runId = event.run.run_id;
        progress.onEvent(event);
      },
    });
    progress.stop();
    // The scorecard comes from the store, as `endstate report` would rebuild it.
    const trials = await store.listTrials(result.run.run_id);
    const scorecard = buildScorecard(result.run, trials);
    io.out(`${renderTerminal(scorecard)}\n`);
    if (flags.json !== undefined) {
      writeFileSync(
        resolve(io.cwd, flags.json),
        `${JSON.stringify({ run: result.run, scorecard, trials }, null, 2)}\n`,
      );
      io.err(`wrote ${flags.json}\n`);
    }
    const failed = failedGates(scorecard, gates);
    for (const message of failed) io.err(`gate failed: ${message}\n`);
    return failed.length > 0 ? 1 : 0;
  } finally {
    guard.release();
    progress.stop();
    await store.close();
  }
}
