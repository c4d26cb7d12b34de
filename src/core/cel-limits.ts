import type { Environment } from '@marcbachmann/cel-js';
import { loadCelJs } from './load-engines.js';

/**
 * Bounds on a CEL assertion, so that no task can make grading hang: the
 * library has no evaluation budget of its own, so the text, the parse tree
 * and the nesting of comprehensions are bounded here, and the grader counts
 * the records an evaluation reads (see docs/task-format.md, Limits).
 */
export const CEL_LIMITS = {
  /** Characters in one expression. */
  maxLength: 4096,
  /** Nodes of its parse tree. */
  maxAstNodes: 1000,
  /** Nesting of calls, field selections, indexes and literals. */
  maxDepth: 32,
  /** Comprehensions (`all`, `exists`, `exists_one`, `map`, `filter`) inside one another's body. */
  maxComprehensionNesting: 2,
  /** Records (list elements and map entries of a state's collections) read in one evaluation. */
  maxStateReads: 1_000_000,
} as const;

let parser: Environment | undefined;

/** Parses expressions under the limits; variables not declared are `dyn`, as at run time. */
function celParser(): Environment {
  return (parser ??= new (loadCelJs().Environment)({
    unlistedVariablesAreDyn: true,
    limits: { maxAstNodes: CEL_LIMITS.maxAstNodes, maxDepth: CEL_LIMITS.maxDepth },
  }));
}

export type CelProgram = ReturnType<Environment['parse']>;

export type ParsedCel =
  | { readonly type: 'program'; readonly program: CelProgram }
  | { readonly type: 'invalid'; readonly message: string };

const firstLine = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
};

/**
 * Parses a CEL expression within CEL_LIMITS, or says which limit it
 * exceeds (or why it does not parse).
 */
export function parseCelWithinLimits(expression: string): ParsedCel {
  if (expression.length > CEL_LIMITS.maxLength) {
    return {
      type: 'invalid',
      message: `exceeds the CEL limit of ${CEL_LIMITS.maxLength} characters (it has ${expression.length}): split it into several assertions`,
    };
  }
  let program: CelProgram;
  try {
    program = celParser().parse(expression);
  } catch (error) {
    const message = firstLine(error);
    return /maxAstNodes|maxDepth|maxListElements|maxMapEntries|maxCallArguments/.test(message)
      ? {
          type: 'invalid',
          message: `exceeds a CEL limit (${CEL_LIMITS.maxAstNodes} parse-tree nodes, nesting ${CEL_LIMITS.maxDepth} deep): ${message}`,
        }
      : { type: 'invalid', message: `does not parse: ${message}` };
  }
  const nesting = comprehensionNesting(program.ast);
  if (nesting > CEL_LIMITS.maxComprehensionNesting) {
    return {
      type: 'invalid',
      message: `nests comprehensions ${nesting} deep, past the CEL limit of ${CEL_LIMITS.maxComprehensionNesting} (all, exists, exists_one, map and filter inside one another's body): each level multiplies the work by a collection's size, so split the check or index by id (sT_by_id)`,
    };
  }
  return { type: 'program', program };
}

interface AstNode {
  readonly op: string;
  readonly args: unknown;
  readonly meta?: { readonly alternate?: { readonly op?: string } };
}

const isAstNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && 'op' in value && 'args' in value;

/**
 * How deep comprehensions sit inside one another's body. A macro call
 * (`list.all(x, p)`) is kept in the tree as `rcall` with its expansion in
 * `meta.alternate`: its receiver is at the call's own level, its arguments
 * one level down. `a.filter(...).all(...)` chains, it does not nest.
 */
function comprehensionNesting(root: unknown): number {
  const visit = (node: unknown): number => {
    if (Array.isArray(node)) return Math.max(0, ...node.map(visit));
    if (!isAstNode(node)) return 0;
    if (node.op === 'rcall' && node.meta?.alternate?.op === 'comprehension') {
      const [, receiver, body] = node.args as [unknown, unknown, unknown];
      return Math.max(visit(receiver), 1 + visit(body));
    }
    return visit(node.args);
  };
  return visit(root);
}
