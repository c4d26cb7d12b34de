import { BASE_AGENT_ENV } from './sandbox-settings.js';

export interface AgentEnvironmentInput {
  /** endstate's own environment (process.env). */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** Names passed through on request (`--agent-env`). */
  readonly passThrough: readonly string[];
  /** What the protocol gives this program (ENDSTATE_*), and what its caller adds. */
  readonly given: Readonly<Record<string, string>>;
  /** The program's HOME and TMPDIR (in the sandbox: its private temp folder). */
  readonly home: string | undefined;
  readonly tmp: string | undefined;
}

/**
 * The whole environment of an agent program: declared variables only.
 * PATH, LANG and LC_ALL come from endstate's environment when set, HOME and
 * TMPDIR as given (the private temp folder in the sandbox), then the names passed through
 * and the protocol's variables. Nothing else, so a provider key reaches the
 * agent only when it is named.
 *
 * @example
 * agentEnvironment({ hostEnv: process.env, passThrough: ['OPENAI_API_KEY'], given: {}, home: '/tmp', tmp: '/tmp' });
 */
export function agentEnvironment(input: AgentEnvironmentInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...BASE_AGENT_ENV, ...input.passThrough]) {
    const value = input.hostEnv[name];
    if (value !== undefined) env[name] = value;
  }
  if (input.home !== undefined) env.HOME = input.home;
  if (input.tmp !== undefined) env.TMPDIR = input.tmp;
  return { ...env, ...input.given };
}

/** `--agent-env` names: letters, digits and underscores, not starting with a digit. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
