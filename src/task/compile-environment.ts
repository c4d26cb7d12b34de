import { isBuiltin } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loader, Plugin } from 'esbuild';
import { sha256Hex } from '../core/index.js';
import { findPackage, packageNameOf } from './find-package.js';

/** A local file compiled into the module, with the hash of the bytes it had. */
export interface CompiledInput {
  readonly path: string;
  readonly sha256: string;
}

/**
 * A package the module imports, as it was found when compiling: the module
 * names the package's file by its absolute path, so the cache entry holds
 * only while the same package folder, with the same package.json, is found.
 */
export interface CompiledPackage {
  readonly name: string;
  /** The folder of the importing file, where Node's search starts. */
  readonly from: string;
  readonly directory: string;
  readonly packageJsonSha256: string;
}

/** An environment module compiled to one ESM file. */
export interface CompiledEnvironment {
  readonly code: string;
  readonly inputs: readonly CompiledInput[];
  readonly packages: readonly CompiledPackage[];
}

const LOADERS: Record<string, Loader> = {
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
};
/** What a module may ask about its own place: each file gets its own answers. */
const OWN_PLACE = /import\.meta|__dirname|__filename/;

/**
 * Compiles a TypeScript (or JavaScript) environment module and the local
 * files it imports into one ES module, whatever the enclosing package's
 * `type` says. Packages stay imports, by the absolute file Node's ESM
 * resolution picks from the importing file, so the module runs from any
 * folder and shares `endstate` and `zod` with the harness. Each file keeps
 * its own `import.meta.url`, `__dirname` and `__filename`. No tsconfig.json
 * is read: types are erased, `paths` are not applied.
 */
export async function compileEnvironment(file: string): Promise<CompiledEnvironment> {
  const esbuild = await import('esbuild');
  const packages = new Map<string, CompiledPackage>();
  const result = await esbuild.build({
    entryPoints: [file],
    absWorkingDir: dirname(file),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    metafile: true,
    logLevel: 'silent',
    // As Node runs it: packages resolve by node_modules and package.json,
    // never by tsconfig `paths` (which would point at sources Node cannot run).
    tsconfigRaw: '{}',
    // esbuild's require shim uses this for `require()` calls of CommonJS-style sources.
    banner: {
      js: `import { createRequire as __endstateCreateRequire } from 'node:module';\nconst require = __endstateCreateRequire(${JSON.stringify(pathToFileURL(file).href)});`,
    },
    plugins: [packagesByPath(packages), ownPlace()],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => {
    const path = join(dirname(file), input);
    return { path, sha256: sha256Hex(readFileSync(path, 'latin1')) };
  });
  return {
    code: result.outputFiles[0]!.text,
    inputs: inputs.sort((a, b) => a.path.localeCompare(b.path)),
    packages: [...packages.values()],
  };
}

function packagesByPath(packages: Map<string, CompiledPackage>): Plugin {
  return {
    name: 'endstate-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'endstate-resolving' || args.path.startsWith('/')) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 'endstate-resolving',
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const name = packageNameOf(args.path);
        const found = findPackage(name, args.resolveDir);
        if (found !== undefined) {
          packages.set(`${name}\0${args.resolveDir}`, {
            name,
            from: args.resolveDir,
            directory: found.directory,
            packageJsonSha256: sha256Hex(found.packageJson),
          });
        }
        const path =
          args.kind === 'require-call' ? resolved.path : pathToFileURL(resolved.path).href;
        return { path, external: true };
      });
    },
  };
}

function ownPlace(): Plugin {
  return {
    name: 'endstate-own-place',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        const loader = LOADERS[extname(args.path)];
        const source = readFileSync(args.path, 'utf8');
        if (loader === undefined || !OWN_PLACE.test(source)) return undefined;
        const url = pathToFileURL(args.path).href;
        const folder = dirname(args.path);
        const { transform } = await import('esbuild');
        const { code } = await transform(source, {
          loader,
          sourcefile: args.path,
          define: {
            'import.meta.url': JSON.stringify(url),
            'import.meta.filename': JSON.stringify(args.path),
            'import.meta.dirname': JSON.stringify(folder),
            __filename: JSON.stringify(args.path),
            __dirname: JSON.stringify(folder),
          },
        });
        return { contents: code, loader: 'js', resolveDir: folder };
      });
    },
  };
}
