import { describe, expect, it } from 'vitest';
import { createToolHarness } from '../../testing/index.js';
import { createAirlineEnvironment } from './create-airline-environment.js';
import { loadAirlineData } from './load-airline-data.js';

// test/fixtures/taubench-airline-mini: a small hand-written dataset in tau-bench's layout.
const miniAirline = createAirlineEnvironment(
  loadAirlineData(
    new URL('../../../test/fixtures/taubench-airline-mini/', import.meta.url).pathname,
  ),
);

describe("the airline's utility tools", () => {
  it("calculate answers Python's float text rounded to 2 places", async () => {
    const tools = createToolHarness(miniAirline);
    // CPython 3.11: str(round(float(eval('(65 + 83) * 2')), 2)) == '296.0'
    expect(await tools.result('calculate', { expression: '(65 + 83) * 2' })).toBe('296.0');
    expect(await tools.result('calculate', { expression: '100 / 3' })).toBe('33.33');
  });

  it('think answers nothing and changes nothing', async () => {
    const tools = createToolHarness(miniAirline);
    expect(await tools.result('think', { thought: 'bags first' })).toBe('');
    expect(tools.state.diff()).toEqual({});
  });

  it('transfer_to_human_agents ends the trial', async () => {
    const tools = createToolHarness(miniAirline);
    expect(await tools.result('transfer_to_human_agents', { summary: 'help' })).toBe(
      'Transfer successful',
    );
    expect(miniAirline.tools.get('transfer_to_human_agents')?.terminates).toBe(true);
  });
});
