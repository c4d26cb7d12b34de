export { canonicalJson, hashJson, sha256Hex } from './canonical-json.js';
export {
  frozenClock,
  roundMs,
  sleep,
  startStopwatch,
  startTimeout,
  wallClockIso,
  yieldToEventLoop,
} from './clock.js';
export type { Clock, Stopwatch } from './clock.js';
export { ERROR_CODES, EndstateError, formatProblem, isEndstateError } from './errors.js';
export type { EndstateErrorOptions, ErrorCode, Problem } from './errors.js';
export { loadOptional } from './optional-package.js';
export { createProblemList } from './problem-list.js';
export { findJsonDifference } from './find-json-difference.js';
export type { JsonDifference } from './find-json-difference.js';
export { findNonJsonValue, formatValuePath } from './find-non-json-value.js';
export { cloneJson, deepFreeze, getOwn, isJsonObject, jsonEqual, setOwn } from './json.js';
export type { JsonObject, JsonValue } from './json.js';
export { createRng, deriveSeed } from './rng.js';
export type { Rng } from './rng.js';
export { HARNESS_VERSION } from './version.js';
export { AgentInfrastructureError } from './infrastructure-error.js';
export {
  excerptAround,
  forbiddenTextFinder,
  normalizeWithOrigin,
  normalizedLength,
} from './forbidden-text.js';
export type { NormalizedText, TextSpan } from './forbidden-text.js';
export { compileUserPattern } from './user-pattern.js';
export type { UserPattern } from './user-pattern.js';
export { isPrototypeKey, prototypeKeyMessage } from './prototype-keys.js';
export { CEL_LIMITS, parseCelWithinLimits } from './cel-limits.js';
export { loadCelJs, loadRe2js } from './load-engines.js';
export type { ParsedCel } from './cel-limits.js';
export {
  BOUNDS,
  MAX_INPUT_FILE_BYTES,
  MAX_JSON_LINE_BYTES,
  MAX_TIMER_MS,
  describeBytes,
  describeRange,
  rangeProblem,
} from './bounds.js';
export type { NumericRange } from './bounds.js';
export { jsonChunks } from './json-chunks.js';
export { codePointBefore, codePointFrom } from './code-points.js';
