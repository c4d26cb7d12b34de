import { agentEnvironment } from './agent-environment.js';
import { buildBwrapArgs } from './build-bwrap-args.js';
import type { PathProbe, SandboxLayout } from './plan-sandbox.js';
import { planSandbox } from './plan-sandbox.js';
import type { SandboxSettings } from './sandbox-settings.js';

/** One program to start: the command, where, with which variables, and files handed to it. */
export interface AgentLaunchRequest {
  readonly command: readonly string[];
  readonly cwd: string;
  /** The protocol's variables (ENDSTATE_*) and any the caller declares. */
  readonly env: Readonly<Record<string, string>>;
  /** Files the harness hands the program (paths in `env`): visible read-only. */
  readonly files: readonly string[];
}

/** What to spawn instead: for the sandbox, bwrap and its arguments. */
export interface AgentLaunch {
  readonly command: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

/** How the harness starts agent programs; its settings go into the system spec. */
export interface AgentIsolation {
  readonly settings: SandboxSettings;
  launch(request: AgentLaunchRequest): AgentLaunch;
}

export interface AgentIsolationOptions {
  readonly settings: SandboxSettings;
  /** endstate's own environment, the source of PATH, LANG and --agent-env names. */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** For `bubblewrap`: the bwrap program and what the agent may see. */
  readonly bubblewrap?: { readonly program: string; readonly layout: SandboxLayout };
  readonly probe: PathProbe;
}

/**
 * Starts agent programs in bubblewrap (kind `bubblewrap`) or directly
 * (`none`); either way with declared variables only.
 *
 * @example
 * const isolation = createAgentIsolation({ settings, hostEnv: process.env, bubblewrap, probe: nodePathProbe });
 * const launch = isolation.launch({ command: ['node', 'agent.mjs'], cwd, env: {}, files: [] });
 */
export function createAgentIsolation(options: AgentIsolationOptions): AgentIsolation {
  const { settings, hostEnv, bubblewrap } = options;
  if (settings.kind === 'none' || bubblewrap === undefined) {
    return {
      settings,
      launch: (request) => ({
        command: request.command,
        cwd: request.cwd,
        env: agentEnvironment({
          hostEnv,
          passThrough: settings.env,
          given: request.env,
          home: hostEnv.HOME,
          tmp: hostEnv.TMPDIR,
        }),
      }),
    };
  }
  // Checked once up front, so a clash is a usage error before the run, not a trial error.
  planSandbox(bubblewrap.layout, { cwd: '/', files: [] }, options.probe);
  return {
    settings,
    launch(request) {
      const plan = planSandbox(
        bubblewrap.layout,
        { cwd: request.cwd, files: request.files },
        options.probe,
      );
      return {
        command: [bubblewrap.program, ...buildBwrapArgs(plan), '--', ...request.command],
        cwd: '/',
        env: agentEnvironment({
          hostEnv,
          passThrough: settings.env,
          given: request.env,
          home: plan.tmp,
          tmp: plan.tmp,
        }),
      };
    },
  };
}
