import { describe, expect, it } from 'vitest';
import { parseYamlSource } from './yaml-source.js';

// Regressions found by test/property: each of these threw out of parseYamlSource
// or returned a value that crashed whatever read it next.
describe('parseYamlSource', () => {
  it('reports a YAML 1.1 merge key whose value is not a map, at its line', () => {
    const source = parseYamlSource('%YAML 1.1\n---\nid: a\n<<: null\n', 'tasks/a.yaml');
    expect(source.value).toBeUndefined();
    expect(source.problems).toEqual([
      {
        file: 'tasks/a.yaml',
        line: 4,
        column: 1,
        message: 'Merge sources must be maps or map aliases',
      },
    ]);
  });

  it('reports too many aliases instead of throwing', () => {
    const text = ['- &a [x, x, x, x, x, x, x, x, x, x]', '- &b [*a, *a, *a, *a, *a, *a, *a, *a]'];
    text.push('- &c [*b, *b, *b, *b, *b, *b, *b, *b]', '- [*c, *c, *c, *c, *c, *c, *c, *c]');
    const source = parseYamlSource(text.join('\n'), 'f.yaml');
    expect(source.problems).toMatchObject([{ file: 'f.yaml', line: 2, message: /alias count/ }]);
  });

  it('reports an alias inside the node it refers to, with its path and line', () => {
    const source = parseYamlSource('id: a\nargs: &x\n  self: *x\n', 'f.yaml');
    expect(source.value).toBeUndefined();
    expect(source.problems).toEqual([
      {
        file: 'f.yaml',
        line: 3,
        column: 3,
        path: 'args.self',
        message: 'an alias refers to a node that contains it (a circular value)',
      },
    ]);
  });

  it('reports values JSON cannot hold: .inf and YAML 1.1 timestamps', () => {
    expect(parseYamlSource('a: [1, .inf]', 'f.yaml').problems).toMatchObject([
      { line: 1, path: 'a[1]', message: 'Infinity is not a JSON number: write a finite number' },
    ]);
    expect(parseYamlSource('%YAML 1.1\n---\nat: 2001-12-14\n', 'f.yaml').problems).toMatchObject([
      { line: 3, path: 'at', message: /a Date is not a JSON value/ },
    ]);
  });

  it('places problems of an empty file at its first line', () => {
    expect(parseYamlSource('', 'f.yaml').locate(['id'])).toEqual({ line: 1, column: 1 });
  });
});
