import { z } from 'zod';
import { defineTool } from '../../environment/index.js';

// Descriptions are tau-bench's airline ones (MIT, Sierra): `think` words its
// purpose a little differently from the retail tool.

export const think = defineTool({
  name: 'think',
  description:
    'Use the tool to think about something. It will not obtain new information or change the database, but just append the thought to the log. Use it when complex reasoning is needed.',
  input: z.strictObject({
    thought: z.string().describe('A thought to think about.'),
  }),
  effect: 'read',
  run: () => '',
});

export const transferToHumanAgents = defineTool({
  name: 'transfer_to_human_agents',
  description:
    "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent, or if the user's issue cannot be resolved by the agent with the available tools.",
  input: z.strictObject({
    summary: z.string().describe("A summary of the user's issue."),
  }),
  effect: 'read',
  terminates: true,
  run: () => 'Transfer successful',
});
