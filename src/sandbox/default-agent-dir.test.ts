import { describe, expect, it } from 'vitest';
import { defaultAgentDir } from './default-agent-dir.js';
import type { PathProbe } from './plan-sandbox.js';

const files = new Set(['/work/agents/refund.mjs', '/opt/agent.py', '/home/ana/.local/bin/claude']);
const probe: PathProbe = {
  kind: (path) => (files.has(path) ? 'file' : 'missing'),
  realpath: (path) => path,
  readlink: () => '',
  blockedFor: () => undefined,
};

describe('defaultAgentDir', () => {
  it('is the folder of the script an interpreter runs', () => {
    expect(defaultAgentDir(['node', 'agents/refund.mjs'], '/work', probe)).toBe('/work/agents');
    expect(defaultAgentDir(['python3', '-u', '/opt/agent.py'], '/work', probe)).toBe('/opt');
  });

  it('is the folder of a program given as a path, else the working folder', () => {
    expect(defaultAgentDir(['./bin/agent', '--fast'], '/work', probe)).toBe('/work/bin');
    expect(defaultAgentDir(['my-agent'], '/work', probe)).toBe('/work');
  });

  it('is the folder of a program found on PATH, not the working folder', () => {
    const path = '/usr/bin:/home/ana/.local/bin';
    expect(defaultAgentDir(['claude', '-p'], '/work', probe, path)).toBe('/home/ana/.local/bin');
    expect(defaultAgentDir(['my-agent'], '/work', probe, path)).toBe('/work');
    expect(defaultAgentDir(['node', 'missing.mjs'], '/work', probe)).toBe('/work');
  });
});
