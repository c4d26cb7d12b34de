import { describe, expect, it } from 'vitest';
import { agentEnvironment } from './agent-environment.js';

const hostEnv = {
  PATH: '/usr/bin',
  LANG: 'C.UTF-8',
  HOME: '/root',
  OPENAI_API_KEY: 'sk-secret',
  ANTHROPIC_API_KEY: 'sk-ant',
  MY_TOKEN: 'token',
};

describe('agentEnvironment', () => {
  it('keeps declared variables only: PATH, LANG, HOME and TMPDIR, and the protocol’s', () => {
    expect(
      agentEnvironment({
        hostEnv,
        passThrough: [],
        given: { ENDSTATE_MCP_URL: 'http://127.0.0.1:1/mcp' },
        home: '/tmp',
        tmp: '/tmp',
      }),
    ).toEqual({
      PATH: '/usr/bin',
      LANG: 'C.UTF-8',
      HOME: '/tmp',
      TMPDIR: '/tmp',
      ENDSTATE_MCP_URL: 'http://127.0.0.1:1/mcp',
    });
  });

  it('passes a provider key only when it is named, and skips names that are not set', () => {
    const env = agentEnvironment({
      hostEnv,
      passThrough: ['OPENAI_API_KEY', 'NOT_SET'],
      given: {},
      home: undefined,
      tmp: undefined,
    });
    expect(env).toEqual({ PATH: '/usr/bin', LANG: 'C.UTF-8', OPENAI_API_KEY: 'sk-secret' });
  });
});
