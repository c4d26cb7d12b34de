import { readFileSync } from 'node:fs';
import { defineEnvironment } from 'endstate';
import type { StateSnapshot } from 'endstate';
import { airlineTools } from './airline-tools.js';

function readBeside(file: string): string {
  return readFileSync(new URL(file, import.meta.url), 'utf8');
}

/**
 * A travel agency's reservations desk: passengers change and cancel flights.
 * s0 is fixtures/base.json; the policy is policy.md.
 */
export default defineEnvironment({
  name: 'airline',
  version: '1.0.0',
  policy: readBeside('./policy.md'),
  fixture: JSON.parse(readBeside('./fixtures/base.json')) as StateSnapshot,
  tools: airlineTools,
});
