import { describe, expect, it } from 'vitest';
import { describeSandbox } from './describe-sandbox.js';

describe('describeSandbox', () => {
  it('names the sandbox, its network, passed variables and mounts', () => {
    expect(
      describeSandbox(
        { kind: 'bubblewrap', network: 'none', env: ['OPENAI_API_KEY'], mounts: ['models'] },
        'command',
      ),
    ).toBe('bubblewrap · network none · env OPENAI_API_KEY · mounts models');
  });

  it('says an agent run with --no-sandbox ran unisolated', () => {
    expect(describeSandbox({ kind: 'none', network: 'host', env: [], mounts: [] }, 'mcp')).toMatch(
      /^none: the agent ran UNISOLATED \(--no-sandbox\)/,
    );
  });

  it('tells older program runs from in-process agents', () => {
    expect(describeSandbox(null, 'command')).toMatch(/not recorded.*unisolated/);
    expect(describeSandbox(null, 'oracle')).toMatch(/not applicable/);
  });
});
