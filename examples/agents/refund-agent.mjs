#!/usr/bin/env node
// A rule-based refund agent for the support suite (examples/support), written as a
// reference for anyone writing a `command` agent in any language. It uses no
// model and no dependencies: only the endstate-command/1 protocol
// (docs/command-protocol.md), which is JSON lines on stdin and stdout.
//
// The harness starts it once per trial, e.g. as
//   createCommandAgent({ command: ['node', 'examples/agents/refund-agent.mjs'] })
//
// The shape of every command agent:
//   1. read the `start` message (task, tools, trial, budget);
//   2. send requests, one line each, and read exactly one answer to each
//      `tool_call` (a `tool_result`) and each `say` (a `user` or `user_stop`);
//   3. send `final` with the last words to the user, and exit.
// Logs go to stderr: stdout carries protocol messages only.

import { createInterface } from 'node:readline';

// --- The protocol: four small functions ------------------------------------

const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
const incoming = input[Symbol.asyncIterator]();

/** Writes one message as one line of JSON. */
function send(message) {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/** Reads the harness's next message. `stop` (or the end of stdin) means the trial is over. */
async function receive() {
  const { value, done } = await incoming.next();
  if (done) process.exit(0);
  const message = JSON.parse(value);
  if (message.type === 'stop') {
    console.error(`stopped by the harness: ${message.reason}`);
    process.exit(0);
  }
  return message;
}

let callCount = 0;

/** Calls a tool. Tool errors are answers too: `{ ok: false, error: { code, message } }`. */
async function callTool(tool, args) {
  const id = `call-${++callCount}`;
  send({ type: 'tool_call', id, tool, args });
  const answer = await receive();
  if (answer.type !== 'tool_result' || answer.id !== id) {
    throw new Error(`expected the tool_result of ${id}, got ${JSON.stringify(answer)}`);
  }
  return answer;
}

/** Says something to the user and returns the reply, or null when the user ended the chat. */
async function ask(text) {
  send({ type: 'say', text });
  const answer = await receive();
  return answer.type === 'user' ? answer.text : null;
}

/** The agent's last words; the harness then closes stdin and the program exits. */
function finish(text) {
  send({ type: 'final', text });
}

// --- The agent's rules -------------------------------------------------------

const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;
const isYes = (text) =>
  /\b(yes|yeah|yep|sure|ok|okay|go ahead|proceed|please do|confirm)\b/i.test(text) &&
  !/\b(no|don'?t|do not|not yet|wait)\b/i.test(text);

async function main() {
  const start = await receive();
  if (start.type !== 'start' || start.protocol !== 'endstate-command/1') {
    throw new Error(`unexpected first message: ${JSON.stringify(start)}`);
  }

  // The order number: 4+ digits in the user's first message, or ask once.
  let orderId = start.task.instruction.match(/\b\d{4,}\b/)?.[0];
  if (orderId === undefined) {
    const reply = await ask('Could you give me the order number you would like refunded?');
    orderId = reply?.match(/\b\d{4,}\b/)?.[0];
    if (orderId === undefined) return finish('I need an order number to look into a refund.');
  }
  send({ type: 'note', text: `refund-agent: working on order ${orderId}` });

  const order = await callTool('get_order', { order_id: orderId });
  if (!order.ok) return finish(`I could not find order ${orderId}: ${order.error.message}`);

  const eligibility = await callTool('check_eligibility', { order_id: orderId });
  if (!eligibility.ok)
    return finish(`I could not check order ${orderId}: ${eligibility.error.message}`);
  if (!eligibility.result.eligible) {
    return finish(`I'm sorry, order ${orderId} cannot be refunded. ${eligibility.result.detail}`);
  }

  const refund = await callTool('calculate_refund', { order_id: orderId });
  if (!refund.ok) return finish(`I could not calculate the refund: ${refund.error.message}`);
  const amountCents = refund.result.amount_cents;
  const items = order.result.items.map((item) => item.name.toLowerCase()).join(', ');

  // Refunds are irreversible: ask first, with the amount, and act only on a yes.
  const reply = await ask(
    `Order ${orderId} (${items}) is eligible for a refund of ${dollars(amountCents)} ` +
      'to your original payment method. Shall I proceed?',
  );
  if (reply === null || !isYes(reply)) {
    return finish(`Understood: I have not refunded order ${orderId}.`);
  }

  const processed = await callTool('process_refund', {
    order_id: orderId,
    amount_cents: amountCents,
  });
  if (!processed.ok) return finish(`The refund did not go through: ${processed.error.message}`);

  const customer = order.result.customer;
  let emailed = false;
  if (customer?.email) {
    const email = await callTool('send_email', {
      to: customer.email,
      subject: `Your refund for order ${orderId}`,
      body:
        `Hi ${customer.name.split(' ')[0]}, we have refunded ${dollars(amountCents)} for order ` +
        `${orderId} (${items}) to your original payment method. ` +
        'It should arrive within 5-10 business days.',
    });
    emailed = email.ok;
  }
  finish(
    `Done: order ${orderId} has been refunded (${dollars(amountCents)})` +
      (emailed ? ` and a confirmation is on its way to ${customer.email}.` : '.'),
  );
}

main().catch((error) => {
  // Anything unexpected: say it on stderr and exit non-zero; the harness
  // records an agent error with the end of stderr.
  console.error(error);
  process.exit(1);
});
