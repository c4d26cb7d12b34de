import { createRequire } from 'node:module';
import type * as CelJs from '@marcbachmann/cel-js';
import type { RE2JS } from 're2js';

/**
 * The pattern (re2js) and CEL (@marcbachmann/cel-js) engines, loaded on
 * first use: a suite without `when:`/`stop_when` patterns, `must_not_say`
 * rules, declared claims or CEL assertions never pays for them at startup.
 * Loading is synchronous (`require`, which loads an ES module too on the
 * Node versions endstate supports), so the functions that use them keep
 * their synchronous signatures.
 */
const require = createRequire(import.meta.url);

let re2js: typeof RE2JS | undefined;
let celJs: typeof CelJs | undefined;

/** The RE2JS class (linear-time regular expressions). */
export function loadRe2js(): typeof RE2JS {
  return (re2js ??= (require('re2js') as { RE2JS: typeof RE2JS }).RE2JS);
}

/** The CEL library's exports (`Environment`, ...). */
export function loadCelJs(): typeof CelJs {
  return (celJs ??= require('@marcbachmann/cel-js') as typeof CelJs);
}
