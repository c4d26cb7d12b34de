export { API_KEY_VARIABLES, createLanguageModel } from './create-language-model.js';
export { DEFAULT_RETRY_POLICY, createModelCaller } from './create-model-caller.js';
export type { ModelCallerOptions, ModelRefusal, RetryPolicy } from './create-model-caller.js';
export { DEFAULT_JUDGE_DECODING, createJudgeCaller } from './create-judge-caller.js';
export { decodingOptions } from './model-caller.js';
export type {
  DecodingSettings,
  ModelCallRequest,
  ModelCallResult,
  ModelCaller,
} from './model-caller.js';
export { PROVIDERS, modelKey, parseModelRef } from './model-ref.js';
export {
  BASE_URL_VARIABLES,
  baseUrlOf,
  foreignEndpointOf,
  pricingKeyOf,
  withEndpoint,
} from './model-endpoint.js';
export { preflightRequest } from './preflight-request.js';
export { UNLIMITED_REQUESTS } from './request-limiter.js';
export type { RequestLimiter, RequestLimiterFactory, RequestLimits } from './request-limiter.js';
export { REQUEST_WINDOW_MS, createLocalRequestLimiter } from './create-local-request-limiter.js';
export type { LimiterClock } from './create-local-request-limiter.js';
export type { ModelRef, Provider } from './model-ref.js';
export { openModelRecording } from './model-recording.js';
export type { ModelRecording, RecordedCall } from './model-recording.js';
export { PRICING_FILE_EXAMPLE, loadPricing, priceOf, runPricingOf } from './pricing.js';
export type { Price, Pricing, PricingTable } from './pricing.js';
export { isJsonObject, parseToolInput, toolCallTurn } from './tool-call-turn.js';
