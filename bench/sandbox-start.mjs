// Sandbox start benchmark: what the agent sandbox adds to each trial's start.
// For a tiny command agent it times, over fresh programs, the start of the
// program (as a command agent starts it: startChildProcess, with the
// isolation the CLI builds from its flags) to the program's first line on
// stdout, unsandboxed and in the sandbox with each network. Prints one JSON
// object. Run by bench/run.mjs in a process of its own (with 5 starts);
// alone: `node bench/sandbox-start.mjs` (after `npm run build`).
//
// BENCH_SANDBOX_RUNS: timed starts per agent and mode (default 30). At the
// smoke size (`--smoke`, bench/smoke.mjs): one start of each, no warm-up,
// one build of each isolation. With ENDSTATE_REQUIRE_SANDBOX=1 (CI sets
// it) a sandboxed mode that cannot run is an error instead of skipped.
// ENDSTATE_DIST (or `--dist=FOLDER`): the build to measure (default ../dist),
// so that two builds can be compared; builds older than the relayed network
// are measured without the `relay` mode.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { pickSize, smokeMark } from './smoke.mjs';

const root = resolve(import.meta.dirname, '..');
const distFlag = process.argv.find((arg) => arg.startsWith('--dist='));
const dist = resolve(
  distFlag?.slice('--dist='.length) ?? process.env.ENDSTATE_DIST ?? join(root, 'dist'),
);
const RUNS = pickSize(Number(process.env.BENCH_SANDBOX_RUNS ?? 30), 1);
/** Untimed starts of each agent and mode before the timed ones. */
const WARM_UPS = pickSize(1, 0);
/** Builds of the isolation timed per mode (each sandboxed one runs the pre-run probe). */
const BUILDS = pickSize(3, 1);

const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { agentIsolation } = await load('cli/agent-sandbox.js');
const { startChildProcess } = await load('agent/child-process.js');
const { AGENT_NETWORKS } = await load('sandbox/index.js');

/** The agents: each prints one line at once, and exits when its stdin closes (as a command agent waits for its messages). */
const AGENTS = {
  node: ['node', '-e', "process.stdout.write('ready\\n'); process.stdin.resume()"],
  sh: ['/bin/sh', '-c', 'echo ready; cat >/dev/null'],
};

/** The modes, as run flags; `relay` only where the build has it. */
const MODES = {
  unsandboxed: { sandbox: false },
  sandbox_none: { sandbox: true, agentNetwork: 'none' },
  sandbox_host: { sandbox: true, agentNetwork: 'host' },
  ...(AGENT_NETWORKS.includes('relay')
    ? { sandbox_relay: { sandbox: true, agentNetwork: 'relay' } }
    : {}),
};

const DEFINITIONS = {
  first_line_ms:
    "from the call that starts the agent's program (opening the trial's relay included) to its first line on stdout and its network being up (a command agent's first message waits for the relay, which starts beside it)",
  exit_ms: 'from the same call to the program having exited (its stderr read)',
  ratio: "the mode's median first_line_ms over the unsandboxed one's, for the same agent",
  isolation_build_ms:
    "building the isolation from the flags, once per run (the CLI's agentIsolation: finding the programs and, sandboxed, one empty sandbox started as a probe)",
};

const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => {
  const ordered = sorted(values);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1 ? ordered[middle] : (ordered[middle - 1] + ordered[middle]) / 2;
};
/** Nearest rank. */
const percentile = (values, share) =>
  sorted(values)[Math.max(0, Math.ceil(share * values.length) - 1)];

/** One start: milliseconds to the first stdout line and to the exit. */
async function timeStart(command, isolation, cwd) {
  const start = performance.now();
  const started = await startChildProcess({
    command,
    cwd,
    env: {},
    isolation,
    onConnection: () => undefined,
    // As a command agent starts: beside the relay's forwarder (older builds ignore it).
    relayStart: 'beside',
    stdio: 'pipe',
    killAfterMs: 1000,
  });
  if (started.type === 'start-error') throw started.error;
  const { child } = started;
  // Builds without `ready` start the program once its relay listens.
  const readyMs = (child.ready ?? Promise.resolve()).then(() => performance.now() - start);
  const lineMs = await new Promise((done, fail) => {
    let text = '';
    child.pipes.stdout.setEncoding('utf8');
    child.pipes.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) done(performance.now() - start);
    });
    void child.exited.then((exit) => {
      if (!text.includes('\n')) {
        fail(
          new Error(`${command.join(' ')} printed no line (exit ${exit.code}): ${exit.stderrTail}`),
        );
      }
    });
  });
  const firstLineMs = Math.max(lineMs, await readyMs);
  child.pipes.stdin.end();
  const exit = await child.exited;
  const exitMs = performance.now() - start;
  child.close();
  if (exit.code !== 0)
    throw new Error(`${command.join(' ')} exited with ${exit.code}: ${exit.stderrTail}`);
  return { firstLineMs, exitMs };
}

const folder = mkdtempSync(join(tmpdir(), 'endstate-sandbox-start-'));
// The run's folders, hidden from the agent as in a run.
const hidden = {
  cwd: join(folder, 'work'),
  suite: join(folder, 'suite'),
  store: join(folder, 'store', 'endstate.db'),
};
for (const path of [hidden.cwd, hidden.suite, join(folder, 'store')]) mkdirSync(path);
try {
  const isolations = {};
  const buildMs = {};
  const skipped = {};
  for (const [agent, command] of Object.entries(AGENTS)) {
    isolations[agent] = {};
    for (const [mode, flags] of Object.entries(MODES)) {
      try {
        const times = [];
        for (let i = 0; i < BUILDS; i++) {
          const start = performance.now();
          isolations[agent][mode] = agentIsolation(flags, command, hidden);
          times.push(performance.now() - start);
        }
        if (agent === 'node') buildMs[mode] = round(median(times));
      } catch (error) {
        // No bubblewrap, or no user namespaces: the sandboxed modes are reported as skipped.
        if (error.code !== 'E_SANDBOX' || process.env.ENDSTATE_REQUIRE_SANDBOX === '1') throw error;
        skipped[mode] = error.message.split('\n')[0];
        delete isolations[agent][mode];
      }
    }
  }
  const modes = Object.keys(MODES).filter((mode) => skipped[mode] === undefined);
  const samples = {};
  for (const agent of Object.keys(AGENTS)) {
    samples[agent] = Object.fromEntries(modes.map((mode) => [mode, { firstLine: [], exit: [] }]));
  }
  // WARM_UPS untimed starts of each, then the modes take turns in a rotating
  // order, so that drift of a shared machine's speed falls on all alike.
  for (let run = -WARM_UPS; run < RUNS; run++) {
    for (const [agent, command] of Object.entries(AGENTS)) {
      for (let turn = 0; turn < modes.length; turn++) {
        const mode = modes[(Math.max(run, 0) + turn) % modes.length];
        const timed = await timeStart(command, isolations[agent][mode], hidden.cwd);
        if (run < 0) continue;
        samples[agent][mode].firstLine.push(timed.firstLineMs);
        samples[agent][mode].exit.push(timed.exitMs);
      }
    }
  }
  const agents = {};
  for (const agent of Object.keys(AGENTS)) {
    const base = median(samples[agent].unsandboxed.firstLine);
    agents[agent] = Object.fromEntries(
      modes.map((mode) => {
        const { firstLine, exit } = samples[agent][mode];
        return [
          mode,
          {
            first_line_ms: {
              median: round(median(firstLine)),
              p90: round(percentile(firstLine, 0.9)),
              min: round(Math.min(...firstLine)),
            },
            exit_median_ms: round(median(exit)),
            ratio: round(median(firstLine) / base, 2),
          },
        ];
      }),
    );
  }
  const result = {
    ...smokeMark,
    node: process.version,
    dist,
    is_root: process.getuid?.() === 0,
    runs: RUNS,
    default_network: AGENT_NETWORKS.includes('relay') ? 'relay' : 'host',
    definitions: DEFINITIONS,
    agents,
    isolation_build_ms: buildMs,
    ...(Object.keys(skipped).length > 0 ? { skipped } : {}),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
