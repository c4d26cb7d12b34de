import type { z } from 'zod';

/**
 * The field an unknown key most likely meant, as a path from the root: the
 * same key where the schema knows it one level away (moved out of its
 * block, `communicate` → `expect.communicate`; indented into the wrong one,
 * `expect.id` → `id`; or in a sibling block), else a key of the same
 * mapping spelt within two edits (`expct` → `expect`). `path` is that of
 * the mapping holding the key. Undefined when nothing is that close.
 */
export function suggestKey(
  schema: z.core.$ZodType,
  path: readonly PropertyKey[],
  key: string,
): PropertyKey[] | undefined {
  const here = keysAt(schema, path);
  if (here.has(key)) return undefined;
  // One level down: a block of this mapping that knows the key.
  for (const block of here) {
    if (keysAt(schema, [...path, block]).has(key)) return [...path, block, key];
  }
  // One level up, then the blocks beside this one.
  const block = enclosingBlock(path);
  if (block !== undefined) {
    const { parent, name } = block;
    const above = keysAt(schema, parent);
    if (above.has(key)) return [...parent, key];
    for (const sibling of above) {
      if (sibling !== name && keysAt(schema, [...parent, sibling]).has(key))
        return [...parent, sibling, key];
    }
  }
  const spelt = closestSpelling(key, here);
  return spelt === undefined ? undefined : [...path, spelt];
}

/** The path of the mapping holding the block at `path`, past any list indices, and the block's key. */
function enclosingBlock(
  path: readonly PropertyKey[],
): { parent: PropertyKey[]; name: PropertyKey } | undefined {
  let end = path.length;
  while (end > 0 && typeof path[end - 1] === 'number') end--;
  if (end === 0) return undefined;
  return { parent: path.slice(0, end - 1), name: path[end - 1]! };
}

/** The known key of least edit distance, at most two and under half the key's length. */
function closestSpelling(key: string, known: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(2, Math.ceil(key.length / 2) - 1);
  for (const candidate of known) {
    const distance = editDistance(key, candidate);
    if (distance <= bestDistance && (best === undefined || distance < bestDistance)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The keys the schema knows for a mapping at `path`, over every alternative of a union. */
export function keysAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): Set<string> {
  let nodes = unwrap(schema);
  for (const step of path) nodes = nodes.flatMap((node) => unwrap(...childrenOf(node, step)));
  const keys = new Set<string>();
  for (const node of nodes) {
    const def = node._zod.def as z.core.$ZodTypeDef & { shape?: Record<string, unknown> };
    if (def.type === 'object' && def.shape !== undefined)
      for (const key of Object.keys(def.shape)) keys.add(key);
  }
  return keys;
}

/** Wrappers a schema walk looks through. */
type Wrapper = { innerType: z.core.$ZodType };

/** Past wrappers (optional, default, pipe, lazy ...) and into every option of a union. */
function unwrap(...schemas: z.core.$ZodType[]): z.core.$ZodType[] {
  const found: z.core.$ZodType[] = [];
  const seen = new Set<z.core.$ZodType>();
  const visit = (schema: z.core.$ZodType): void => {
    if (seen.has(schema) || seen.size > MAX_NODES) return;
    seen.add(schema);
    const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        visit((def as unknown as Wrapper).innerType);
        return;
      case 'pipe':
        visit(def.in as z.core.$ZodType);
        visit(def.out as z.core.$ZodType);
        return;
      case 'lazy':
        visit((def.getter as () => z.core.$ZodType)());
        return;
      case 'union':
        for (const option of def.options as z.core.$ZodType[]) visit(option);
        return;
      case 'intersection':
        visit(def.left as z.core.$ZodType);
        visit(def.right as z.core.$ZodType);
        return;
      default:
        found.push(schema);
    }
  };
  for (const schema of schemas) visit(schema);
  return found;
}

/** A walk gives up past this many schema nodes (a recursive schema has no end). */
const MAX_NODES = 1000;

function childrenOf(node: z.core.$ZodType, step: PropertyKey): z.core.$ZodType[] {
  const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      const child = (def.shape as Record<string, z.core.$ZodType>)[String(step)];
      if (child !== undefined) return [child];
      return def.catchall === undefined ? [] : [def.catchall as z.core.$ZodType];
    }
    case 'record':
      return typeof step === 'string' ? [def.valueType as z.core.$ZodType] : [];
    case 'array':
      return typeof step === 'number' ? [def.element as z.core.$ZodType] : [];
    case 'tuple': {
      if (typeof step !== 'number') return [];
      const item = (def.items as z.core.$ZodType[])[step] ?? def.rest;
      return item === undefined || item === null ? [] : [item as z.core.$ZodType];
    }
    default:
      return [];
  }
}
