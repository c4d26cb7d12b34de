import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { EndstateError, startTimeout } from '../core/index.js';
import type { AgentIsolation } from '../sandbox/index.js';
import type {
  Agent,
  AgentPreflight,
  AgentPreflightOptions,
  AgentResult,
  AgentSession,
} from './agent.js';
import type { ChildExit, ChildStartError, ChildStart, RunningChild } from './child-process.js';
import { STDERR_TAIL_BYTES, programName, startChildProcess } from './child-process.js';
import { sandboxSpec } from './command-agent.js';
import { sandboxLimitOf } from './command-program.js';
import { listenMcpHttp } from './mcp-http-endpoint.js';
import { serveSessionOverMcp } from './mcp-session-server.js';
import type { McpServeResult } from './mcp-session-server.js';

export interface McpServerAgentOptions {
  /** Opens the transport one trial is served over (stdio, Streamable HTTP, in memory). */
  readonly connect: (session: AgentSession) => Transport | Promise<Transport>;
  /** Names the transport in the system spec, e.g. "stdio" or "http". */
  readonly name?: string;
}

/**
 * An agent that is whatever MCP client connects: each trial's session is
 * served over the transport `connect` opens (`endstate mcp`).
 *
 * @example
 * const agent = createMcpServerAgent({ name: 'stdio', connect: () => new StdioServerTransport() });
 */
export function createMcpServerAgent(options: McpServerAgentOptions): Agent {
  return {
    spec: { kind: 'mcp-server', name: options.name ?? 'mcp-server', version: '1', options: {} },
    readsReference: false,
    run: async (session) => serveSessionOverMcp(session, await options.connect(session)),
  };
}

export interface McpAgentOptions {
  /** The program and its arguments, run without a shell, e.g. `['node', 'my-agent.mjs']`. */
  readonly command: readonly string[];
  readonly cwd?: string;
  /** Added to the harness's own environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** The agent's name in the system spec (default: the program's file name). */
  readonly name?: string;
  /** How long the command may run on after `finish` before it is terminated (default 2000 ms). */
  readonly exitGraceMs?: number;
  /** The sandbox the command runs in (recorded in the system spec); it needs the host's loopback network. */
  readonly isolation?: AgentIsolation;
}

/** From SIGTERM to SIGKILL. */
const KILL_AFTER_MS = 2000;

/**
 * An external agent (any MCP client) run as a command per trial and pointed
 * at the trial's tools, served over Streamable HTTP on 127.0.0.1 at a URL
 * holding a secret of its own (other clients are refused and recorded). The
 * command reads ENDSTATE_MCP_URL (or the client config at
 * ENDSTATE_MCP_CONFIG), ENDSTATE_TASK_INSTRUCTION and ENDSTATE_POLICY_FILE;
 * the trial ends when it calls `finish` or exits.
 *
 * @example
 * const agent = createMcpAgent({ command: ['node', 'examples/agents/mcp-refund-client.mjs'] });
 */
export function createMcpAgent(options: McpAgentOptions): Agent {
  const program = options.command[0];
  if (program === undefined || program === '') {
    throw new EndstateError('E_USAGE', 'the mcp agent needs a command to run', {
      hint: "Pass it with --command, e.g. --command 'node my-agent.mjs'.",
    });
  }
  if (
    options.isolation?.settings.network === 'none' &&
    options.isolation.settings.kind !== 'none'
  ) {
    throw new EndstateError(
      'E_USAGE',
      '--agent-network none cannot be used with --agent mcp: the agent reaches its MCP endpoint over the loopback network',
      {
        hint: 'Leave out --agent-network none (the agent keeps the network), or use --agent command.',
      },
    );
  }
  return {
    spec: {
      kind: 'mcp',
      name: options.name ?? programName(options.command),
      version: '1',
      options: { command: [...options.command] },
      ...sandboxSpec(options.isolation),
    },
    readsReference: false,
    run: (session) => runMcpCommand(session, options),
    preflight: (session, preflightOptions) =>
      preflightMcpCommand(session, options, preflightOptions),
  };
}

async function runMcpCommand(
  session: AgentSession,
  options: McpAgentOptions,
): Promise<AgentResult> {
  let refuseBody = (_detail: string): void => undefined;
  // Rejects once the agent sends a request body over the cap: the trial ends as its error.
  const tooLarge = new Promise<never>((_resolve, reject) => {
    refuseBody = (detail) => reject(new Error(detail));
  });
  tooLarge.catch(() => undefined);
  const endpoint = await listenMcpHttp({
    ...(session.caps === undefined ? {} : { maxBodyBytes: session.caps.maxLineBytes }),
    onBodyTooLarge: (detail) => refuseBody(detail),
  });
  endpoint.onRefused((refusal) => session.recordRefusedConnection(refusal));
  const folder = await mkdtemp(join(tmpdir(), 'endstate-mcp-'));
  let child: RunningChild<'drain'> | undefined;
  try {
    const serving = serveSessionOverMcp(session, endpoint.transport);
    if (session.signal.aborted) return await serving; // stopped while setting up: start nothing
    const started = await startMcpCommand(session, options, endpoint.url, folder);
    if (started.type === 'start-error') {
      await endpoint.transport.close();
      await serving;
      throw startFailed(started.error, options.command);
    }
    child = started.child;
    const first = await Promise.race([serving, child.exited, tooLarge]).catch(
      async (error: unknown) => {
        await endpoint.transport.close();
        await serving;
        throw error;
      },
    );
    if ('ending' in first) return await afterServing(first, child, session.signal, options);
    // The command is gone: close its session to learn whether it called finish.
    await endpoint.transport.close();
    const served = await serving;
    return served.ending === 'finish' ? served : judgeExit(first, options, session);
  } finally {
    await child?.stop(0);
    await endpoint.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** The session ended first: give a finished command a moment to exit, then stop it. */
async function afterServing(
  served: McpServeResult,
  child: RunningChild<'drain'>,
  signal: AbortSignal,
  options: McpAgentOptions,
): Promise<AgentResult> {
  if (served.ending === 'finish') {
    await child.stop(options.exitGraceMs ?? 2000);
    return served;
  }
  if (served.ending === 'trial-stopped') return served;
  // The client closed its MCP session without finish: its exit decides.
  const aborted = new Promise<'aborted'>((resolve) => {
    if (signal.aborted) resolve('aborted');
    signal.addEventListener('abort', () => resolve('aborted'), { once: true });
  });
  const exit = await Promise.race([child.exited, aborted]);
  return exit === 'aborted' ? served : judgeExit(exit, options, undefined);
}

/**
 * Starts the command pointed at the endpoint, with its client config and
 * the policy written into `folder` (handed to its sandbox).
 */
async function startMcpCommand(
  session: AgentSession,
  options: McpAgentOptions,
  url: string,
  folder: string,
): Promise<ChildStart<'drain'>> {
  const config = join(folder, 'mcp-config.json');
  const mcpServers = { endstate: { type: 'http', url } };
  // The URL holds the trial's secret: readable by the agent's user only.
  await writeFile(config, `${JSON.stringify({ mcpServers }, null, 2)}\n`, { mode: 0o600 });
  const policyFile = join(folder, 'policy.md');
  await writeFile(policyFile, session.task.policy);
  return startChildProcess({
    command: options.command,
    cwd: options.cwd,
    env: {
      ...options.env,
      ENDSTATE_MCP_URL: url,
      ENDSTATE_MCP_CONFIG: config,
      ENDSTATE_TASK_INSTRUCTION: session.task.instruction,
      ENDSTATE_POLICY_FILE: policyFile,
    },
    isolation: options.isolation,
    limits: session.caps?.sandbox,
    mcpPort: Number(new URL(url).port),
    onConnection: (connection) => session.recordConnection?.(connection),
    files: [folder],
    stdio: 'drain',
    killAfterMs: KILL_AFTER_MS,
  });
}

/**
 * The mcp agent's preflight: the command is started as a trial starts it
 * (same sandbox, endpoint and files) and passes once its client completes
 * the MCP handshake; it is then ended, having called no tool. It fails when
 * it cannot start, exits first, or has not connected within `timeoutMs`.
 */
async function preflightMcpCommand(
  session: AgentSession,
  options: McpAgentOptions,
  { timeoutMs }: AgentPreflightOptions,
): Promise<AgentPreflight> {
  const endpoint = await listenMcpHttp(
    session.caps === undefined ? {} : { maxBodyBytes: session.caps.maxLineBytes },
  );
  endpoint.onRefused((refusal) => session.recordRefusedConnection(refusal));
  let initialized = (): void => undefined;
  const handshake = new Promise<'handshake'>((resolve) => {
    initialized = () => resolve('handshake');
  });
  const serving = serveSessionOverMcp(session, endpoint.transport, {
    onInitialized: () => initialized(),
  }).catch(() => undefined);
  const folder = await mkdtemp(join(tmpdir(), 'endstate-mcp-'));
  let child: RunningChild<'drain'> | undefined;
  const timeout = startTimeout(timeoutMs);
  try {
    const started = await startMcpCommand(session, options, endpoint.url, folder);
    if (started.type === 'start-error') {
      return {
        type: 'failed',
        reason: startFailed(started.error, options.command).message,
        stderr: '',
      };
    }
    child = started.child;
    const first = await Promise.race([handshake, child.exited, timeout.promise]);
    if (first === 'handshake') {
      return { type: 'passed', evidence: 'its client completed the MCP handshake' };
    }
    if (first === 'timeout') {
      const exit = await child.stop(0);
      return {
        type: 'failed',
        reason: `the MCP agent command did not complete the MCP handshake within ${timeoutMs / 1000} s of its start`,
        stderr: exit.stderrTail,
      };
    }
    const how =
      first.code === null ? `was killed by ${first.signal}` : `exited with code ${first.code}`;
    const limit = sandboxLimitOf(first, options.isolation, session.caps);
    return {
      type: 'failed',
      reason:
        (limit === undefined ? '' : `it reached its sandbox's ${limit}: `) +
        `the MCP agent command ${how} before completing the MCP handshake`,
      stderr: first.stderrTail,
    };
  } finally {
    timeout.cancel();
    await child?.stop(0);
    await endpoint.transport.close();
    await serving;
    await endpoint.close();
    await rm(folder, { recursive: true, force: true });
  }
}

function startFailed(error: ChildStartError, command: readonly string[]): Error {
  // The system's words (`spawn x ENOENT`) go too, unless the explanation already quotes them.
  const system = error.message.includes(error.systemMessage) ? '' : ` (${error.systemMessage})`;
  return new Error(
    `could not start the MCP agent command "${command.join(' ')}": ${error.message}${system}`,
    { cause: error },
  );
}

function judgeExit(exit: ChildExit, options: McpAgentOptions, session?: AgentSession): AgentResult {
  const shown = options.command.join(' ');
  if (exit.code === 0) {
    session?.note('the MCP agent command exited without calling finish');
    return { finalAnswer: null };
  }
  const how = exit.code === null ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  const stderr = exit.stderrTail.trim();
  const limit = sandboxLimitOf(exit, options.isolation, session?.caps);
  throw new Error(
    (limit === undefined ? '' : `it reached its sandbox's ${limit}: `) +
      `the MCP agent command "${shown}" ${how} before calling finish` +
      (stderr === ''
        ? ' (no stderr output)'
        : `; stderr (last ${STDERR_TAIL_BYTES} bytes):\n${stderr}`),
  );
}
