import { describe, expect, it } from 'vitest';
import { applyInit } from '../../environment/index.js';
import { answer, miniEnvironment, telecomHarness } from './telecom-test-harness.js';

const overdue = (bill: string, ended = false) => ({
  side: 'agent' as const,
  tool: 'suspend_line_for_overdue_bill',
  args: { customer_id: 'C1', line_id: 'L1', new_bill_id: bill, contract_ended: ended },
});

describe("the carrier's setup tools", () => {
  it("suspend a line for a new overdue bill of last month at the plan's price", async () => {
    const tools = await telecomHarness([overdue('B9', true)]);
    expect(tools.state.get('bills', 'B9')).toEqual({
      bill_id: 'B9',
      customer_id: 'C1',
      period_start: '2025-01-01',
      period_end: '2025-01-31',
      issue_date: '2025-01-01',
      total_due: 55,
      due_date: '2025-01-15',
      line_items: [
        { description: 'Charge for line L1', amount: 55, date: '2025-02-25', item_type: 'Charge' },
      ],
      status: 'Overdue',
    });
    expect(tools.state.get('customers', 'C1')?.bill_ids).toEqual(['B1', 'B2', 'B9']);
    expect(tools.state.get('lines', 'L1')).toMatchObject({
      status: 'Suspended',
      suspension_start_date: '2025-02-25',
      contract_end_date: '2025-01-31',
    });
  });

  it('refuse a second overdue bill, which stops the init', async () => {
    const result = await applyInit(
      miniEnvironment,
      miniEnvironment.fixture,
      [overdue('B9'), { ...overdue('B10'), args: { ...overdue('B10').args, line_id: 'L2' } }],
      '2025-02-25T12:00:00Z',
    );
    expect(result).toEqual({
      type: 'failed',
      index: 1,
      message:
        'suspend_line_for_overdue_bill answered an error: value_error: Customer already has an overdue bill',
    });
  });

  it('set the data used on a line', async () => {
    const tools = await telecomHarness([
      {
        side: 'agent',
        tool: 'set_data_usage',
        args: { customer_id: 'C2', line_id: 'L3', data_used_gb: 6 },
      },
    ]);
    expect(tools.state.get('lines', 'L3')?.data_used_gb).toBe(6);
  });

  it('are not among the tools the agent may call', async () => {
    const tools = await telecomHarness();
    const result = await tools.agent('set_data_usage', {
      customer_id: 'C2',
      line_id: 'L3',
      data_used_gb: 6,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
  });
});

describe("the phone's setup tools", () => {
  it('turn a switch to a position whatever it was', async () => {
    const tools = await telecomHarness([
      { side: 'user', tool: 'turn_roaming_on', args: {} },
      { side: 'user', tool: 'turn_roaming_on', args: {} },
      { side: 'user', tool: 'turn_data_off', args: {} },
      { side: 'user', tool: 'turn_data_saver_mode_on', args: {} },
      { side: 'user', tool: 'turn_airplane_mode_on', args: {} },
      { side: 'user', tool: 'turn_airplane_mode_off', args: {} },
    ]);
    expect(tools.phone()).toMatchObject({
      roaming_enabled: true,
      data_enabled: false,
      data_saver_mode: true,
      airplane_mode: false,
    });
  });

  it('remove a permission, which only init may do', async () => {
    expect(miniEnvironment.user?.tools.has('remove_app_permission')).toBe(false);
    const tools = await telecomHarness([
      {
        side: 'user',
        tool: 'remove_app_permission',
        args: { app_name: 'maps', permission: 'network' },
      },
    ]);
    expect(tools.phone()).toMatchObject({
      app_statuses: { maps: { permissions: { network: false } } },
    });
    expect(
      await tools.user('remove_app_permission', { app_name: 'maps', permission: 'sms' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'unknown_tool' },
    });
  });

  it('set who the user is and where', async () => {
    const tools = await telecomHarness([
      {
        side: 'user',
        tool: 'set_user_info',
        args: { name: 'Ana Lima', phone_number: '555-010-1002' },
      },
      { side: 'user', tool: 'set_user_location', args: { abroad: true } },
    ]);
    expect(tools.surroundings()).toMatchObject({
      name: 'Ana Lima',
      phone_number: '555-010-1002',
      is_abroad: true,
    });
    // Abroad with roaming off on the phone: no mobile data.
    expect(answer(await tools.user('run_speed_test'))).toBe('Speed test failed: No Connection.');
  });
});
