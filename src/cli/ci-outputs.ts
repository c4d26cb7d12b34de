import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_TASK_GATE, renderJunit, renderMarkdown } from '../report/index.js';
import type { GateVerdict, Scorecard } from '../report/index.js';
import type { TrialRecord } from '../schema/index.js';
import type { CliIo } from './cli-io.js';

/** `--junit`, `--md` and `--task-gate`, shared by `run` and `report`. */
export interface CiOutputFlags {
  readonly junit?: string;
  readonly md?: string;
  /** Gate of a task without a `gate` label (default 1: every trial must succeed). */
  readonly taskGate?: number;
}

export interface CiOutput {
  readonly path: string;
  readonly text: string;
}

/**
 * The files `--junit` and `--md` ask for, rendered but not written, so a
 * bad `gate` label stops the command before it prints or writes anything.
 */
export function renderCiOutputs(
  input: {
    readonly scorecard: Scorecard;
    readonly trials: readonly TrialRecord[];
    readonly gates: readonly GateVerdict[];
    /** The run's seal warning, if any: JUnit carries it as a property (Markdown has it among the scorecard's warnings). */
    readonly integrity?: string | undefined;
  },
  flags: CiOutputFlags,
): CiOutput[] {
  const { scorecard, trials, gates, integrity } = input;
  const taskGate = flags.taskGate ?? DEFAULT_TASK_GATE;
  return [
    ...(flags.junit === undefined
      ? []
      : [{ path: flags.junit, text: renderJunit({ scorecard, trials, taskGate, integrity }) }]),
    ...(flags.md === undefined
      ? []
      : [{ path: flags.md, text: renderMarkdown({ scorecard, gates, taskGate }) }]),
  ];
}

/** Writes each output (paths relative to the working folder) and says so on stderr. */
export function writeCiOutputs(outputs: readonly CiOutput[], io: CliIo): void {
  for (const { path, text } of outputs) {
    writeFileSync(resolve(io.cwd, path), text);
    io.err(`wrote ${path}\n`);
  }
}
