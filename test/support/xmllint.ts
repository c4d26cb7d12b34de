import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const SCHEMA = {
  fileName: 'junit.xsd',
  contents: readFileSync(resolve(import.meta.dirname, '../fixtures/junit.xsd'), 'utf8'),
};

/**
 * Validates a JUnit report against test/fixtures/junit.xsd with libxml2's
 * xmllint, built to WebAssembly (the `xmllint-wasm` package): no system
 * binary, so the check runs wherever Node does and never skips.
 */
export async function validateJunit(xml: string): Promise<{ valid: boolean; output: string }> {
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [SCHEMA],
  });
  return { valid: result.valid, output: result.rawOutput };
}

/**
 * What libxml2 reads as the string value of an XPath expression over a
 * document (`xmllint --xpath`): a reference parser outside the code under
 * test. A document libxml2 cannot parse is an error, with what it said.
 */
export async function xpathString(xml: string, xpath: string): Promise<string> {
  const result = await validateXML({
    xml: [{ fileName: 'doc.xml', contents: xml }],
    // Replaced by the arguments below; the type asks for a schema or a normalization.
    normalization: 'format',
    modifyArguments: () => ['--xpath', xpath, 'doc.xml'],
  });
  if (!result.valid || result.rawOutput !== '') {
    throw new Error(`libxml2 could not read the document: ${result.rawOutput}`);
  }
  // xmllint ends what it prints with a newline of its own.
  return result.normalized.replace(/\n$/, '');
}
