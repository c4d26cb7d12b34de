import type { ColorMode } from './color-modes.js';
import { renderTrial } from '../report/index.js';
import type { CliIo } from './cli-io.js';
import { checkRunSeal } from './check-run-seal.js';
import { openStoredRun } from './open-stored-run.js';
import { selectTrial } from './select-trial.js';
import { storeSpecOf } from './store-path.js';

export interface ShowFlags {
  /** Run id, `latest` (the default) or `latest~N`. */
  readonly run?: string;
  /** Which try of the attempt, when an invalid one was rerun (default: the last). */
  readonly rerun?: number;
  readonly store?: string;
  readonly color?: ColorMode;
  /** Show a trial of a run whose records were changed outside endstate (else refused, exit 2). */
  readonly acceptTampered?: boolean;
}

/** Colour when asked, or on `auto` when standard output is a terminal and NO_COLOR is unset or empty. */
export function shouldColor(mode: ShowFlags['color'], io: CliIo): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  return io.isOutTty === true && (io.env.NO_COLOR ?? '') === '';
}

/**
 * `endstate show <task> [attempt]`: one stored trial in the terminal, its
 * conversation, tool calls, faults, state diff and failed checks.
 */
export async function showCommand(
  taskId: string,
  attempt: number | undefined,
  flags: ShowFlags,
  io: CliIo,
): Promise<number> {
  const spec = storeSpecOf(flags.store, io.cwd);
  const { store, run } = await openStoredRun(spec, io.cwd, flags.run ?? 'latest', {
    acceptTampered: flags.acceptTampered,
    io,
  });
  try {
    const seal = await checkRunSeal(
      store,
      run,
      { acceptTampered: flags.acceptTampered, storePath: spec.display },
      io,
    );
    const { trial, note } = selectTrial(await store.listTrials(run.run_id), {
      runId: run.run_id,
      taskId,
      attempt,
      rerun: flags.rerun,
    });
    if (note !== undefined) io.err(`${note}\n`);
    for (const warning of seal.warnings) io.out(`warning: ${warning}\n`);
    if (seal.warnings.length > 0) io.out('\n');
    io.out(`${renderTrial(trial, { color: shouldColor(flags.color, io) })}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
