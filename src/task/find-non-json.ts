/** The first place a parsed value is not JSON, and why. */
export interface NonJsonValue {
  readonly path: PropertyKey[];
  readonly message: string;
}

/**
 * Finds what YAML can express but a task, fixture or trajectory cannot
 * hold: an alias inside the node it refers to (a circular value, which
 * would send every later walk into endless recursion), `.inf` and `.nan`,
 * and YAML 1.1 types such as timestamps, binary and sets.
 *
 * @example findNonJson({ a: [1, Infinity] }) // { path: ['a', 1], message: '...' }
 */
export function findNonJson(value: unknown): NonJsonValue | undefined {
  const ancestors = new Set<object>();
  // Aliases share nodes: check each shared node once.
  const checked = new Set<object>();
  const visit = (node: unknown, path: PropertyKey[]): NonJsonValue | undefined => {
    if (node === null || typeof node === 'string' || typeof node === 'boolean') return undefined;
    if (typeof node === 'number') {
      return Number.isFinite(node)
        ? undefined
        : { path, message: `${String(node)} is not a JSON number: write a finite number` };
    }
    if (typeof node !== 'object') return { path, message: `a ${typeof node} is not a JSON value` };
    if (ancestors.has(node)) {
      return { path, message: 'an alias refers to a node that contains it (a circular value)' };
    }
    if (checked.has(node)) return undefined;
    const prototype: unknown = Object.getPrototypeOf(node);
    if (!Array.isArray(node) && prototype !== Object.prototype && prototype !== null) {
      const kind = (node as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      return {
        path,
        message: `a ${kind} is not a JSON value (YAML 1.1 timestamps, binary, sets and maps are not allowed): quote it as a string`,
      };
    }
    ancestors.add(node);
    const entries: [PropertyKey, unknown][] = Array.isArray(node)
      ? node.map((item, index) => [index, item])
      : Object.entries(node);
    for (const [key, child] of entries) {
      const found = visit(child, [...path, key]);
      if (found !== undefined) return found;
    }
    ancestors.delete(node);
    checked.add(node);
    return undefined;
  };
  return visit(value, []);
}
