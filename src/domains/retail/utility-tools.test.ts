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

describe('calculate', () => {
  it("returns Python's float text of the result rounded to 2 places", async () => {
    const tools = createToolHarness(environment);
    // CPython 3.11: str(round(float(eval(...)), 2)) gives '4.0' and '3.33'.
    expect(await tools.result('calculate', { expression: '2 + 2' })).toBe('4.0');
    expect(await tools.result('calculate', { expression: '10 / 3' })).toBe('3.33');
  });

  it('answers letters with invalid_characters', async () => {
    const tools = createToolHarness(environment);
    expect(errorOf(await tools.call('calculate', { expression: '2 x 3' }))).toEqual({
      code: 'invalid_characters',
      message: 'invalid characters in expression',
    });
  });

  it('answers a division by zero with division_by_zero', async () => {
    const tools = createToolHarness(environment);
    expect(errorOf(await tools.call('calculate', { expression: '5 / (2 - 2)' }))).toEqual({
      code: 'division_by_zero',
      message: 'division by zero',
    });
  });

  it('answers a malformed expression with invalid_expression', async () => {
    const tools = createToolHarness(environment);
    expect(errorOf(await tools.call('calculate', { expression: '5 +' }))).toEqual({
      code: 'invalid_expression',
      message: 'invalid syntax',
    });
  });
});

describe('think', () => {
  it('returns the empty string and changes nothing', async () => {
    const tools = createToolHarness(environment);
    expect(await tools.result('think', { thought: 'The order is pending.' })).toBe('');
    expect(tools.state.diff()).toEqual({});
  });
});

describe('transfer_to_human_agents', () => {
  it('answers Transfer successful and changes nothing', async () => {
    const tools = createToolHarness(environment);
    expect(await tools.result('transfer_to_human_agents', { summary: 'Wants a refund.' })).toBe(
      'Transfer successful',
    );
    expect(tools.state.diff()).toEqual({});
  });
});
