import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/**
 * The watchdog: one small process per endstate process that holds a pipe
 * from it and, when the pipe reaches end of file (endstate exited, even by
 * SIGKILL), kills every process group still registered. It ignores the
 * signals a terminal sends to its whole group, and is in its own session.
 */
const WATCHDOG_SCRIPT = `
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
const groups = new Set();
let pending = '';
const killAll = () => {
  for (const group of groups) { try { process.kill(-group, 'SIGKILL'); } catch {} }
  process.exit(0);
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let end = pending.indexOf('\\n'); end >= 0; end = pending.indexOf('\\n')) {
    const line = pending.slice(0, end);
    pending = pending.slice(end + 1);
    const group = Number(line.slice(1));
    if (!Number.isInteger(group) || group <= 1) continue;
    if (line[0] === '+') groups.add(group); else groups.delete(group);
  }
});
process.stdin.on('end', killAll);
process.stdin.on('error', killAll);
`;

let watchdog: ChildProcess | undefined;

function started(): ChildProcess | undefined {
  if (process.platform === 'win32') return undefined;
  if (watchdog === undefined) {
    watchdog = spawn(process.execPath, ['-e', WATCHDOG_SCRIPT], {
      stdio: ['pipe', 'ignore', 'ignore'],
      detached: true,
      env: {},
    });
    watchdog.on('error', () => {
      // Could not start: the exit hook still kills the groups on a normal exit.
      watchdog = undefined;
    });
    watchdog.stdin?.on('error', () => undefined);
    // Neither the watchdog nor its pipe keeps endstate alive.
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }
  return watchdog;
}

/**
 * Registers a process group with the watchdog: it is killed if endstate
 * dies before calling the returned function (when the group is gone).
 *
 * @example
 * const release = watchProcessGroup(child.pid);
 * child.once('exit', release);
 */
export function watchProcessGroup(groupId: number): () => void {
  const guard = started();
  if (guard?.stdin == null) return () => undefined;
  guard.stdin.write(`+${groupId}\n`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (guard.stdin?.writable === true) guard.stdin.write(`-${groupId}\n`);
  };
}
