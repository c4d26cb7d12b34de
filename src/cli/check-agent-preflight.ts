import { EndstateError } from '../core/index.js';
import { preflightAgent } from '../run/index.js';
import type { RunPlan } from '../run/index.js';

/** Lines of the program's stderr an agent preflight failure shows. */
const PREFLIGHT_STDERR_LINES = 20;

/**
 * Starts a command or mcp agent's program once before the first trial
 * (run/agent-preflight.ts) and stops the run, exit 4, when it cannot start
 * or speak its protocol: the program's own words (its stderr, unmasked)
 * say why, instead of one truncated agent_error per trial.
 */
export async function checkAgentPreflight(plan: RunPlan): Promise<void> {
  const outcome = await preflightAgent(plan);
  if (outcome.type !== 'failed') return;
  const { kind, options } = plan.agent.spec;
  const command = Array.isArray(options.command) ? options.command.map(String).join(' ') : kind;
  const stderr = lastLines(outcome.stderr, PREFLIGHT_STDERR_LINES);
  throw new EndstateError(
    'E_AGENT_PREFLIGHT',
    [
      `the ${kind} agent failed its preflight, so no trial was run: ${outcome.reason}`,
      `  (started once on task ${outcome.task_id}, as its trials start it: ${command})`,
      stderr === ''
        ? 'Its stderr was empty.'
        : `Its stderr (last ${PREFLIGHT_STDERR_LINES} lines at most):\n${indent(stderr)}`,
    ].join('\n'),
    {
      hint:
        `Check the program and its path in --command (relative to the working folder); run it by hand (${command}) and see that it ` +
        (kind === 'mcp'
          ? 'connects to ENDSTATE_MCP_URL (docs/mcp.md)'
          : 'reads the start message on stdin and writes one JSON message per stdout line, logs to stderr (docs/command-protocol.md)') +
        '; a program that runs only outside the sandbox needs --agent-mount or --agent-dir (docs/sandbox.md). --no-preflight skips this check.',
      details: { task_id: outcome.task_id, reason: outcome.reason },
    },
  );
}

/** The last `count` lines of `text`, without the blank lines that end it. */
function lastLines(text: string, count: number): string {
  const lines = text.trimEnd().split('\n');
  return lines.slice(-count).join('\n').replace(/^\n+/, '');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}
