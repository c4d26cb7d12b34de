/**
 * Names that reach an object's prototype when used as a key: a path such
 * as `__proto__.x` or `constructor/prototype` in a task file would change
 * every object in the process if it were followed by assignment.
 */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

export function isPrototypeKey(key: string): boolean {
  return PROTOTYPE_KEYS.includes(key);
}

/** The message for a key or path segment that names a prototype. */
export function prototypeKeyMessage(key: string): string {
  return `"${key}" cannot be a key or a path segment (${PROTOTYPE_KEYS.join(', ')} reach an object's prototype): rename the field`;
}
