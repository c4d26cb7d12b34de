import type { ModelCallRequest } from './model-caller.js';

/**
 * The smallest request that proves a model is reachable with the run's
 * key, name and base URL: one line of prompt, a few output tokens, and
 * (for an agent) one tool, so a model that cannot call tools is refused
 * here rather than in every trial.
 */
export function preflightRequest(role: ModelCallRequest['role']): ModelCallRequest {
  return {
    role,
    trial: { task_id: 'preflight', attempt: 0, rerun: 0, seed: 0 },
    callIndex: 0,
    options: {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Reply with the word OK.' }] }],
      maxOutputTokens: 16,
      ...(role === 'agent'
        ? {
            tools: [
              {
                type: 'function' as const,
                name: 'ping',
                description: 'Checks the connection; returns pong.',
                inputSchema: { type: 'object', properties: {} },
              },
            ],
            toolChoice: { type: 'auto' as const },
          }
        : {}),
    },
  };
}
