import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';

/** A package as Node finds it from a folder: where it is and what its package.json says. */
export interface FoundPackage {
  /** Real path of the package folder. */
  readonly directory: string;
  readonly packageJson: string;
}

/** The package name of a bare specifier: `zod/mini` → `zod`, `@scope/x/y` → `@scope/x`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The package `name` as Node's resolution finds it from `from`: the nearest
 * `node_modules/<name>` up the folders, else the enclosing package when it
 * is that package (a self-reference). Undefined when there is none.
 */
export function findPackage(name: string, from: string): FoundPackage | undefined {
  for (let folder = from; ; folder = dirname(folder)) {
    const candidate = join(folder, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return readPackage(realpathSync(candidate));
    if (folder === parse(folder).root) break;
  }
  for (let folder = from; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const found = readPackage(realpathSync(folder));
      return packageField(found.packageJson, 'name') === name ? found : undefined;
    }
    if (folder === parse(folder).root) return undefined;
  }
}

/** A string field of a package.json text, or undefined when it has none or does not parse. */
export function packageField(packageJson: string, field: string): string | undefined {
  try {
    const value = (JSON.parse(packageJson) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    // A package.json that does not parse names no version; Node reports it when it loads.
    return undefined;
  }
}

function readPackage(directory: string): FoundPackage {
  return { directory, packageJson: readFileSync(join(directory, 'package.json'), 'utf8') };
}
