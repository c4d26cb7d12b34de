import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
} from '@ai-sdk/provider';
import type { ModelUsage, TrialIdentity } from '../schema/index.js';

/** One model call as an agent, a simulated user or a judge asks for it. */
export interface ModelCallRequest {
  /** Whose call it is: part of the recording key, so the roles' recordings are kept apart. */
  readonly role: 'agent' | 'user' | 'judge';
  readonly trial: TrialIdentity;
  /** Position of this call among the trial's calls of the same role: part of the recording key. */
  readonly callIndex: number;
  readonly options: Omit<LanguageModelV3CallOptions, 'abortSignal'>;
}

export interface ModelCallResult {
  readonly content: readonly LanguageModelV3Content[];
  readonly finishReason: LanguageModelV3FinishReason['unified'];
  /** Tokens, cost, waiting and retries of this call, ready for the trial's events. */
  readonly usage: ModelUsage;
}

/**
 * Calls a model on behalf of a trial: retries provider trouble, limits
 * concurrent requests, prices the tokens, and records or replays
 * responses. Agents and simulated users get one; the network stays out of
 * their code.
 */
export interface ModelCaller {
  /** `provider:id`. */
  readonly model: string;
  call(request: ModelCallRequest, signal: AbortSignal): Promise<ModelCallResult>;
}

/** Decoding settings, pinned in the system spec. */
export interface DecodingSettings {
  readonly temperature?: number;
  readonly top_p?: number;
  readonly max_output_tokens?: number;
  readonly seed?: number;
}

/** The settings as the AI SDK's call options name them (unset ones left out). */
export function decodingOptions(
  settings: DecodingSettings,
): Pick<ModelCallRequest['options'], 'temperature' | 'topP' | 'maxOutputTokens' | 'seed'> {
  return {
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.top_p !== undefined ? { topP: settings.top_p } : {}),
    ...(settings.max_output_tokens !== undefined
      ? { maxOutputTokens: settings.max_output_tokens }
      : {}),
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
  };
}
