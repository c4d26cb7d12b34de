import type { JsonObject } from '../core/index.js';
import type { AgentIsolation } from '../sandbox/index.js';
import { effectiveLimits, limitReached } from '../sandbox/index.js';
import type { AgentSession, SessionCaps } from './agent.js';
import type { ChildExit, RunningChild } from './child-process.js';
import { startChildProcess } from './child-process.js';
import type { JsonLineReader } from './json-lines.js';
import { readJsonLines, writeJsonLine } from './json-lines.js';

/** The protocol's name and version, sent in the `start` message (docs/command-protocol.md). */
export const COMMAND_PROTOCOL = 'endstate-command/1';

export interface CommandAgentOptions {
  /** The program and its arguments, run without a shell, e.g. `['python3', 'agent.py']`. */
  readonly command: readonly string[];
  /** Working directory of the program (default: the harness's). */
  readonly cwd?: string;
  /** Variables added to the harness's environment for the program (with `isolation`: its only ones besides the declared). */
  readonly env?: Readonly<Record<string, string>>;
  /** The agent's name in the system spec (default: the program's file name). */
  readonly name?: string;
  /** The sandbox the program runs in (recorded in the system spec); without it, it runs as the harness does. */
  readonly isolation?: AgentIsolation;
}

/** How long a program may take to exit by itself (after `final`) or after SIGTERM. */
export const EXIT_GRACE_MS = 1000;

/** The `start` message: the public task view, the tools, the trial and its budget. */
export function startMessage(session: AgentSession): JsonObject {
  const budget = session.budget();
  const { task_id, attempt, rerun, seed } = session.trial;
  return {
    type: 'start',
    protocol: COMMAND_PROTOCOL,
    task: { ...session.task },
    tools: session.tools.map((tool) => ({ ...tool })),
    trial: { task_id, attempt, rerun, seed },
    budget: {
      ...budget,
      maxTokens: budget.maxTokens ?? null,
      maxCostUsd: budget.maxCostUsd ?? null,
    },
    ...(session.caps === undefined ? {} : { caps: { ...session.caps } }),
  };
}

/** The sandbox limit a program that ended early most likely ran into (sandboxed programs only). */
export function sandboxLimitOf(
  status: ChildExit,
  isolation: AgentIsolation | undefined,
  caps: SessionCaps | undefined,
): string | undefined {
  if (isolation?.settings.kind !== 'bubblewrap') return undefined;
  return limitReached(status, effectiveLimits(isolation.settings, caps?.sandbox));
}

export function describeExit(status: ChildExit): string {
  return status.signal !== null
    ? `was killed by ${status.signal}`
    : `exited with exit code ${status.code ?? 'unknown'}`;
}

/** The running program, as the conversation sees it. */
export interface Program {
  readonly child: RunningChild<'pipe'>;
  readonly lines: JsonLineReader;
  send(message: JsonObject): Promise<void>;
  /** Writes `stop` if it can, closes stdin, sends SIGTERM, then SIGKILL after the grace. */
  stop(message: JsonObject): Promise<ChildExit>;
}

export async function startProgram(
  options: CommandAgentOptions,
  session: AgentSession,
): Promise<Program> {
  const { caps } = session;
  const maxLineBytes = caps?.maxLineBytes;
  const started = await startChildProcess({
    command: options.command,
    cwd: options.cwd,
    env: options.env,
    isolation: options.isolation,
    limits: caps?.sandbox,
    onConnection: (connection) => session.recordConnection?.(connection),
    // A command agent needs the network only after its start message: it starts beside the relay.
    relayStart: 'beside',
    stdio: 'pipe',
    killAfterMs: EXIT_GRACE_MS,
  });
  if (started.type === 'start-error') throw started.error;
  const { child } = started;
  const { stdin, stdout } = child.pipes;
  return {
    child,
    lines: readJsonLines(stdout, maxLineBytes === undefined ? {} : { maxLineBytes }),
    // Its first message waits for its network (a relay started beside it); its output is read meanwhile.
    send: async (message) => {
      await child.ready;
      await writeJsonLine(stdin, message);
    },
    stop(message) {
      // Best effort: a program that already stopped reading cannot be told why it is ended.
      if (!stdin.writableEnded && !stdin.destroyed) {
        void writeJsonLine(stdin, message).catch(() => {});
      }
      return child.stop(0);
    },
  };
}
