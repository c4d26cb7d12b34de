import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zodMini from 'zod/mini';
import { z as z3 } from 'zod/v3';
import { isEndstateError } from '../core/index.js';
import { defineTool } from './define-tool.js';

const tool = (input: unknown) => () =>
  defineTool({
    name: 'get_order',
    description: 'Look up an order.',
    input: input as z.ZodType,
    effect: 'read',
    run: () => null,
  });

describe('defineTool', () => {
  it('accepts zod 4 schemas, classic and mini', () => {
    expect(tool(z.object({ order_id: z.string() }))().kind).toBe('endstate-tool');
    expect(tool(zodMini.object({ order_id: zodMini.string() }))().kind).toBe('endstate-tool');
  });

  it('refuses a zod 3 schema, saying so and how to get zod 4', () => {
    let error: unknown;
    try {
      tool(z3.object({ order_id: z3.string() }))();
    } catch (caught) {
      error = caught;
    }
    expect(isEndstateError(error) && error.code).toBe('E_ENVIRONMENT_INVALID');
    expect(isEndstateError(error) && error.problems).toEqual([
      {
        path: 'tools.get_order',
        message: 'input is a zod 3 schema (it has _def, no _zod), not zod 4',
      },
    ]);
    expect(isEndstateError(error) && error.hint).toMatch(
      /install zod@\^4 .* or import \{ z \} from 'endstate'/,
    );
  });

  it('refuses an input that is not a schema', () => {
    expect(tool({ order_id: 'string' })).toThrow(/input is not a zod schema/);
  });
});
