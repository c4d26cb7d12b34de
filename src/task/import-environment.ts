import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EndstateError, isEndstateError } from '../core/index.js';
import { isEnvironment } from '../environment/index.js';
import type { Environment } from '../environment/index.js';
import { compileEnvironment } from './compile-environment.js';
import { defaultEnvironmentCache, loadCompiledEnvironment } from './environment-cache.js';
import { findPackage, packageField } from './find-package.js';

export type ModuleImporter = (url: string) => Promise<unknown>;

/** The names a suite's environment module may have, in the order they are looked for. */
export const ENVIRONMENT_FILES = [
  'environment.ts',
  'environment.mts',
  'environment.js',
  'environment.mjs',
] as const;

/** Where an environment may be exported, in the order they are tried. */
const EXPORT_PATHS = ['default', 'environment', 'default.default', 'default.environment'] as const;

const ZOD_HINT = "install zod@^4 or import { z } from 'endstate'";

/**
 * Imports a module the way `loadSuite` does by default: TypeScript
 * (`.ts`, `.mts`) is compiled to one ES module, cached by content in
 * `cacheDirectory`, then imported; JavaScript is imported as it is.
 * Either works in an ESM (`"type": "module"`) or a CommonJS package.
 */
export function createEnvironmentImporter(
  cacheDirectory: string = defaultEnvironmentCache(),
): ModuleImporter {
  return async (url) => {
    if (!/\.m?ts$/.test(url)) return (await import(url)) as unknown;
    const { path } = await loadCompiledEnvironment(fileURLToPath(url), {
      directory: cacheDirectory,
      compile: compileEnvironment,
    });
    return (await import(pathToFileURL(path).href)) as unknown;
  };
}

/**
 * Finds and imports the suite's environment module and picks its
 * environment: the default export, an export named `environment`, or the
 * same under `default` (a CommonJS module, whose `module.exports` is the
 * default). Errors say what the module exports and what to do.
 */
export async function importEnvironment(
  root: string,
  importModule: ModuleImporter,
): Promise<{ environment: Environment; file: string }> {
  const file = ENVIRONMENT_FILES.find((name) => existsSync(join(root, name)));
  if (file === undefined) {
    throw new EndstateError('E_ENVIRONMENT_INVALID', `suite ${root} has no environment module`, {
      hint: `Add ${ENVIRONMENT_FILES.join(', ')} (the first found is used) exporting defineEnvironment(...) as its default export.`,
    });
  }
  const path = join(root, file);
  let module: unknown;
  try {
    module = await importModule(pathToFileURL(path).href);
  } catch (error) {
    throw loadFailure(file, path, error);
  }
  const environment = EXPORT_PATHS.map((exportPath) => valueAt(module, exportPath)).find(
    isEnvironment,
  );
  if (environment === undefined) {
    throw new EndstateError(
      'E_ENVIRONMENT_INVALID',
      `${file} does not export an environment (${describeExports(module)})`,
      {
        hint: `Export the result of defineEnvironment(...): \`export default defineEnvironment({ ... })\` (or \`export const environment = ...\`; in a CommonJS .js file, \`module.exports = defineEnvironment({ ... })\`).`,
      },
    );
  }
  return { environment, file };
}

function loadFailure(file: string, path: string, error: unknown): EndstateError {
  const message = messageOf(error);
  if (isEndstateError(error)) {
    const summary = error.message.split('\n')[0]!;
    return new EndstateError(error.code, `${file}: ${summary}`, {
      cause: error,
      problems: error.problems.map((problem) => ({ file, ...problem })),
      hint: error.hint ?? `Fix ${file}.`,
    });
  }
  const isAboutZod = /\bzod\b|reading '_?(def|zod)'/i.test(message);
  return new EndstateError('E_ENVIRONMENT_INVALID', `${file} could not be loaded: ${message}`, {
    cause: error,
    hint: isAboutZod
      ? `The environment's tool schemas must be zod 4: ${ZOD_HINT}.${zodNote(path)}`
      : `Fix the error above in ${file} (or a file it imports).${zodNote(path)}`,
  });
}

/** Names a zod the suite resolves that is not major 4; empty otherwise. */
function zodNote(path: string): string {
  const found = findPackage('zod', dirname(path));
  const version = found === undefined ? undefined : packageField(found.packageJson, 'version');
  if (version === undefined || version.startsWith('4.')) return '';
  return ` This suite resolves zod ${version} (${found!.directory}), endstate needs zod 4: ${ZOD_HINT}.`;
}

function valueAt(module: unknown, exportPath: string): unknown {
  let value = module;
  for (const key of exportPath.split('.')) {
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null)
      return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * What a module exports, for a message: `exports: default.name, helper`.
 * The members of an object default export are listed under `default.`; a
 * CommonJS module's names, which repeat its `module.exports`, once.
 */
function describeExports(module: unknown): string {
  const exports = (typeof module === 'object' && module !== null ? module : {}) as Record<
    string,
    unknown
  >;
  const fallback = exports.default;
  const inner =
    typeof fallback === 'object' && fallback !== null
      ? (fallback as Record<string, unknown>)
      : undefined;
  const names = Object.keys(exports).flatMap((name) => {
    if (name === 'module.exports') return [];
    if (name === 'default')
      return inner === undefined || Object.keys(inner).length === 0
        ? ['default']
        : Object.keys(inner).map((key) => `default.${key}`);
    return inner !== undefined && inner[name] === exports[name] ? [] : [name];
  });
  return names.length === 0 ? 'it exports nothing' : `exports: ${names.sort().join(', ')}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
