import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../environment/index.js';
import { createToolHarness } from '../../testing/index.js';
import { createRetailEnvironment } from './create-retail-environment.js';
import { loadRetailData } from './load-retail-data.js';

const environment = createRetailEnvironment(
  loadRetailData(new URL('../../../examples/retail/data/', import.meta.url).pathname),
);

function errorOf(response: ToolCallResult) {
  return response.ok ? undefined : { code: response.error.code, message: response.error.message };
}

const ADDRESS = {
  address1: '1 Elm St',
  address2: 'Apt 2',
  city: 'Austin',
  state: 'TX',
  country: 'USA',
  zip: '78701',
};

describe('modify_pending_order_address', () => {
  it('answers an unknown order with order_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_address', {
      order_id: '#W0000000',
      ...ADDRESS,
    });
    expect(errorOf(response)).toEqual({ code: 'order_not_found', message: 'order not found' });
  });

  it('refuses an order that is not pending', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_pending_order_address', {
      order_id: '#W2378156',
      ...ADDRESS,
    });
    expect(errorOf(response)).toEqual({
      code: 'invalid_status',
      message: 'non-pending order cannot be modified',
    });
  });

  it('replaces the address in the key order tau-bench writes, status unchanged', async () => {
    const tools = createToolHarness(environment);
    const result = (await tools.result('modify_pending_order_address', {
      order_id: '#W4776164',
      ...ADDRESS,
    })) as { address: object; status: string };
    expect(result.address).toEqual(ADDRESS);
    expect(Object.keys(result.address)).toEqual([
      'address1',
      'address2',
      'city',
      'state',
      'country',
      'zip',
    ]);
    expect(result.status).toBe('pending');
    expect(tools.state.get('users', 'yusuf_rossi_9620')).toEqual(
      environment.fixture.snapshot.users?.yusuf_rossi_9620,
    );
  });
});

describe('modify_user_address', () => {
  it('answers an unknown user with user_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('modify_user_address', { user_id: 'nobody', ...ADDRESS });
    expect(errorOf(response)).toEqual({ code: 'user_not_found', message: 'user not found' });
  });

  it('replaces the default address, returns the user and leaves the orders alone', async () => {
    const tools = createToolHarness(environment);
    const result = await tools.result('modify_user_address', {
      user_id: 'yusuf_rossi_9620',
      ...ADDRESS,
    });
    expect(result).toMatchObject({ email: expect.any(String), address: ADDRESS });
    expect(Object.keys(tools.state.diff())).toEqual(['users']);
  });
});
