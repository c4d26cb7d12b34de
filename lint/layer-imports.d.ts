import type { Rule } from 'eslint';

/** The layer rule of eslint.config.js (see layer-imports.js). */
export declare const layerImports: Rule.RuleModule;
