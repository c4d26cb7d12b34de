import type { ToolDescriptor } from '../environment/index.js';
import type { Perturbation } from './perturbation.js';
import { withPresent } from './with-present.js';

/** The verb of a tool name and verbs that may stand in for it. */
const VERBS: Readonly<Record<string, readonly string[]>> = {
  get: ['fetch', 'retrieve', 'lookup'],
  search: ['find', 'query', 'lookup'],
  find: ['search', 'locate'],
  list: ['enumerate', 'browse'],
  check: ['verify', 'assess'],
  calculate: ['compute', 'estimate'],
  process: ['execute', 'issue', 'perform'],
  send: ['dispatch', 'deliver'],
  update: ['modify', 'change'],
  cancel: ['void', 'revoke'],
  create: ['make', 'open'],
  refresh: ['renew', 'restart'],
  modify: ['update', 'change'],
  exchange: ['swap', 'replace'],
  return: ['send_back'],
  transfer: ['handoff', 'escalate'],
};

/** A new name for `name`: its verb swapped (`get_order` → `fetch_order`), else a suffix. */
function newName(
  name: string,
  taken: ReadonlySet<string>,
  pick: <T>(items: readonly T[]) => T,
): string {
  const [verb, ...rest] = name.split('_');
  const swaps = VERBS[verb!.toLowerCase()];
  const candidates = (swaps ?? []).map((other) => [other, ...rest].join('_'));
  const free = candidates.filter((candidate) => !taken.has(candidate));
  if (free.length > 0) return pick(free);
  for (let suffix = 2; ; suffix++)
    if (!taken.has(`${name}_v${suffix}`)) return `${name}_v${suffix}`;
}

/** The tools the reference calls, else all: renaming a tool the task uses is the telling case. */
function candidates(tools: readonly ToolDescriptor[], used: ReadonlySet<string>): ToolDescriptor[] {
  const inUse = tools.filter((tool) => used.has(tool.name));
  return inUse.length > 0 ? inUse : [...tools];
}

const mention = (name: string): RegExp => new RegExp(`(?<![\\w])${name}(?![\\w])`, 'g');

/**
 * One tool shown under a new name. Its descriptions, and the others'
 * mentions of it, use the new name; calls under the new name reach the
 * real tool and are recorded under the real name.
 */
export const renameTool: Perturbation = {
  kind: 'rename-tool',
  summary: 'one tool the task uses shown under a new name (recorded under its real name)',
  perturb({ raw, spec, context, rng }) {
    if (context.tools.length === 0) return { type: 'skipped', reason: 'no tools' };
    const used = new Set(spec.reference.flatMap((step) => ('tool' in step ? [step.tool] : [])));
    const tool = rng.pick(candidates(context.tools, used));
    const taken = new Set(context.tools.map((other) => other.name));
    const shown = newName(tool.name, taken, (items) => rng.pick(items));
    const describe: Record<string, string> = {};
    for (const other of context.tools) {
      const text = other.description.replace(mention(tool.name), shown);
      if (text !== other.description) describe[other.name] = text;
    }
    const task = withPresent(raw, (present) => {
      present.rename = { [tool.name]: shown };
      if (Object.keys(describe).length > 0) present.describe = describe;
    });
    return { type: 'variant', task, detail: `${tool.name} shown as ${shown}`, files: [] };
  },
};
