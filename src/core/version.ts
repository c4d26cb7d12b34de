import { createRequire } from 'node:module';

/** endstate's own version (from package.json), recorded in every system spec. */
export const HARNESS_VERSION: string = (
  createRequire(import.meta.url)('../../package.json') as { version: string }
).version;
