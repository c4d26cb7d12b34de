import type {
  LanguageModelV3,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
} from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import type { Step } from '../schema/index.js';

const usage = (input: number, output: number): LanguageModelV3GenerateResult['usage'] => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});

/**
 * The AI SDK's mock model, answering call n with step n of a path: a tool
 * call for `{tool, args}`, text for `{say}`. Each call reports 100 input
 * and 20 output tokens.
 */
export function scriptedModel(steps: readonly Step[]): LanguageModelV3 {
  let position = 0;
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'scripted',
    doGenerate: () => {
      const step = steps[position++];
      const content: LanguageModelV3Content[] =
        step === undefined
          ? [{ type: 'text', text: 'I have nothing more to do.' }]
          : 'tool' in step
            ? [
                {
                  type: 'tool-call',
                  toolCallId: `call-${position}`,
                  toolName: step.tool,
                  input: JSON.stringify(step.args),
                },
              ]
            : [{ type: 'text', text: step.say }];
      return Promise.resolve({
        content,
        finishReason: {
          unified: step !== undefined && 'tool' in step ? 'tool-calls' : 'stop',
          raw: undefined,
        },
        usage: usage(100, 20),
        warnings: [],
      });
    },
  });
}
