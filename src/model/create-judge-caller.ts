import type { JudgeCaller, TrialIdentity } from '../schema/index.js';
import { decodingOptions } from './model-caller.js';
import type { DecodingSettings, ModelCaller } from './model-caller.js';

/** A judge's decoding unless the run says otherwise: temperature 0, so a verdict is as repeatable as the provider allows. */
export const DEFAULT_JUDGE_DECODING: DecodingSettings = { temperature: 0 };

export interface JudgeCallerOptions {
  /** The run's caller for the judge model: its retries, limits, pricing and recording. */
  readonly caller: ModelCaller;
  /** The trial being graded: part of each call's recording key. */
  readonly trial: TrialIdentity;
  /** Pinned in the system spec (default: temperature 0). */
  readonly decoding?: DecodingSettings;
}

/**
 * A judge model for one trial, over the same model caller as the llm
 * agent: retries, concurrency limits, pricing and recording or replay
 * (calls recorded with role `judge`, keyed by the trial and the call's
 * index, so they never mix with the agent's or the user's). The reply is
 * asked for as JSON; the grader checks its shape. The call's tokens and
 * cost come back with the reply, for the grade's evidence: they are never
 * the system's.
 *
 * @example
 * const judge = createJudgeCaller({ caller: await callerFor(ref), trial });
 * const reply = await judge.ask({ system: rubric, prompt: transcript, callIndex: 0 }, signal);
 */
export function createJudgeCaller(options: JudgeCallerOptions): JudgeCaller {
  const decoding = decodingOptions(options.decoding ?? DEFAULT_JUDGE_DECODING);
  return {
    model: options.caller.model,
    async ask(request, signal) {
      const result = await options.caller.call(
        {
          role: 'judge',
          trial: options.trial,
          callIndex: request.callIndex,
          options: {
            prompt: [
              { role: 'system', content: request.system },
              { role: 'user', content: [{ type: 'text', text: request.prompt }] },
            ],
            responseFormat: { type: 'json' },
            ...decoding,
          },
        },
        signal,
      );
      const text = result.content
        .flatMap((part) => (part.type === 'text' ? [part.text] : []))
        .join('');
      return {
        text,
        input_tokens: result.usage.input_tokens,
        output_tokens: result.usage.output_tokens,
        cost_usd: result.usage.cost_usd,
      };
    },
  };
}
