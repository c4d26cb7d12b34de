#!/usr/bin/env node
// A tiny MCP client that acts as an agent for the support suite's refund
// task (refund-8842). It is deliberately scripted, not a model: it shows the
// protocol an MCP-capable agent of your own speaks with endstate.
//
//   endstate run examples/support --tasks refund-8842 \
//     --agent mcp --command 'node examples/agents/mcp-refund-client.mjs'
//
// or, against one trial served by `endstate mcp examples/support --task
// refund-8842 --http 8765`:
//
//   ENDSTATE_MCP_URL=http://127.0.0.1:8765/mcp/SECRET node examples/agents/mcp-refund-client.mjs
//
// endstate starts this program once per trial with:
//   ENDSTATE_MCP_URL           the trial's Streamable HTTP MCP endpoint
//   ENDSTATE_MCP_CONFIG        the same as an {"mcpServers": ...} config file
//   ENDSTATE_TASK_INSTRUCTION  the user's first message
//   ENDSTATE_POLICY_FILE       a file holding the policy the agent must follow
// Besides the environment's tools, the server offers two harness tools:
// send_message_to_user (returns the user's reply) and finish (ends the trial
// with your final answer). Anything printed here is for humans: stderr is
// kept for the trial's error message if the program fails.

import { URL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const url = process.env.ENDSTATE_MCP_URL;
if (url === undefined) {
  console.error('ENDSTATE_MCP_URL is not set: run me through `endstate run --agent mcp`.');
  process.exit(2);
}

const client = new Client({ name: 'mcp-refund-client', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
// The server's instructions end with the user's first message.
const instruction =
  process.env.ENDSTATE_TASK_INSTRUCTION ??
  /The user says: ([\s\S]*)$/.exec(client.getInstructions() ?? '')?.[1] ??
  '';

/** Calls a tool; returns its structured result (or its parsed JSON text), throws on a tool error. */
async function call(name, args) {
  const result = await client.callTool({ name, arguments: args });
  const text = result.content.find((part) => part.type === 'text')?.text ?? '';
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  if (result.structuredContent !== undefined) return result.structuredContent;
  try {
    return JSON.parse(text);
  } catch {
    return text; // harness tools may answer in plain text
  }
}

try {
  // 1. Discover the tools: a real agent would hand these (with their JSON
  //    Schemas) to its model; the server's instructions hold the policy.
  const { tools } = await client.listTools();
  console.error(`tools: ${tools.map((tool) => tool.name).join(', ')}`);

  // 2. Read the order number from the user's first message.
  const orderId = /\b(\d{3,})\b/.exec(instruction)?.[1];
  if (orderId === undefined) {
    await call('finish', { final_answer: 'Could you tell me the number of the order?' });
  } else {
    // 3. Look the order up, check it may be refunded and compute the amount.
    const order = await call('get_order', { order_id: orderId });
    const eligibility = await call('check_eligibility', { order_id: orderId });
    if (!eligibility.eligible) {
      await call('finish', {
        final_answer: `Sorry, order ${orderId} cannot be refunded: ${eligibility.detail}`,
      });
    } else {
      const refund = await call('calculate_refund', { order_id: orderId });
      const amount = refund.amount_formatted; // e.g. "$42.99"

      // 4. Refunds are irreversible: ask the user first, and wait for a yes.
      const { reply } = await call('send_message_to_user', {
        text: `Order ${orderId} is eligible for a full refund of ${amount} to your original payment method. Shall I proceed?`,
      });
      console.error(`user: ${reply}`);
      if (!/\b(yes|go ahead|please do|ok(ay)?|sure)\b/i.test(reply)) {
        await call('finish', { final_answer: `Understood, I have not refunded order ${orderId}.` });
      } else {
        // 5. Refund in integer cents, exactly as calculate_refund returned them.
        await call('process_refund', { order_id: orderId, amount_cents: refund.amount_cents });

        // 6. Confirm by email, with the amount in the body.
        const email = order.customer?.email ?? order.customer_email;
        const name = (order.customer?.name ?? '').split(' ')[0] || 'there';
        await call('send_email', {
          to: email,
          subject: `Your refund for order ${orderId}`,
          body: `Hi ${name}, we have refunded ${amount} for order ${orderId} to your original payment method. It should arrive within 5-10 business days.`,
        });

        // 7. End the trial with the final answer to the user.
        await call('finish', {
          final_answer: `Done: order ${orderId} has been refunded (${amount}) and a confirmation email is on its way to ${email}.`,
        });
      }
    }
  }
} finally {
  await client.close();
}
