import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('gives the same bytes as an independent RFC 8785 implementation', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts keys by UTF-16 code units and keeps array order (RFC 8785 example keys)', () => {
    expect(
      canonicalJson({
        '\u20ac': 'Euro',
        '\r': 'CR',
        '\ufb33': 'Hebrew',
        '1': 'One',
        '\ud83d\ude00': 'Smiley',
        '\u0080': 'Control',
        '\u00f6': 'Latin',
      }),
    ).toBe(
      '{"\\r":"CR","1":"One","\u0080":"Control","\u00f6":"Latin","\u20ac":"Euro","\ud83d\ude00":"Smiley","\ufb33":"Hebrew"}',
    );
    expect(canonicalJson([3, 1, { b: 1, a: [2, 1] }])).toBe('[3,1,{"a":[2,1],"b":1}]');
  });

  it('writes numbers the ECMAScript way', () => {
    expect(canonicalJson([1e21, 1e-7, 0.1 + 0.2, -0, 4.5])).toBe(
      '[1e+21,1e-7,0.30000000000000004,0,4.5]',
    );
  });

  it('refuses values with no JSON form', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(/no form for the number NaN/);
    expect(() => canonicalJson(undefined)).toThrow(/no JSON form/);
  });

  it('hashes key-order variants alike', () => {
    expect(hashJson({ a: 1, b: [1, 2] })).toBe(hashJson({ b: [1, 2], a: 1 }));
    expect(hashJson({ a: 1, b: [1, 2] })).not.toBe(hashJson({ a: 1, b: [2, 1] }));
  });
});
