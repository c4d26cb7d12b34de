/** The kinds `--agent` accepts (a module of its own: the help lists them and loads no agent). */
export const AGENT_KINDS = ['oracle', 'replay', 'simulated', 'llm', 'command', 'mcp'] as const;
