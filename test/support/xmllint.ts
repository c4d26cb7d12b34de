import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SCHEMA = resolve(import.meta.dirname, '../fixtures/junit.xsd');

/**
 * Validates a JUnit report against test/fixtures/junit.xsd with xmllint.
 * A missing xmllint fails the test rather than skipping it: an unchecked
 * schema would pass silently.
 */
export function validateJunit(xml: string): { valid: boolean; output: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'endstate-junit-')), 'report.xml');
  writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--schema', SCHEMA, file], {
    encoding: 'utf8',
  });
  if (result.error !== undefined) {
    throw new Error(
      `xmllint could not be run (${result.error.message}): install it with \`apt-get install libxml2-utils\` (.ci/run does so when it is missing)`,
    );
  }
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}` };
}
