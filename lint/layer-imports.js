// @ts-check
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The layer rule (STYLE.md: import downward only): a file in `src/<layer>/`
 * may import from its own folder and from the folders its layer's allowlist
 * names, nothing else under src/. Every way a module names another counts:
 * `import` and `import type`, `export … from`, dynamic `import('…')`,
 * `typeof import('…')` and `import x = require('…')`. Package imports are
 * not layers; a dynamic import of a computed path cannot be checked.
 * Files of a folder with no allowlist (`cli/`, which may import anything)
 * are not checked.
 *
 * Options: `{ root, allowedImports }`: the absolute path of src/, and the
 * allowlist of each layer.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Holds each folder of src/ to the folders it may import from.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          allowedImports: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        required: ['root', 'allowedImports'],
        additionalProperties: false,
      },
    ],
    messages: {
      refused:
        "src/{{layer}} may import only from {{allowed}} (STYLE.md: import downward only); '{{source}}' is in src/{{target}}.",
    },
  },
  create(context) {
    const { root, allowedImports } = /** @type {LayerImportsOptions} */ (context.options[0]);
    const layer = folderOf(root, context.filename);
    const allowed = layer === undefined ? undefined : allowedImports[layer];
    if (layer === undefined || allowed === undefined) return {};
    const from = dirname(context.filename);

    /** @param {import('estree').Node | null | undefined} node */
    const check = (node) => {
      const source = specifierOf(node);
      if (node == null || source === undefined || !source.startsWith('.')) return;
      const target = folderOf(root, resolve(from, source));
      if (target === undefined || target === layer || allowed.includes(target)) return;
      context.report({
        node,
        messageId: 'refused',
        data: {
          layer,
          allowed: allowed.join(', ') || 'nothing under src',
          source,
          target,
        },
      });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      /** @param {any} node typescript-eslint's TSImportType: `typeof import('…')` */
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      /** @param {any} node typescript-eslint's TSImportEqualsDeclaration: `import x = require('…')` */
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference'
          ? check(node.moduleReference.expression)
          : undefined,
    };
  },
};

/**
 * @typedef {{ root: string, allowedImports: Readonly<Record<string, readonly string[]>> }} LayerImportsOptions
 */

/**
 * The folder of src/ a path is in (`trial` for src/trial/run-trial.ts), or
 * undefined when it is outside src/.
 *
 * @param {string} root
 * @param {string} path
 * @returns {string | undefined}
 */
function folderOf(root, path) {
  const inside = relative(root, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  // A file directly under src/ (index.ts) is a folder of its own name: no layer allows it.
  return inside.split(sep)[0];
}

/**
 * The module a node names, when it is written out: a string literal, or a
 * template literal with no substitutions.
 *
 * @param {import('estree').Node | null | undefined} node
 * @returns {string | undefined}
 */
function specifierOf(node) {
  if (node == null) return undefined;
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}
