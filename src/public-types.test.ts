import { fileURLToPath } from 'node:url';
import { dirname, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

/**
 * Types that exported declarations of `entry` name but `entry` does not
 * export, as `Type (file) in Export`. Only the written signatures count
 * (parameters, return types, members, type aliases), never bodies.
 */
function unexportedTypes(entry: string): string[] {
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry)!;
  const resolve = (symbol: ts.Symbol): ts.Symbol =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
  const exported = new Set(exports.map(resolve));
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

  for (const symbol of exports) {
    const target = resolve(symbol);
    for (const declaration of target.declarations ?? []) {
      if (declaration.getSourceFile().fileName.startsWith(SRC))
        visit(declaration, symbol.getName());
    }
  }
  return [...found].sort();
}

describe('the public API', () => {
  it('exports every type its exported declarations name', () => {
    expect(unexportedTypes(`${SRC}/index.ts`)).toEqual([]);
  }, 120_000);
});
