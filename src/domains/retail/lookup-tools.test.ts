import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../environment/index.js';
import { createToolHarness } from '../../testing/index.js';
import { createRetailEnvironment } from './create-retail-environment.js';
import { loadRetailData } from './load-retail-data.js';

const data = loadRetailData(new URL('../../../examples/retail/data/', import.meta.url).pathname);
const environment = createRetailEnvironment(data);

function errorOf(response: ToolCallResult) {
  return response.ok ? undefined : { code: response.error.code, message: response.error.message };
}

describe('find_user_id_by_email', () => {
  it('returns the bare user id of the matching email', async () => {
    const tools = createToolHarness(environment);
    expect(
      await tools.result('find_user_id_by_email', { email: 'noah.brown7922@example.com' }),
    ).toBe('noah_brown_6181');
  });

  it('ignores case on both sides', async () => {
    const tools = createToolHarness(environment);
    expect(
      await tools.result('find_user_id_by_email', { email: 'Noah.Brown7922@EXAMPLE.com' }),
    ).toBe('noah_brown_6181');
  });

  it('answers an unknown email with user_not_found', async () => {
    const tools = createToolHarness(environment);
    expect(
      errorOf(await tools.call('find_user_id_by_email', { email: 'noah.brown@example.com' })),
    ).toEqual({ code: 'user_not_found', message: 'user not found' });
  });
});

describe('find_user_id_by_name_zip', () => {
  it('matches names without regard to case', async () => {
    const tools = createToolHarness(environment);
    expect(
      await tools.result('find_user_id_by_name_zip', {
        first_name: 'noah',
        last_name: 'BROWN',
        zip: '80279',
      }),
    ).toBe('noah_brown_6181');
  });

  it('answers another zip with user_not_found', async () => {
    const tools = createToolHarness(environment);
    const response = await tools.call('find_user_id_by_name_zip', {
      first_name: 'Noah',
      last_name: 'Brown',
      zip: '80270',
    });
    expect(errorOf(response)).toEqual({ code: 'user_not_found', message: 'user not found' });
  });

  it('finds a user by the zip of the address they changed during the trial', async () => {
    const tools = createToolHarness(environment);
    await tools.result('modify_user_address', {
      user_id: 'noah_brown_6181',
      address1: '1 Elm St',
      address2: '',
      city: 'Austin',
      state: 'TX',
      country: 'USA',
      zip: '78701',
    });
    expect(
      await tools.result('find_user_id_by_name_zip', {
        first_name: 'Noah',
        last_name: 'Brown',
        zip: '78701',
      }),
    ).toBe('noah_brown_6181');
  });
});

describe('get_user_details', () => {
  it('returns the user record', async () => {
    const tools = createToolHarness(environment);
    expect(await tools.result('get_user_details', { user_id: 'noah_brown_6181' })).toEqual(
      data.users.noah_brown_6181,
    );
  });

  it('answers an unknown user with user_not_found', async () => {
    const tools = createToolHarness(environment);
    expect(errorOf(await tools.call('get_user_details', { user_id: 'noah_brown' }))).toEqual({
      code: 'user_not_found',
      message: 'user not found',
    });
  });
});

describe('get_order_details', () => {
  it('returns the order record', async () => {
    const tools = createToolHarness(environment);
    expect(await tools.result('get_order_details', { order_id: '#W4776164' })).toEqual(
      data.orders['#W4776164'],
    );
  });

  it('answers an order id without its # with order_not_found', async () => {
    const tools = createToolHarness(environment);
    expect(errorOf(await tools.call('get_order_details', { order_id: 'W4776164' }))).toEqual({
      code: 'order_not_found',
      message: 'order not found',
    });
  });

  it('answers a key of Object.prototype as an unknown order', async () => {
    const tools = createToolHarness(environment);
    expect(errorOf(await tools.call('get_order_details', { order_id: 'constructor' }))).toEqual({
      code: 'order_not_found',
      message: 'order not found',
    });
  });
});

describe('get_product_details', () => {
  it('returns the product with all its variants', async () => {
    const tools = createToolHarness(environment);
    expect(await tools.result('get_product_details', { product_id: '9523456873' })).toEqual(
      data.products['9523456873'],
    );
  });

  it('answers an item id with product_not_found', async () => {
    const tools = createToolHarness(environment);
    expect(errorOf(await tools.call('get_product_details', { product_id: '8349118980' }))).toEqual({
      code: 'product_not_found',
      message: 'product not found',
    });
  });
});

describe('list_all_product_types', () => {
  it('maps the 50 product names to their ids, sorted by name', async () => {
    const tools = createToolHarness(environment);
    const result = (await tools.result('list_all_product_types', {})) as Record<string, string>;
    const names = Object.keys(result);
    expect(names).toHaveLength(50);
    expect(names).toEqual([...names].sort());
    expect(result['T-Shirt']).toBe('9523456873');
  });
});
