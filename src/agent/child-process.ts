import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { basename } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { startTimeout } from '../core/index.js';
import type {
  AgentIsolation,
  ConnectionListener,
  SandboxLimits,
  TrialRelay,
} from '../sandbox/index.js';
import { watchProcessGroup } from '../sandbox/index.js';

/**
 * What the program's stdin and stdout are. `pipe`: both are pipes the caller
 * talks over. `drain`: no stdin, and stdout is read and thrown away. Stderr is
 * always read, for its tail.
 */
export type ChildStdio = 'pipe' | 'drain';

export interface ChildProcessOptions<S extends ChildStdio> {
  /** The program and its arguments, run without a shell, e.g. `['python3', 'agent.py']`. */
  readonly command: readonly string[];
  /** Working directory of the program (default: endstate's). */
  readonly cwd?: string | undefined;
  /**
   * Variables for the program: added to endstate's own environment, or with
   * `isolation` the program's only variables besides the declared ones.
   */
  readonly env?: Readonly<Record<string, string>> | undefined;
  /** The sandbox (or `none`) the program starts in; without it, it runs as endstate does. */
  readonly isolation?: AgentIsolation | undefined;
  /** Files handed to the program (named in `env`): the sandbox shows them read-only. */
  readonly files?: readonly string[] | undefined;
  /** The task's own sandbox limits, over the run's. */
  readonly limits?: Partial<SandboxLimits> | undefined;
  /** With a relayed network: the trial's MCP endpoint port on the host, to relay to the agent. */
  readonly mcpPort?: number | undefined;
  /** With a relayed network: each connection the agent opened, for the trial's events. */
  readonly onConnection?: ConnectionListener | undefined;
  /**
   * With a relayed network: `beside` starts the program at once, beside
   * the relay's forwarder, and returns once the relay is ready (for a
   * program that needs the network only after its first message);
   * `before` (default) lets the forwarder start it once listening.
   */
  readonly relayStart?: 'before' | 'beside' | undefined;
  readonly stdio: S;
  /** How long the program has between SIGTERM and SIGKILL. */
  readonly killAfterMs: number;
}

/** How the program ended, with the end of what it wrote to stderr. */
export interface ChildExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The last {@link STDERR_TAIL_BYTES} bytes of stderr, cut at a character boundary. */
  readonly stderrTail: string;
}

export interface ChildPipes {
  readonly stdin: Writable;
  readonly stdout: Readable;
}

/** A started program. On POSIX it leads its own process group: signals reach its children too. */
export interface RunningChild<S extends ChildStdio> {
  readonly pipes: S extends 'pipe' ? ChildPipes : undefined;
  /** Resolves once the program has exited and its stderr has been read (or has had time to be). */
  readonly exited: Promise<ChildExit>;
  /** The exit, or undefined while the program still runs after `ms`. */
  waitForExit(ms: number): Promise<ChildExit | undefined>;
  /**
   * Closes stdin, gives the program `graceMs` to exit by itself, then sends
   * SIGTERM and, `killAfterMs` later, SIGKILL; then kills whatever is left
   * in its process group (children it left behind). Resolves with the exit.
   */
  stop(graceMs: number): Promise<ChildExit>;
  /** Destroys the pipes, and kills what the program left in its group; for when the caller is done with a program that has exited. */
  close(): void;
  /**
   * Resolves once the program's network is there: at once, except with a
   * relay started beside it (`relayStart: 'beside'`), once the relay
   * listens (or the program has exited). Read its output meanwhile: what a
   * program that exited wrote is dropped unless something reads it.
   */
  readonly ready: Promise<void>;
}

/** A program that could not be started; the message says why and how to fix it. */
export class ChildStartError extends Error {
  override readonly name = 'ChildStartError';
  /** The system's own words, e.g. `spawn my-agent ENOENT`. */
  readonly systemMessage: string;

  constructor(message: string, cause: Error) {
    super(message, { cause });
    this.systemMessage = cause.message;
  }
}

export type ChildStart<S extends ChildStdio> =
  | { readonly type: 'started'; readonly child: RunningChild<S> }
  | { readonly type: 'start-error'; readonly error: ChildStartError };

/** How long a relay beside the program may take to listen. */
const RELAY_READY_MS = 10_000;

/** Resolves once the relay listens, the program has exited, or the relay's time is up. */
async function relayReady(relay: TrialRelay, running: RunningChild<ChildStdio>): Promise<void> {
  const waited = startTimeout(RELAY_READY_MS);
  await Promise.race([relay.ready, running.exited, waited.promise]);
  waited.cancel();
}

/** How much of the program's stderr is kept. */
export const STDERR_TAIL_BYTES = 2048;

/** Programs that run a script named in their arguments. */
const INTERPRETERS = new Set([
  'node',
  'python',
  'python3',
  'bun',
  'deno',
  'ruby',
  'sh',
  'bash',
  'npx',
  'uv',
  'uvx',
]);

/**
 * The name a command goes by in the system spec: the program's file name,
 * or for an interpreter the script it runs (`node agents/refund.mjs` is
 * `refund.mjs`).
 */
export function programName(command: readonly string[]): string {
  const [program = '', ...args] = command;
  const name = basename(program);
  if (!INTERPRETERS.has(name.replace(/\.exe$/, ''))) return name;
  const script = args.find((arg) => !arg.startsWith('-') && arg !== 'run');
  return script === undefined ? name : basename(script);
}
/** How long after the exit the last of stderr may take to arrive. */
const STDERR_SETTLE_MS = 250;
/** After the exit, pipes still held open (by the program's own children) are destroyed after this. */
const ORPHANED_PIPES_MS = 1000;

/** Kills of the programs still running, for when endstate itself exits first. */
const liveChildren = new Set<() => void>();
let isExitHookInstalled = false;

/**
 * Starts a program for one trial. It never outlives endstate: it is killed,
 * with its process group, when endstate exits.
 *
 * @example
 * const started = await startChildProcess({ command: ['node', 'agent.mjs'], stdio: 'drain', killAfterMs: 2000 });
 * if (started.type === 'started') await started.child.stop(1000);
 */
export async function startChildProcess<S extends ChildStdio>(
  options: ChildProcessOptions<S>,
): Promise<ChildStart<S>> {
  let relay: TrialRelay | undefined;
  try {
    relay = await options.isolation?.openRelay?.({
      onConnection: options.onConnection ?? (() => undefined),
      ...(options.relayStart === undefined ? {} : { start: options.relayStart }),
      ...(options.mcpPort === undefined ? {} : { mcpPort: options.mcpPort }),
    });
  } catch (error) {
    return {
      type: 'start-error',
      error: new ChildStartError((error as Error).message, error as Error),
    };
  }
  const child = spawnLaunch(options, relay);
  const failure = await new Promise<Error | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', resolve);
  });
  if (failure !== undefined) {
    await relay?.close();
    return { type: 'start-error', error: startError(failure, options) };
  }
  const running = watchChild(child, options);
  // The relays live as long as the program: closed once it has exited.
  if (relay !== undefined) void running.exited.then(() => relay.close());
  if (relay === undefined || options.relayStart !== 'beside') {
    return { type: 'started', child: running };
  }
  // The program runs already; its network is there once the forwarder listens.
  return { type: 'started', child: { ...running, ready: relayReady(relay, running) } };
}

/** Spawns the program as its isolation launches it (with the relay's part), or as it is. */
function spawnLaunch(
  options: ChildProcessOptions<ChildStdio>,
  relay: TrialRelay | undefined,
): ChildProcess {
  const launch = options.isolation?.launch({
    command: options.command,
    cwd: options.cwd ?? process.cwd(),
    env: { ...options.env, ...relay?.env },
    files: [...(options.files ?? []), ...(relay?.files ?? [])],
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(relay === undefined ? {} : { wrapper: relay.wrapper }),
  });
  const [file = '', ...args] = launch?.command ?? options.command;
  // Handed over as descriptors 3, 4 ...: the child keeps its copies, endstate closes its own.
  const descriptors = (launch?.descriptorFiles ?? []).map((path) => openSync(path, 'r'));
  try {
    return spawn(file, args, {
      cwd: launch?.cwd ?? options.cwd,
      env: launch?.env ?? { ...process.env, ...options.env },
      stdio: [options.stdio === 'pipe' ? 'pipe' : 'ignore', 'pipe', 'pipe', ...descriptors],
      // Its own process group (POSIX), so the program's own children are stopped with it.
      detached: process.platform !== 'win32',
      windowsHide: true,
      ...(launch?.uid === undefined ? {} : { uid: launch.uid }),
      ...(launch?.gid === undefined ? {} : { gid: launch.gid }),
    });
  } finally {
    for (const descriptor of descriptors) closeSync(descriptor);
  }
}

function watchChild<S extends ChildStdio>(
  child: ChildProcess,
  options: ChildProcessOptions<S>,
): RunningChild<S> {
  const { stdin, stdout } = child;
  // A program that exits early makes writes fail (EPIPE): each write's callback reports it.
  stdin?.on('error', () => undefined);
  stdout?.on('error', () => stdout.destroy());
  if (options.stdio === 'drain') stdout?.resume();
  const stderr = collectStderr(child);
  const signals = createSignaller(child);
  const gone = new Promise<Pick<ChildExit, 'code' | 'signal'>>((resolve) => {
    child.once('exit', (code, signal) => {
      signals.exited();
      const orphaned = startTimeout(ORPHANED_PIPES_MS);
      child.once('close', () => orphaned.cancel());
      void orphaned.promise.then(() => destroyPipes(child));
      resolve({ code, signal });
    });
  });
  const exited = gone.then(async (status) => {
    await within(stderr.closed, STDERR_SETTLE_MS);
    return { ...status, stderrTail: stderr.tail(signals.error()) };
  });
  const waitForExit = async (ms: number): Promise<ChildExit | undefined> =>
    (await within(gone, ms)) === undefined ? undefined : exited;

  let terminating: Promise<ChildExit> | undefined;
  const terminate = (): Promise<ChildExit> => {
    terminating ??= (async () => {
      signals.send('SIGTERM');
      const exit = await waitForExit(options.killAfterMs);
      if (exit !== undefined) return exit;
      signals.send('SIGKILL');
      return exited;
    })();
    return terminating;
  };
  return {
    pipes: (stdin === null || stdout === null
      ? undefined
      : { stdin, stdout }) as RunningChild<S>['pipes'],
    exited,
    waitForExit,
    async stop(graceMs) {
      if (stdin !== null && !stdin.writableEnded && !stdin.destroyed) stdin.end();
      const exit = (graceMs > 0 ? await waitForExit(graceMs) : undefined) ?? (await terminate());
      signals.reap();
      return exit;
    },
    ready: Promise.resolve(),
    close: () => {
      // Once the program has exited, nothing of its group outlives the caller's use of it.
      if (signals.hasExited()) signals.reap();
      destroyPipes(child);
    },
  };
}

/**
 * Sends signals to the program's process group while it runs, and when
 * endstate exits first; the watchdog kills the group if endstate dies
 * without running its exit hook (SIGKILL).
 */
function createSignaller(child: ChildProcess) {
  let hasExited = false;
  let isReaped = false;
  let signalError: Error | undefined;
  // After the start, 'error' means a signal could not be sent: the exit wait still ends it.
  child.on('error', (error) => void (signalError ??= error));
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (isReaped || child.pid === undefined) return;
    try {
      if (process.platform === 'win32') child.kill(signal);
      else process.kill(-child.pid, signal);
    } catch (error) {
      // ESRCH: it (and its group) exited between the check and the kill.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') signalError ??= error as Error;
    }
  };
  const send = (signal: NodeJS.Signals): void => {
    if (!hasExited) signalGroup(signal);
  };
  // Until the trial reaps it, the group is killed if endstate exits (its exit hook) or dies (the watchdog).
  const killNow = (): void => signalGroup('SIGKILL');
  liveChildren.add(killNow);
  if (!isExitHookInstalled) {
    isExitHookInstalled = true;
    process.on('exit', () => liveChildren.forEach((killChild) => killChild()));
  }
  const unwatch =
    process.platform === 'win32' || child.pid === undefined
      ? () => undefined
      : watchProcessGroup(child.pid);
  const forget = (): void => {
    isReaped = true;
    liveChildren.delete(killNow);
    unwatch();
  };
  return {
    send,
    exited(): void {
      hasExited = true;
      // Nothing left in its group: forget it now, so no later kill can reach a reused id.
      if (process.platform !== 'win32' && child.pid !== undefined && !isGroupAlive(child.pid)) {
        forget();
      }
    },
    hasExited: (): boolean => hasExited,
    /**
     * Kills what is left of the program's process group (children it left
     * running after it exited) and forgets it. A group with members keeps
     * its id, so the id cannot belong to anyone else yet.
     */
    reap(): void {
      if (isReaped) return;
      if (process.platform !== 'win32') signalGroup('SIGKILL');
      forget();
    },
    error: (): Error | undefined => signalError,
  };
}

/** Whether any process is still in the group (signal 0 checks without sending). */
function isGroupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Keeps the last {@link STDERR_TAIL_BYTES} of stderr. */
function collectStderr(child: ChildProcess) {
  let bytes = Buffer.alloc(0);
  child.stderr?.on('data', (chunk: Buffer) => {
    bytes = Buffer.concat([bytes, chunk]).subarray(-STDERR_TAIL_BYTES);
  });
  const closed = new Promise<void>((resolve) => {
    if (child.stderr === null) resolve();
    else child.stderr.once('close', resolve);
  });
  return {
    closed,
    tail(signalError: Error | undefined): string {
      // A cut in the middle of a character leaves continuation bytes (0x80-0xbf) at the start.
      let start = 0;
      while (start < bytes.length && (bytes[start] ?? 0) >= 0x80 && (bytes[start] ?? 0) < 0xc0) {
        start++;
      }
      const text = bytes.subarray(start).toString('utf8');
      return signalError === undefined ? text : `${text}\n(harness: ${signalError.message})`;
    },
  };
}

function destroyPipes(child: ChildProcess): void {
  child.stdin?.destroy();
  child.stdout?.destroy();
  child.stderr?.destroy();
}

/** `promise`'s value, or undefined if it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  const timeout = startTimeout(ms);
  try {
    const settled = await Promise.race([promise.then((value) => ({ value })), timeout.promise]);
    return settled === 'timeout' ? undefined : settled.value;
  } finally {
    timeout.cancel();
  }
}

function startError(error: Error, options: ChildProcessOptions<ChildStdio>): ChildStartError {
  const program = options.command[0] ?? '';
  const command = JSON.stringify(options.command);
  const code = (error as NodeJS.ErrnoException).code;
  if (options.cwd !== undefined && !existsSync(options.cwd)) {
    return new ChildStartError(
      `could not start ${command}: its working directory ${options.cwd} does not exist`,
      error,
    );
  }
  if (code === 'ENOENT') {
    return new ChildStartError(
      `command not found: ${program} (from ${command}); give a path to the program or a program on PATH`,
      error,
    );
  }
  if (code === 'EACCES') {
    return new ChildStartError(
      `${program} is not executable (EACCES); make it executable or run it through its interpreter`,
      error,
    );
  }
  return new ChildStartError(`could not start ${command}: ${error.message}`, error);
}
