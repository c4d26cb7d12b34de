import type { LanguageModelV3Message, LanguageModelV3ToolCall } from '@ai-sdk/provider';
import type { JsonObject, JsonValue } from '../core/index.js';

/**
 * A tool call's arguments as JSON, or their text when they do not parse:
 * the dispatcher then answers with an invalid_arguments tool error, as a
 * deployed tool would, and the mistake stays the model's.
 */
export function parseToolInput(input: string): JsonValue {
  try {
    return JSON.parse(input === '' ? '{}' : input) as JsonValue;
  } catch {
    // Not JSON: passed on as text, which no tool's object schema accepts.
    return input;
  }
}

export const isJsonObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The model's turn that made these calls, as the prompt keeps it: its text
 * (if any), then each call with its parsed arguments. Providers (Anthropic)
 * refuse a past tool call whose input is not an object, so arguments that
 * are not one are kept as `{}`.
 */
export function toolCallTurn(
  text: string,
  calls: readonly LanguageModelV3ToolCall[],
  inputs: readonly JsonValue[],
): LanguageModelV3Message {
  return {
    role: 'assistant',
    content: [
      ...(text === '' ? [] : [{ type: 'text' as const, text }]),
      ...calls.map((call, index) => {
        const input = inputs[index];
        return {
          type: 'tool-call' as const,
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          input: isJsonObject(input) ? input : {},
        };
      }),
    ],
  };
}
