import * as conventions from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import { EVALUATION_RESULT_EVENT, GEN_AI, GEN_AI_OPERATIONS, STABLE } from './span-attributes.js';

/** `gen_ai.usage.input_tokens` → `ATTR_GEN_AI_USAGE_INPUT_TOKENS`, as the conventions package names it. */
const constantOf = (name: string): string => `ATTR_${name.replace(/\./g, '_').toUpperCase()}`;

describe('span attribute names', () => {
  it('are the names @opentelemetry/semantic-conventions exports for them', () => {
    const table = conventions as unknown as Record<string, unknown>;
    for (const name of [...Object.values(GEN_AI), ...Object.values(STABLE)]) {
      expect(table[constantOf(name)], name).toBe(name);
    }
    expect(conventions.EVENT_GEN_AI_EVALUATION_RESULT).toBe(EVALUATION_RESULT_EVENT);
  });

  it('use the conventions’ operation names', () => {
    expect(GEN_AI_OPERATIONS).toEqual({
      chat: conventions.GEN_AI_OPERATION_NAME_VALUE_CHAT,
      executeTool: conventions.GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
      invokeAgent: conventions.GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
    });
  });
});
