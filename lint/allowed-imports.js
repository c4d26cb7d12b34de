// @ts-check

/**
 * Layers import downward only (STYLE.md). Each entry is the allowlist of the
 * folders a layer may import from; anything else under src/ is refused,
 * by a static or a dynamic import.
 * `cli` may import anything, and tests and contract suites may reach across
 * layers to build their fixtures.
 *
 * docs/architecture.md's layer table shows the same allowlists;
 * test/docs/layer-table.test.ts fails when the two differ.
 *
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const allowedImports = {
  core: [],
  schema: ['core'],
  state: ['core'],
  stats: ['core'],
  environment: ['core', 'schema', 'state', 'grade'],
  task: ['core', 'schema', 'state', 'environment'],
  model: ['core', 'schema', 'task'],
  grade: ['core', 'schema', 'state'],
  import: ['core', 'schema', 'state', 'environment', 'task', 'grade', 'domains'],
  domains: ['core', 'schema', 'state', 'environment'],
  user: ['core', 'schema', 'model'],
  sandbox: ['core'],
  agent: ['core', 'schema', 'environment', 'task', 'model', 'user', 'sandbox'],
  trial: ['core', 'schema', 'state', 'environment', 'task', 'model', 'user', 'agent', 'grade'],
  store: ['core', 'schema'],
  report: ['core', 'schema', 'stats'],
  queue: ['core', 'schema', 'model', 'task', 'run', 'store', 'agent', 'user'],
  run: [
    'core',
    'schema',
    'state',
    'environment',
    'task',
    'model',
    'user',
    'agent',
    'grade',
    'trial',
    'store',
  ],
  testing: ['core', 'schema', 'state', 'environment', 'task', 'domains', 'grade'],
  telemetry: ['core', 'schema'],
  perturb: ['core', 'schema', 'state', 'environment'],
};
