import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOracleAgent } from '../agent/index.js';
import { buildScorecard, renderTerminal } from '../report/index.js';
import { runSuite } from '../run/index.js';
import { createMemoryStore } from '../store/index.js';
import { buildTask } from '../testing/index.js';
import { defineEnvironment } from './define-environment.js';
import { defineTool } from './define-tool.js';

/** The tool: it sets a field by passing the fields where update takes a function. */
const helpdesk = defineEnvironment({
  name: 'helpdesk',
  version: '1',
  policy: '',
  fixture: { tickets: { T1: { status: 'open' } } },
  tools: [
    defineTool({
      name: 'close_ticket',
      description: 'Closes a ticket.',
      input: z.object({ ticket_id: z.string() }),
      effect: 'write',
      run: ({ ticket_id }, { state }) => {
        (state.update as (...args: unknown[]) => unknown)('tickets', ticket_id, {
          status: 'closed',
        });
        return { ok: true };
      },
    }),
  ],
});

const closeTask = buildTask(helpdesk, {
  id: 'close-t1',
  user: { instruction: 'Close ticket T1.' },
  expect: { changes: [{ set: 'tickets/T1/status', to: 'closed' }] },
  reference: [{ tool: 'close_ticket', args: { ticket_id: 'T1' } }, { say: 'Closed.' }],
});

const rightCall = "state.update('tickets', 'T1', (record) => ({ ...record, status: 'closed' }))";

describe('a tool that misuses state', () => {
  it('ends its trial as tool_crash with the right call in the record and on the scorecard', async () => {
    const { run, trials } = await runSuite({
      suite: {
        name: 'helpdesk',
        path: '/helpdesk',
        hash: 'h',
        environment: helpdesk,
        tasks: [closeTask],
      },
      agent: createOracleAgent(),
      trials: 1,
      maxReruns: 0,
      store: createMemoryStore(),
    });
    const [trial] = trials;
    expect(trial).toMatchObject({
      exit_reason: 'tool_crash',
      terminal_reason: 'environment_failure',
      valid: false,
    });
    expect(trial?.error).toBe(
      "tool close_ticket crashed: state.update('tickets', 'T1', { status: 'closed' }): state.update(collection, id, change) takes a function (record) => record, got an object\n" +
        `Hint: Call state.put('tickets', 'T1', record) to replace the whole record; to set fields, call ${rightCall}.`,
    );
    expect(trial?.error).not.toContain('is not a function');
    // The tool_result event the agent's trajectory holds says the same.
    const result = trial?.events.find((event) => event.kind === 'tool_result');
    expect(result).toMatchObject({ ok: false, error: { code: 'tool_crash' } });
    expect(JSON.stringify(result)).toContain('takes a function (record) => record');
    expect(renderTerminal(buildScorecard(run, trials))).toContain(rightCall);
  });
});
