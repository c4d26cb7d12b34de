import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseYamlSource } from './yaml-source.js';
import { MAX_SYNTAX_PROBLEMS, yamlSyntaxProblems } from './yaml-syntax-problems.js';

const problemsOf = (text: string) => parseYamlSource(text, 'tasks/a.yaml').problems;

/** No message names one of the parser's codes (`BAD_INDENT`, `BLOCK_AS_IMPLICIT_KEY` ...). */
const NO_CODE = /^(?![\s\S]*\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b)/;

describe('yamlSyntaxProblems', () => {
  it('a key indented deeper than the one before: one problem at the deeper key', () => {
    const problems = problemsOf('id: a\nuser:\n  instruction: hi\n    script: []\n');
    expect(problems).toEqual([
      {
        file: 'tasks/a.yaml',
        line: 4,
        column: 5,
        message: expect.stringMatching(
          /^a key is indented deeper than the key before it: `script: \[\]`\. Line it up/,
        ),
      },
    ]);
  });

  it('a key not lined up with its mapping (BAD_INDENT)', () => {
    expect(problemsOf('id: a\nexpect:\n  changes: []\n communicate: x\n')).toEqual([
      {
        file: 'tasks/a.yaml',
        line: 4,
        column: 2,
        message: expect.stringMatching(
          /^a key is not lined up with the other keys of its mapping: `communicate: x`\. Indent it/,
        ),
      },
    ]);
  });

  it('a tab used for indentation', () => {
    expect(problemsOf('id: a\nexpect:\n\tchanges: []\n')).toMatchObject([
      {
        line: 3,
        message: 'a tab is used for indentation: `changes: []`. Indent with spaces only.',
      },
    ]);
  });

  it('a duplicate key, named', () => {
    expect(problemsOf('id: a\nrevision: 1\nid: b\n')).toMatchObject([
      {
        line: 3,
        column: 1,
        message: expect.stringMatching(/^the key `id` appears twice: `id: b`\./),
      },
    ]);
  });

  it('a string without its closing quote, at its opening quote', () => {
    expect(problemsOf('id: a\ndescription: "half\nrevision: 1\n')).toMatchObject([
      {
        line: 2,
        column: 14,
        message: expect.stringMatching(
          /^a string opened with " is not closed: `description: "half`/,
        ),
      },
    ]);
  });

  it('an unclosed [ list (BAD_INDENT of a flow sequence)', () => {
    expect(problemsOf('a: [1, 2\nb: 3\n')).toMatchObject([
      { line: 2, message: expect.stringMatching(/^a list opened with "\[" above is not closed/) },
    ]);
  });

  it('": " inside a value on one line', () => {
    expect(problemsOf('say: note: this\n')).toMatchObject([
      { line: 1, message: expect.stringMatching(/^a value holds ": ".*`say: note: this`\. Quote/) },
    ]);
  });

  it('a list item among the keys of a mapping', () => {
    expect(problemsOf('a:\n  b: 1\n  - c\n')).toMatchObject([
      { line: 3, column: 3, message: expect.stringMatching(/^a list item \("- "\) stands among/) },
    ]);
  });

  it('a key without its colon (MULTILINE_IMPLICIT_KEY)', () => {
    expect(problemsOf('id: a\nrevision 1\nb: 2\n')).toMatchObject([
      {
        line: 2,
        message: expect.stringMatching(
          /^a line is neither `key: value` nor a list item.*Add the missing ":"/,
        ),
      },
    ]);
  });

  it('text after a closing quote (UNEXPECTED_TOKEN)', () => {
    expect(problemsOf('a: "x" y\n')).toMatchObject([
      {
        line: 1,
        column: 8,
        message: expect.stringMatching(/^text follows a value that has already ended/),
      },
    ]);
  });

  it('a block list inside [ ] (BLOCK_IN_FLOW)', () => {
    expect(problemsOf('a: [b:\n  - c]\n')).toMatchObject([
      {
        line: 2,
        message: expect.stringMatching(
          /^a list item \("- "\) or a key on a line of its own stands inside/,
        ),
      },
    ]);
  });

  it('a value starting with a reserved character, an unknown escape, two documents', () => {
    expect(problemsOf('a: @x\n')).toMatchObject([
      {
        message: expect.stringMatching(
          /^a value starts with "@", which YAML reserves.*Quote the value/,
        ),
      },
    ]);
    expect(problemsOf('a: "\\q"\n')).toMatchObject([
      { message: expect.stringMatching(/^a double-quoted string holds the unknown escape \\q/) },
    ]);
    expect(problemsOf('a: 1\n---\nb: 2\n')).toMatchObject([
      { line: 2, message: expect.stringMatching(/^the file holds more than one YAML document/) },
    ]);
  });

  it('falls back to the parser message without its code or position', () => {
    const problems = yamlSyntaxProblems(
      [
        {
          code: 'MULTIPLE_TAGS',
          message: 'A node can have at most one tag at line 1, column 4:\n\na: !x !y b\n   ^',
          linePos: [{ line: 1, col: 4 }],
        },
      ],
      'a: !x !y b\n',
      'f.yaml',
    );
    expect(problems).toEqual([
      {
        file: 'f.yaml',
        line: 1,
        column: 4,
        message: expect.stringMatching(
          /^a node can have at most one tag: `a: !x !y b`\. Check this line/,
        ),
      },
    ]);
  });

  it('collapses the errors one slip sets off into one problem', () => {
    // Indenting `script:` deeper derails the parser for the lines after it (four errors).
    const text = [
      'user:',
      '  instruction: hello',
      '  script:',
      '    - when: a',
      '      say: b',
      '      - when: c',
      '      say: d',
      '',
    ].join('\n');
    const errors = [
      { code: 'BAD_INDENT', message: 'x', linePos: [{ line: 6, col: 1 }] },
      { code: 'BLOCK_AS_IMPLICIT_KEY', message: 'x', linePos: [{ line: 6, col: 7 }] },
      { code: 'MULTILINE_IMPLICIT_KEY', message: 'x', linePos: [{ line: 7, col: 7 }] },
      { code: 'MISSING_CHAR', message: 'x', linePos: [{ line: 8, col: 1 }] },
    ];
    expect(yamlSyntaxProblems(errors, text, 'f.yaml')).toMatchObject([{ line: 6 }]);
    // The parser's own errors for such a file: several, reported as one.
    const text2 = 'a:\n  b: 1\n  - c\n  d: 2\n';
    expect(parseDocument(text2).errors.length).toBeGreaterThan(1);
    expect(problemsOf(text2)).toHaveLength(1);
  });

  it('keeps separate slips apart, and lists at most a few', () => {
    const lines = Array.from({ length: 10 }, (_, index) => `k${index}: 1`);
    for (const index of [1, 4, 7, 9]) lines[index] = `\tk${index}: 1`;
    const errors = [2, 5, 8, 10].map((line) => ({
      code: 'TAB_AS_INDENT',
      message: 'Tabs are not allowed as indentation',
      linePos: [{ line, col: 1 }],
    }));
    const problems = yamlSyntaxProblems(errors, lines.join('\n'), 'f.yaml');
    expect(problems.map((problem) => problem.line)).toEqual(
      [2, 5, 8].slice(0, MAX_SYNTAX_PROBLEMS),
    );
    expect(problemsOf('a: 1\na: 2\nb: 1\nb: 2\n').map((problem) => problem.line)).toEqual([2, 4]);
  });

  it('names no parser code in any message', () => {
    const texts = ['a: b: c\n', 'a:\n  b: 1\n  - c\n', 'id: "a\n', 'a\nb: 1\n', 'a: [b:\n  - c]\n'];
    for (const text of texts) {
      for (const problem of problemsOf(text)) expect(problem.message).toMatch(NO_CODE);
    }
  });
});
