import { existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
/** What a relative specifier may leave out, as TypeScript and Node resolve it. */
const SUFFIXES = ['', '.ts', '.mts', '.js', '.mjs', '.json', '/index.ts', '/index.js'];
/** A string literal that is a relative path: an import, `new URL('../x', import.meta.url)`, a join. */
const RELATIVE_LITERAL = /(['"`])(\.{1,2}\/[^'"`\n]*)\1/g;
/** Files followed at most: a suite that reaches further is a mistake, not a case to hash. */
const MAX_FILES = 10_000;

/** Whether `path` lies inside `folder` (or is it). */
export function isInside(folder: string, path: string): boolean {
  const part = relative(folder, path);
  return part === '' || (!part.startsWith('..') && !isAbsolute(part));
}

function resolveLiteral(from: string, literal: string): string[] {
  const base = resolve(dirname(from), literal);
  // `./x.js` in TypeScript names ./x.ts.
  const candidates = [
    ...SUFFIXES.map((suffix) => base + suffix),
    ...(/\.m?js$/.test(base) ? [base.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts')] : []),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found === undefined) return [];
  if (statSync(found).isDirectory()) return filesUnder(found);
  return [found];
}

function filesUnder(folder: string): string[] {
  const files: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSafe(current)) {
      if (entry.startsWith('.') || entry === 'node_modules' || files.length > MAX_FILES) continue;
      const path = join(current, entry);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory() === true) walk(path);
      else if (stat?.isFile() === true) files.push(path);
    }
  };
  walk(folder);
  return files;
}

function readdirSafe(folder: string): string[] {
  try {
    return readdirSync(folder).sort();
  } catch {
    // An unreadable folder holds nothing the environment can read either.
    return [];
  }
}

/**
 * The files outside the suite folder that its environment module reaches:
 * starting from the module, every relative path written as a string
 * literal (imports, `new URL('../data.json', import.meta.url)`, joins) is
 * followed when it names a file or folder, and code modules are read for
 * theirs in turn. Package imports (`endstate`, `zod`) are not followed:
 * the harness version and the lock file cover them. Paths the module
 * computes at run time are not seen (docs/task-format.md, Suite hash).
 * Absolute, real paths, sorted.
 */
export function findOutsideFiles(root: string, environmentFile: string): string[] {
  const realRoot = realpathSync(root);
  const seen = new Set<string>();
  const outside = new Set<string>();
  const queue = [realpathSync(environmentFile)];
  while (queue.length > 0 && seen.size < MAX_FILES) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!isInside(realRoot, file)) outside.add(file);
    if (!CODE.test(file) || file.split(/[\\/]/).includes('node_modules')) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // Unreadable: the import fails when the module loads, and says so there.
      continue;
    }
    for (const match of text.matchAll(RELATIVE_LITERAL)) {
      for (const found of resolveLiteral(file, match[2]!)) {
        const real = realpathSync(found);
        if (!seen.has(real)) queue.push(real);
      }
    }
  }
  return [...outside].sort();
}
