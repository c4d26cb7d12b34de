import { EndstateError } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import type { AgentIsolation } from '../sandbox/index.js';
import type { Agent, AgentResult, AgentSession, SessionCaps, TrialStopReason } from './agent.js';
import { TrialStoppedError } from './agent.js';
import { programName } from './child-process.js';
import type { ProgramMessage } from './command-messages.js';
import { parseMessage } from './command-messages.js';
import { preflightCommand } from './command-preflight.js';
import type { CommandAgentOptions, Program } from './command-program.js';
import {
  EXIT_GRACE_MS,
  describeExit,
  sandboxLimitOf,
  startMessage,
  startProgram,
} from './command-program.js';

export type { CommandAgentOptions } from './command-program.js';

/**
 * An agent that is any program: started once per trial, it talks to the
 * harness in JSON lines on stdin/stdout (protocol `endstate-command/1`,
 * docs/command-protocol.md). Requests are answered one at a time, in order.
 * The program is ended when the trial stops and never outlives it.
 *
 * @example
 * const agent = createCommandAgent({ command: ['python3', 'my_agent.py'] });
 */
export function createCommandAgent(options: CommandAgentOptions): Agent {
  const program = options.command[0];
  if (program === undefined || program === '') {
    throw new EndstateError('E_USAGE', 'the command agent needs a program to run', {
      hint: 'Pass the program and its arguments, e.g. ["python3", "agent.py"].',
    });
  }
  return {
    spec: {
      kind: 'command',
      name: options.name ?? programName(options.command),
      version: '1',
      options: { command: [...options.command] },
      ...sandboxSpec(options.isolation),
    },
    readsReference: false,
    run: (session) => runProgram(options, session),
    preflight: (session, preflightOptions) => preflightCommand(options, session, preflightOptions),
  };
}

type Outcome =
  | { type: 'final'; text: string | null; confidence?: number }
  | { type: 'stopped' }
  | { type: 'ended' };

const STOPPED = Symbol('stopped');

async function runProgram(
  options: CommandAgentOptions,
  session: AgentSession,
): Promise<AgentResult> {
  const { signal } = session;
  if (signal.aborted) throw stoppedError(signal);
  const program = await startProgram(options, session);
  let stopRequested = (): void => undefined;
  const stopped = new Promise<typeof STOPPED>((resolve) => {
    stopRequested = () => resolve(STOPPED);
  });
  // Deferred by one turn of the event loop: when the session itself stopped the trial while
  // answering a request (a user stop, a tool that ends the conversation), its answer goes first.
  const onAbort = (): void =>
    void setImmediate(() => {
      void program.stop({ type: 'stop', reason: stopReasonOf(signal) });
      stopRequested();
    });
  signal.addEventListener('abort', onAbort, { once: true });
  if (signal.aborted) onAbort();
  try {
    const outcome = await converse(program, session, stopped);
    if (outcome.type === 'final') {
      // Stdin closes; the program has the grace to exit by itself before it is ended.
      const status = await program.child.stop(EXIT_GRACE_MS);
      if (status.code !== 0) session.note(`command agent: after final, ${describeExit(status)}`);
      const { confidence } = outcome;
      return { finalAnswer: outcome.text, ...(confidence === undefined ? {} : { confidence }) };
    }
    if (outcome.type === 'stopped') {
      await program.stop({ type: 'stop', reason: stopReasonOf(signal) });
      throw stoppedError(signal);
    }
    throw await endedEarlyError(program, options, session.caps);
  } catch (error) {
    if (error instanceof TrialStoppedError || signal.aborted) {
      await program.stop({ type: 'stop', reason: stopReasonOf(signal) });
      throw error;
    }
    const message = error instanceof Error ? error.message : String(error);
    const exit = await program.stop({ type: 'stop', reason: 'agent_error', message });
    if (exit.stderrTail !== '') {
      session.note(`command agent stderr (last 2 KB):\n${exit.stderrTail}`);
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
    program.lines.close();
    program.child.close();
  }
}

/**
 * The exchange: `start`, then one request at a time until `final`, the end of
 * stdout, or `stopped` (the trial stopped: the program is being ended).
 */
async function converse(
  program: Program,
  session: AgentSession,
  stopped: Promise<typeof STOPPED>,
): Promise<Outcome> {
  const untilStopped = <T>(promise: Promise<T>) => Promise.race([promise, stopped]);
  let isInputClosed = false;
  /** Writes one line; says how the exchange ended when it could not be written. */
  const send = async (message: JsonObject): Promise<Outcome | undefined> => {
    if (isInputClosed) return { type: 'ended' };
    try {
      return (await untilStopped(program.send(message))) === STOPPED
        ? { type: 'stopped' }
        : undefined;
    } catch {
      // The program closed its stdin (most often: it exited); its exit status tells the story.
      return { type: 'ended' };
    }
  };

  // A program that exits at once can close its stdin before `start` is written. What it
  // wrote is read all the same, so that its outcome does not depend on which came first.
  const unsent = await send(startMessage(session));
  if (unsent?.type === 'stopped') return unsent;
  if (unsent !== undefined) isInputClosed = true;
  for (;;) {
    const line = await untilStopped(program.lines.next());
    if (line === STOPPED) return { type: 'stopped' };
    if (line.type === 'end') return { type: 'ended' };
    const message = parseMessage(line);
    if (message.type === 'final') {
      const { text, confidence } = message;
      return { type: 'final', text, ...(confidence === undefined ? {} : { confidence }) };
    }
    const answer = await untilStopped(answerRequest(message, session));
    if (answer === STOPPED) return { type: 'stopped' };
    if (answer !== undefined) {
      const unanswered = await send(answer);
      if (unanswered !== undefined) return unanswered;
    }
    if (session.signal.aborted) return { type: 'stopped' };
  }
}

/** Runs one request through the session; returns the answer line, if one is due. */
async function answerRequest(
  message: Exclude<ProgramMessage, { type: 'final' }>,
  session: AgentSession,
): Promise<JsonObject | undefined> {
  switch (message.type) {
    case 'tool_call': {
      const result = await session.callTool(message.tool, message.args ?? {});
      return result.ok
        ? { type: 'tool_result', id: message.id, ok: true, result: result.result }
        : { type: 'tool_result', id: message.id, ok: false, error: result.error };
    }
    case 'say': {
      const reply = await session.sendToUser(message.text);
      return reply.type === 'reply' ? { type: 'user', text: reply.text } : { type: 'user_stop' };
    }
    case 'usage':
      session.recordUsage({
        role: 'agent',
        model: message.model,
        input_tokens: message.input_tokens,
        output_tokens: message.output_tokens,
        cached_input_tokens: message.cached_input_tokens,
        cost_usd: message.cost_usd,
        wait_ms: 0,
        retries: 0,
      });
      return undefined;
    case 'note':
      session.note(message.text);
      return undefined;
  }
}

async function endedEarlyError(
  program: Program,
  options: CommandAgentOptions,
  caps: SessionCaps | undefined,
): Promise<Error> {
  const exited = await program.child.waitForExit(EXIT_GRACE_MS);
  const status =
    exited ??
    (await program.stop({ type: 'stop', reason: 'agent_error', message: 'stdout closed' }));
  const how =
    exited === undefined
      ? `closed its stdout (then ${describeExit(status)})`
      : describeExit(status);
  const stderr = status.stderrTail;
  const limit = sandboxLimitOf(status, options.isolation, caps);
  return new Error(
    (limit === undefined ? '' : `it reached its sandbox's ${limit}: `) +
      `the program ${how} before sending a final message; ` +
      (stderr === '' ? 'its stderr was empty' : `its stderr ends with:\n${stderr}`),
  );
}

/** Why the session stopped (the reason its signal was aborted with), for the program's `stop` message. */
function stopReasonOf(signal: AbortSignal): TrialStopReason | 'stopped' {
  const reason: unknown = signal.reason;
  return reason instanceof TrialStoppedError ? reason.reason : 'stopped';
}

/** What the session's signal was aborted with: a session of endstate's aborts with the TrialStoppedError that says why. */
function stoppedError(signal: AbortSignal): unknown {
  return signal.reason;
}

/** The sandbox settings for the agent's spec, when the agent has them. */
export function sandboxSpec(isolation: AgentIsolation | undefined): { sandbox?: JsonObject } {
  if (isolation === undefined) return {};
  const { kind, network, allow_hosts, env, mounts, agent_dir, limits, seccomp } =
    isolation.settings;
  return {
    sandbox: {
      kind,
      network,
      ...(allow_hosts === undefined ? {} : { allow_hosts: [...allow_hosts] }),
      env: [...env],
      mounts: [...mounts],
      ...(agent_dir === undefined ? {} : { agent_dir }),
      ...(limits === undefined ? {} : { limits: { ...limits } }),
      ...(seccomp === undefined ? {} : { seccomp }),
    },
  };
}
