/**
 * Exit codes of every command, in order of precedence when several apply:
 * bad input (2) stops before anything runs; then invalid trials (4), since
 * a figure resting on fewer trials than planned cannot be judged; then a
 * gate (1). 3 is a bug in endstate. 4 is also a model provider's refusal
 * that no retry can fix (a wrong key, model name or base URL), which stops
 * the run, and an agent program that fails its preflight (it cannot start
 * or does not speak its protocol), which stops the run before any trial.
 * Signals exit 130 (SIGINT) or 143 (SIGTERM), from the interrupt guard. docs/cli.md "Exit codes" lists them.
 */
export const EXIT = {
  ok: 0,
  gate: 1,
  usage: 2,
  internal: 3,
  invalid: 4,
  provider: 4,
  program: 4,
} as const;
