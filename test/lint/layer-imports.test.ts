import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { layerImports } from '../../lint/layer-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = '/project/src';
const options = [
  {
    root,
    allowedImports: { core: [], schema: ['core'], run: ['core', 'schema'], report: ['core'] },
  },
];
const inRun = `${root}/run/play.ts`;
const refused = (source: string, target: string) => ({
  messageId: 'refused',
  data: { layer: 'run', allowed: 'core, schema', source, target },
});

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

tester.run('layer-imports', layerImports, {
  valid: [
    { filename: inRun, options, code: "import { hashJson } from '../core/index.js';" },
    { filename: inRun, options, code: "import type { TrialRecord } from '../schema/index.js';" },
    { filename: inRun, options, code: "import { planRun } from './plan-run.js';" },
    { filename: inRun, options, code: "const { z } = await import('zod');" },
    { filename: inRun, options, code: "const schema = await import('../schema/index.js');" },
    { filename: inRun, options, code: 'const loaded = await import(url);' },
    { filename: `${root}/cli/main.ts`, options, code: "await import('../report/index.js');" },
    {
      filename: `${root}/schema/deep/nested.ts`,
      options,
      code: "import { canonicalJson } from '../../core/index.js';",
    },
  ],
  invalid: [
    {
      filename: inRun,
      options,
      code: "import { buildScorecard } from '../report/index.js';",
      errors: [refused('../report/index.js', 'report')],
    },
    {
      filename: inRun,
      options,
      code: "const { buildScorecard } = await import('../report/index.js');",
      errors: [refused('../report/index.js', 'report')],
    },
    {
      filename: inRun,
      options,
      code: 'const { main } = await import(`../cli/main.js`);',
      errors: [refused('../cli/main.js', 'cli')],
    },
    {
      filename: inRun,
      options,
      code: "export { buildScorecard } from '../report/index.js';\nexport * from '../report/index.js';",
      errors: [refused('../report/index.js', 'report'), refused('../report/index.js', 'report')],
    },
    {
      filename: inRun,
      options,
      code: "type Card = typeof import('../report/index.js');",
      errors: [refused('../report/index.js', 'report')],
    },
    {
      filename: inRun,
      options,
      code: "import { main } from '../index.js';",
      errors: [refused('../index.js', 'index.js')],
    },
    {
      filename: `${root}/core/hash.ts`,
      options,
      code: "await import('../schema/index.js');",
      errors: [
        {
          messageId: 'refused',
          data: {
            layer: 'core',
            allowed: 'nothing under src',
            source: '../schema/index.js',
            target: 'schema',
          },
        },
      ],
    },
  ],
});
