import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isEndstateError } from '../../core/index.js';
import { createToolHarness } from '../../testing/index.js';
import { createRetailEnvironment } from './create-retail-environment.js';
import { loadRetailData } from './load-retail-data.js';

const DATA_FOLDER = new URL('../../../examples/retail/data/', import.meta.url).pathname;
const data = loadRetailData(DATA_FOLDER);
const environment = createRetailEnvironment(data);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'endstate-retail-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('loadRetailData', () => {
  it('reads the 500 users, 1000 orders, 50 products and the policy', () => {
    expect(Object.keys(data.users)).toHaveLength(500);
    expect(Object.keys(data.orders)).toHaveLength(1000);
    expect(Object.keys(data.products)).toHaveLength(50);
    expect(data.policy).toMatch(/^# Retail agent policy/);
  });

  it('names every missing file in an E_ENVIRONMENT_INVALID error', () => {
    const folder = folderWith({ 'users.json': '{}', 'orders.json': '{}' });
    const error = thrown(() => loadRetailData(folder));
    expect(isEndstateError(error) && error.code).toBe('E_ENVIRONMENT_INVALID');
    expect((error as Error).message).toContain('lacks products.json, policy.md');
  });

  it('refuses a data file that is not an object of records', () => {
    const folder = folderWith({
      'users.json': '[]',
      'orders.json': '{}',
      'products.json': '{}',
      'policy.md': '',
    });
    expect(() => loadRetailData(folder)).toThrow(/users\.json is not a JSON object of records/);
  });

  it('refuses a data file that does not parse', () => {
    const folder = folderWith({
      'users.json': '{',
      'orders.json': '{}',
      'products.json': '{}',
      'policy.md': '',
    });
    expect(() => loadRetailData(folder)).toThrow(/users\.json does not parse/);
  });
});

describe('createRetailEnvironment', () => {
  it('declares tau-bench retail at commit 59a200c6 with its policy', () => {
    expect(environment.name).toBe('retail');
    expect(environment.version).toBe('1.0.0-taubench-59a200c6');
    expect(environment.policy).toBe(data.policy);
  });

  it("offers tau-bench's 16 tools in its order", () => {
    expect(environment.descriptors.map((tool) => tool.name)).toEqual([
      'calculate',
      'cancel_pending_order',
      'exchange_delivered_order_items',
      'find_user_id_by_email',
      'find_user_id_by_name_zip',
      'get_order_details',
      'get_product_details',
      'get_user_details',
      'list_all_product_types',
      'modify_pending_order_address',
      'modify_pending_order_items',
      'modify_pending_order_payment',
      'modify_user_address',
      'return_delivered_order_items',
      'think',
      'transfer_to_human_agents',
    ]);
  });

  it('marks the money-moving tools irreversible and the address changes writes', () => {
    const effects = Object.fromEntries(
      environment.descriptors.map((tool) => [tool.name, tool.effect]),
    );
    expect(Object.keys(effects).filter((name) => effects[name] === 'irreversible')).toEqual([
      'cancel_pending_order',
      'exchange_delivered_order_items',
      'modify_pending_order_items',
      'modify_pending_order_payment',
      'return_delivered_order_items',
    ]);
    expect(Object.keys(effects).filter((name) => effects[name] === 'write')).toEqual([
      'modify_pending_order_address',
      'modify_user_address',
    ]);
  });

  it('lets only transfer_to_human_agents end the trial', () => {
    const terminating = [...environment.tools.values()].filter((tool) => tool.terminates === true);
    expect(terminating.map((tool) => tool.name)).toEqual(['transfer_to_human_agents']);
  });

  it('requires every argument and forbids others in the JSON Schema', () => {
    const cancel = environment.descriptors.find((tool) => tool.name === 'cancel_pending_order');
    expect(cancel?.input_schema).toMatchObject({
      required: ['order_id', 'reason'],
      additionalProperties: false,
      properties: { reason: { type: 'string', enum: ['no longer needed', 'ordered by mistake'] } },
    });
  });

  it('answers a missing argument with invalid_arguments and changes nothing', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('cancel_pending_order', { order_id: '#W4776164' });
    expect(!response.ok && response.error.code).toBe('invalid_arguments');
    expect(tools.state.diff()).toEqual({});
  });

  it('answers an unexpected argument with invalid_arguments', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('get_order_details', { order_id: '#W4776164', user: 'x' });
    expect(!response.ok && response.error.code).toBe('invalid_arguments');
  });

  it('records the owner of an order as the scope of an order tool call', async () => {
    const tools = createToolHarness(environment);
    await tools.call('cancel_pending_order', { order_id: '#W4776164', reason: 'nope' });
    expect(tools.log.events[0]).toMatchObject({ kind: 'tool_call', scope: 'yusuf_rossi_9620' });
  });

  it('records the user id as the scope of a user tool call', async () => {
    const tools = createToolHarness(environment);
    await tools.call('get_user_details', { user_id: 'noah_brown_6181' });
    expect(tools.log.events[0]).toMatchObject({ kind: 'tool_call', scope: 'noah_brown_6181' });
  });

  it('records no scope for an unknown order or a lookup by email', async () => {
    const tools = createToolHarness(environment);
    await tools.call('get_order_details', { order_id: 'W4776164' });
    await tools.call('find_user_id_by_email', { email: 'noah.brown7922@example.com' });
    const calls = tools.log.events.filter((event) => event.kind === 'tool_call');
    expect(calls.map((event) => 'scope' in event)).toEqual([false, false]);
  });

  it('refuses data whose records the tools would misread, listing each problem', () => {
    const broken = structuredClone(data);
    delete broken.orders['#W4776164']?.items;
    const card = broken.users.ethan_lopez_6291?.payment_methods;
    if (card === undefined || typeof card !== 'object' || Array.isArray(card) || card === null) {
      throw new Error('fixture changed');
    }
    card.gift_card_7219486 = { source: 'gift_card', id: 'gift_card_7219486' };
    const error = thrown(() => createRetailEnvironment(broken));
    expect(isEndstateError(error) && error.problems).toEqual([
      {
        path: 'users.ethan_lopez_6291.payment_methods.gift_card_7219486.balance',
        message: 'a gift card needs a numeric balance',
      },
      {
        path: 'orders.#W4776164.items',
        message: 'Invalid input: expected array, received undefined',
      },
    ]);
  });

  it('refuses an order whose owner does not exist', () => {
    const broken = structuredClone(data);
    const order = broken.orders['#W4776164'];
    if (order === undefined) throw new Error('fixture changed');
    order.user_id = 'nobody_0000';
    const error = thrown(() => createRetailEnvironment(broken));
    expect(isEndstateError(error) && error.problems).toEqual([
      { path: 'orders.#W4776164.user_id', message: 'no user "nobody_0000"' },
    ]);
  });
});
