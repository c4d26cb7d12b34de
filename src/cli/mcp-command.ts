import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createMcpServerAgent, listenMcpHttp } from '../agent/index.js';
import type { McpHttpEndpoint } from '../agent/index.js';
import { EndstateError } from '../core/index.js';
import type { TrialRecord } from '../schema/index.js';
import { runSuite } from '../run/index.js';
import { openStore } from '../store/index.js';
import { loadSuite } from '../task/index.js';
import type { LoadSuiteOptions } from '../task/index.js';
import type { CliIo } from './cli-io.js';
import { guardInterrupts } from './interrupt-guard.js';
import { warnIfLockStale } from './lock-warning.js';
import { DEFAULT_STORE, storeSpecOf } from './store-path.js';
import { checkRunSeal } from './check-run-seal.js';
import { failedChecks } from '../schema/index.js';

export interface McpFlags {
  /** The id of the task to serve. */
  readonly task: string;
  readonly seed: number;
  /** Serve over Streamable HTTP on 127.0.0.1:PORT (0: any free port) instead of stdio. */
  readonly http?: number;
  readonly store: string;
}

/**
 * `endstate mcp <suite> --task ID`: one trial of one task, its tools served
 * to whichever MCP client connects (stdio, or `--http PORT`). The trial is
 * graded and stored like any other. stdout belongs to the protocol: every
 * human-readable line goes to stderr.
 */
export async function mcpCommand(
  suitePath: string,
  flags: McpFlags,
  io: CliIo,
  options: LoadSuiteOptions = {},
): Promise<number> {
  const suite = await loadSuite(resolve(io.cwd, suitePath), {
    displayPath: suitePath,
    ...options,
  });
  warnIfLockStale(suite, suitePath, io);
  const spec = storeSpecOf(flags.store, io.cwd);
  const task = suite.tasks.find((candidate) => candidate.id === flags.task);
  if (task === undefined) {
    throw new EndstateError('E_USAGE', `suite ${suite.name} has no task "${flags.task}"`, {
      hint: `Task ids: ${suite.tasks.map((candidate) => candidate.id).join(', ')}.`,
    });
  }
  const store = await openStore(spec.spec, io.cwd);
  let endpoint: McpHttpEndpoint | undefined;
  try {
    endpoint = flags.http === undefined ? undefined : await listenOn(flags.http);
  } catch (error) {
    await store.close();
    throw error;
  }
  const connection = endpoint ?? stdioConnection();
  const guard = guardInterrupts(store, (signal) =>
    io.err(`\n${signal}: the trial of ${task.id} was interrupted\n`),
  );
  try {
    const where =
      endpoint === undefined
        ? 'stdio (this process speaks MCP on stdin/stdout)'
        : `Streamable HTTP at ${endpoint.url}\n(the URL holds this trial's secret: give it to your client only; other clients are refused)`;
    io.err(`endstate mcp: serving task ${task.id} of suite ${suite.name} over ${where}\n`);
    io.err(`The trial ends when the client calls finish or disconnects.\n`);
    const agent = createMcpServerAgent({
      name: endpoint === undefined ? 'stdio' : 'http',
      connect: (session) => {
        endpoint?.onRefused((refusal) => session.recordRefusedConnection(refusal));
        return connection.transport;
      },
    });
    const result = await runSuite({
      suite,
      agent,
      tasks: [task],
      trials: 1,
      concurrency: 1,
      seed: flags.seed,
      // One client, one connection: an invalid trial cannot be rerun over it.
      maxReruns: 0,
      store,
      collect: false,
      onEvent: (event) => {
        if (event.type === 'run-start') guard.runId = event.run.run_id;
      },
    });
    // The verdict is read back from the store only once the record matches its seal.
    await checkRunSeal(store, result.run, { storePath: spec.display }, io);
    const [trial] = await store.listTrials(result.run.run_id);
    if (trial !== undefined) io.err(renderVerdict(trial));
    io.err(
      spec.type === 'memory'
        ? `Kept in run ${result.run.run_id} of the memory store: gone when this process exits.\n`
        : `Stored in run ${result.run.run_id}: \`endstate report latest${flags.store === DEFAULT_STORE ? '' : ` --store ${spec.display}`}\` shows it.\n`,
    );
    return 0;
  } finally {
    guard.release();
    await connection.close();
    await store.close();
  }
}

async function listenOn(port: number): Promise<McpHttpEndpoint> {
  try {
    return await listenMcpHttp({ port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new EndstateError(
      'E_USAGE',
      `cannot listen on 127.0.0.1:${port}: ${code ?? String(error)}`,
      {
        hint: 'Choose another port with --http PORT, or --http 0 for any free port.',
        cause: error,
      },
    );
  }
}

/** The stdio transport, closed when the client closes our stdin (it disconnected). */
function stdioConnection(): { transport: Transport; close: () => Promise<void> } {
  const transport = new StdioServerTransport();
  const onEnd = (): void => void transport.close();
  process.stdin.once('end', onEnd);
  return {
    transport,
    close: async () => {
      process.stdin.removeListener('end', onEnd);
      await transport.close();
    },
  };
}

/** A few lines for the person who drove the client: the verdict and what failed. */
export function renderVerdict(trial: TrialRecord): string {
  const lines = [
    `${trial.task_id}: ${trial.success ? 'success' : 'failed'} (${trial.terminal_reason}, exit ${trial.exit_reason})`,
  ];
  if (trial.error !== null) lines.push(`  error: ${trial.error}`);
  for (const check of failedChecks(trial)) lines.push(`  failed ${check.id}: ${check.message}`);
  lines.push(
    `  final answer: ${trial.final_answer === null ? '(none)' : JSON.stringify(trial.final_answer)}`,
  );
  return `${lines.join('\n')}\n`;
}
