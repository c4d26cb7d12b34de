import { EndstateError } from './errors.js';

/** An optional peer dependency of endstate and the feature that needs it. */
export interface OptionalPackages {
  /** What the user asked for, e.g. `a PostgreSQL store (--store postgres://…)`. */
  readonly feature: string;
  /** The packages `load` imports, any of which may be missing. */
  readonly packages: readonly string[];
}

/**
 * Loads a module that imports optional peer dependencies (the PostgreSQL
 * driver, the queue, OpenTelemetry export): a default install leaves them
 * out, so a feature that needs one that is missing stops with
 * E_PACKAGE_MISSING (exit 2) naming the `npm install` that adds it, rather
 * than Node's "Cannot find package". Any other failure passes through.
 *
 * @example
 * const { default: pg } = await loadOptional(() => import('pg'), {
 *   feature: 'a PostgreSQL store (--store postgres://…)',
 *   packages: ['pg'],
 * });
 */
export async function loadOptional<T>(
  load: () => Promise<T>,
  { feature, packages }: OptionalPackages,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = packages.find((name) => isMissingPackage(error, name));
    if (missing === undefined) throw error;
    throw new EndstateError(
      'E_PACKAGE_MISSING',
      `${feature} needs the package ${missing}, which is not installed (endstate installs it only on request)`,
      {
        hint: `install ${packages.length === 1 ? 'it' : 'them'} beside endstate: npm install ${packages.join(' ')}`,
        details: { packages },
        cause: error,
      },
    );
  }
}

/** Whether `error` is Node's failure to find the package `name` itself (not a file inside it). */
function isMissingPackage(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  // import(): "Cannot find package 'pg' imported from …"; require(): "Cannot find module 'pg'".
  return (
    error.message.includes(`Cannot find package '${name}'`) ||
    error.message.includes(`Cannot find module '${name}'`)
  );
}
