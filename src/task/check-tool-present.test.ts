import { describe, expect, it } from 'vitest';
import { ToolPresentSchema } from '../schema/index.js';
import { checkToolPresent } from './check-tool-present.js';

const TOOLS = ['get_order', 'process_refund', 'send_email'];

function problemsOf(present: object): string[] {
  const problems: string[] = [];
  const at = (path: PropertyKey[], message: string) =>
    void problems.push(`${path.map(String).join('.')}: ${message}`);
  const checkTool = (path: PropertyKey[], tool: string): boolean => {
    if (TOOLS.includes(tool)) return true;
    at(path, `unknown tool "${tool}"`);
    return false;
  };
  checkToolPresent(ToolPresentSchema.parse(present), TOOLS, at, checkTool);
  return problems;
}

describe('checkToolPresent', () => {
  it('accepts a block that names real tools and unique shown names', () => {
    expect(
      problemsOf({
        order: ['send_email', 'get_order'],
        rename: { get_order: 'fetch_order' },
        describe: { send_email: 'Send one email.' },
        extra: [{ name: 'get_weather', description: 'Weather.' }],
      }),
    ).toEqual([]);
  });

  it('names every unknown tool in order, rename and describe', () => {
    expect(
      problemsOf({ order: ['nope'], rename: { gone: 'x' }, describe: { missing: 'text' } }),
    ).toEqual([
      'tools.present.order.0: unknown tool "nope"',
      'tools.present.describe.missing: unknown tool "missing"',
      'tools.present.rename.gone: unknown tool "gone"',
    ]);
  });

  it('refuses a shown name that is another tool, another shown name or a decoy', () => {
    const problems = problemsOf({
      rename: { get_order: 'send_email', process_refund: 'refund', send_email: 'refund' },
      extra: [{ name: 'refund', description: 'A decoy under a shown name.' }],
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /rename\.get_order: "send_email" is already the name of another tool/,
    );
    expect(problems[1]).toMatch(
      /rename\.send_email: "refund" is also the shown name of process_refund/,
    );
    expect(problems[2]).toMatch(/extra\.0\.name: decoy "refund"/);
  });
});
