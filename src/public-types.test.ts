import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The sources of the package's entry points, from package.json `exports` (`./dist/x.js` is `src/x.ts`). */
function publicEntries(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(`${SRC}/../package.json`, 'utf8')) as {
    exports: Record<string, string | { default: string }>;
  };
  const entries: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const match = /^\.\/dist\/(.+)\.js$/.exec(target.default);
    if (match === null) throw new Error(`package.json exports ${subpath}: not a file of dist/`);
    entries[join('endstate', subpath)] = `${SRC}/${match[1]}.ts`;
  }
  return entries;
}

/**
 * Types that exported declarations of the entry points name but no entry
 * point exports, as `Type (file) in entry: Export`. Only the written
 * signatures count (parameters, return types, members, type aliases),
 * never bodies. A type may come from another entry point (the scorecard's
 * intervals from `endstate/stats`), as a user can import it from there.
 */
function unexportedTypes(entries: Record<string, string>): string[] {
  const program = ts.createProgram(Object.values(entries), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const resolve = (symbol: ts.Symbol): ts.Symbol =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const exportsOf = Object.entries(entries).map(([name, file]) => {
    const source = program.getSourceFile(file)!;
    return { name, symbols: checker.getExportsOfModule(checker.getSymbolAtLocation(source)!) };
  });
  const exported = new Set(exportsOf.flatMap(({ symbols }) => symbols.map(resolve)));
  const found = new Set<string>();

  const visit = (node: ts.Node, owner: string): void => {
    if (ts.isBlock(node)) return; // function bodies are not part of the signature
    if (ts.isVariableDeclaration(node) && node.type === undefined) return;
    if (ts.isVariableDeclaration(node)) {
      visit(node.type!, owner);
      return;
    }
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : undefined; // `typeof value` names a value: its type is spelled out where it is used
    const symbol = name === undefined ? undefined : checker.getSymbolAtLocation(name);
    if (symbol !== undefined) {
      const target = resolve(symbol);
      const declaration = target.declarations?.[0];
      const file = declaration?.getSourceFile().fileName;
      const isOwn = file !== undefined && file.startsWith(SRC) && !file.includes('node_modules');
      const isTypeParameter =
        declaration !== undefined && ts.isTypeParameterDeclaration(declaration);
      if (isOwn && !isTypeParameter && !exported.has(target)) {
        found.add(`${target.getName()} (${relative(SRC, file)}) in ${owner}`);
      }
    }
    ts.forEachChild(node, (child) => visit(child, owner));
  };

  for (const { name, symbols } of exportsOf) {
    for (const symbol of symbols) {
      const target = resolve(symbol);
      for (const declaration of target.declarations ?? []) {
        if (declaration.getSourceFile().fileName.startsWith(SRC))
          visit(declaration, `${name}: ${symbol.getName()}`);
      }
    }
  }
  return [...found].sort();
}

describe('the public API', () => {
  it('has the entry points package.json exports', () => {
    expect(Object.keys(publicEntries()).sort()).toEqual([
      'endstate',
      'endstate/airline',
      'endstate/report',
      'endstate/retail',
      'endstate/stats',
      'endstate/telecom',
      'endstate/testing',
    ]);
  });

  it('exports every type its exported declarations name, from one entry point or another', () => {
    expect(unexportedTypes(publicEntries())).toEqual([]);
  }, 120_000);
});
