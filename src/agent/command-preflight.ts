import { startTimeout } from '../core/index.js';
import type { AgentPreflight, AgentPreflightOptions, AgentSession } from './agent.js';
import type { ChildExit } from './child-process.js';
import { parseMessage } from './command-messages.js';
import type { CommandAgentOptions, Program } from './command-program.js';
import {
  EXIT_GRACE_MS,
  describeExit,
  sandboxLimitOf,
  startMessage,
  startProgram,
} from './command-program.js';

/** The `stop` reason a program reads when its preflight is over (docs/command-protocol.md). */
const PREFLIGHT_STOP = { type: 'stop', reason: 'preflight' } as const;

/**
 * The command agent's preflight: the program is started as a trial starts
 * it (same sandbox, same `start` message) and passes once its first stdout
 * line is a valid protocol message; it is then stopped, its message
 * unanswered. It fails when it cannot start, ends before that line, writes
 * a line that is not a message, or stays silent past `timeoutMs`.
 */
export async function preflightCommand(
  options: CommandAgentOptions,
  session: AgentSession,
  { timeoutMs }: AgentPreflightOptions,
): Promise<AgentPreflight> {
  let program: Program;
  try {
    program = await startProgram(options, session);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'failed', reason: `the program could not be started: ${message}`, stderr: '' };
  }
  const timeout = startTimeout(timeoutMs);
  try {
    const first = await Promise.race([firstLine(program, session), timeout.promise]);
    if (first === 'timeout') {
      return failed(
        `the program sent no message within ${timeoutMs / 1000} s of its start message`,
        await program.stop(PREFLIGHT_STOP),
      );
    }
    if (first.type === 'end') {
      const exited = await program.child.waitForExit(EXIT_GRACE_MS);
      const status = exited ?? (await program.stop(PREFLIGHT_STOP));
      const how =
        exited === undefined
          ? `closed its stdout (then ${describeExit(status)})`
          : describeExit(status);
      const limit = sandboxLimitOf(status, options.isolation, session.caps);
      return failed(
        (limit === undefined ? '' : `it reached its sandbox's ${limit}: `) +
          `the program ${how} before its first message`,
        status,
      );
    }
    try {
      const message = parseMessage(first);
      await program.stop(PREFLIGHT_STOP);
      return { type: 'passed', evidence: `its first message was a ${message.type} message` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return failed(message, await program.stop(PREFLIGHT_STOP));
    }
  } finally {
    timeout.cancel();
    program.lines.close();
    program.child.close();
  }
}

/** Sends `start`, then reads the first line; a program that exits at once is read all the same. */
async function firstLine(
  program: Program,
  session: AgentSession,
): Promise<Awaited<ReturnType<Program['lines']['next']>>> {
  // Stdin may close before `start` is written: what the program wrote says why.
  await program.send(startMessage(session)).catch(() => undefined);
  return program.lines.next();
}

function failed(reason: string, exit: ChildExit): AgentPreflight {
  return { type: 'failed', reason, stderr: exit.stderrTail };
}
