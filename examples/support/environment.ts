import { readFileSync } from 'node:fs';
import { defineEnvironment } from 'endstate';
import type { StateSnapshot } from 'endstate';
import { supportTools } from './support-tools.js';

function readBeside(file: string): string {
  return readFileSync(new URL(file, import.meta.url), 'utf8');
}

/**
 * An online store's support desk: customers ask for refunds of their
 * orders. s0 is fixtures/base.json; the policy is policy.md.
 */
export default defineEnvironment({
  name: 'support',
  version: '1.0.0',
  policy: readBeside('./policy.md'),
  fixture: JSON.parse(readBeside('./fixtures/base.json')) as StateSnapshot,
  tools: supportTools,
});
