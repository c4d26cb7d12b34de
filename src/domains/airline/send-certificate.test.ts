import { describe, expect, it } from 'vitest';
import type { ToolCallResult } from '../../environment/index.js';
import { createToolHarness } from '../../testing/index.js';
import { createAirlineEnvironment } from './create-airline-environment.js';
import { loadAirlineData } from './load-airline-data.js';

// test/fixtures/taubench-airline-mini: a small hand-written dataset in tau-bench's layout.
const miniAirline = createAirlineEnvironment(
  loadAirlineData(
    new URL('../../../test/fixtures/taubench-airline-mini/', import.meta.url).pathname,
  ),
);

function errorOf(response: ToolCallResult) {
  return response.ok ? undefined : { code: response.error.code, message: response.error.message };
}

describe('send_certificate', () => {
  it('adds a certificate under the first free of the three ids', async () => {
    const tools = createToolHarness(miniAirline);
    // bo_chen_2002 has none of them: certificate_3221322 comes first.
    expect(await tools.result('send_certificate', { user_id: 'bo_chen_2002', amount: 100 })).toBe(
      'Certificate certificate_3221322 added to user bo_chen_2002 with amount 100.',
    );
    expect(tools.state.get('users', 'bo_chen_2002')?.payment_methods).toMatchObject({
      certificate_3221322: { source: 'certificate', amount: 100, id: 'certificate_3221322' },
    });
  });

  it('skips the ids the user already holds', async () => {
    const tools = createToolHarness(miniAirline);
    // cy_okafor_3003 holds 3221322 and 3221323.
    expect(
      await tools.result('send_certificate', { user_id: 'cy_okafor_3003', amount: 12.5 }),
    ).toBe('Certificate certificate_3221324 added to user cy_okafor_3003 with amount 12.5.');
  });

  it('answers null and changes nothing once the three ids are taken', async () => {
    const tools = createToolHarness(miniAirline);
    await tools.result('send_certificate', { user_id: 'cy_okafor_3003', amount: 50 });
    const before = tools.state.hash();
    expect(await tools.result('send_certificate', { user_id: 'cy_okafor_3003', amount: 50 })).toBe(
      null,
    );
    expect(tools.state.hash()).toBe(before);
  });

  it('answers an unknown user with user not found', async () => {
    const tools = createToolHarness(miniAirline);
    expect(
      errorOf(await tools.call('send_certificate', { user_id: 'nobody_0000', amount: 50 })),
    ).toEqual({ code: 'user_not_found', message: 'user not found' });
  });
});
