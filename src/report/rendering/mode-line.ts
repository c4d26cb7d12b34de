import type { SystemSpec } from '../../schema/index.js';

/** A diagnosis run's mode, as every report's header shows it. */
export function modeLine(mode: NonNullable<SystemSpec['mode']>): string {
  return `mode: ${mode}, diagnosis only`;
}
