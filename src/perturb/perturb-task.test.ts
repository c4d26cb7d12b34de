import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRng } from '../core/index.js';
import type { JsonObject } from '../core/index.js';
import { defineTool, describeTool } from '../environment/index.js';
import { TaskFileSchema, ToolPresentSchema } from '../schema/index.js';
import { addTypos } from './add-typos.js';
import { perturbTask } from './perturb-task.js';
import { PERTURBATION_KINDS } from './perturbation-kinds.js';
import { lockedParts } from './protected-text.js';

const tools = ['search_orders', 'get_order', 'check_eligibility', 'process_refund'].map((name) =>
  describeTool(
    defineTool({
      name,
      description: `Check the order and get its details; pass the id to process_refund (${name}).`,
      input: z.object({ order_id: z.string() }),
      effect: name === 'process_refund' ? 'irreversible' : 'read',
      run: () => null,
    }),
  ),
);

const raw: JsonObject = {
  id: 'refund-8842',
  revision: 3,
  environment: 'support',
  clock: '2026-10-05T09:00:00Z',
  user: {
    instruction:
      "Hi, Ana Souza here (ana@example.com). Can you refund order 8842? I'd like to get my money back, it's $42.99. Thanks!",
    script: [{ when: 'shall i|go ahead', say: 'Yes, please go ahead.' }],
  },
  expect: {
    changes: [{ set: 'orders/8842/status', to: 'refunded' }],
    assert: ['sT.refunds.size() == s0.refunds.size() + 1'],
  },
  reference: [
    { tool: 'check_eligibility', args: { order_id: '8842' } },
    { tool: 'process_refund', args: { order_id: '8842' } },
  ],
};

const initialState = {
  customers: {
    'C-101': { name: 'Ana Souza', email: 'ana@example.com' },
    'C-102': { name: 'Ben Okafor', email: 'ben@example.com' },
  },
  orders: {
    '8842': { customer_id: 'C-101', status: 'delivered', total_cents: 4299 },
    '8843': { customer_id: 'C-101', status: 'delivered', total_cents: 1000 },
    '8850': { customer_id: 'C-102', status: 'delivered', total_cents: 2500 },
  },
  refunds: {},
};

const spec = TaskFileSchema.parse(raw);

function variantsOf(kind: string, seed = 7, variants = 1) {
  return perturbTask({
    raw,
    spec,
    context: { tools, initialState },
    perturbations: [PERTURBATION_KINDS.get(kind)!],
    seed,
    variants,
  });
}

function only(kind: string, seed = 7) {
  const [outcome] = variantsOf(kind, seed);
  if (outcome?.type !== 'variant') throw new Error(`${kind} made no variant`);
  return outcome;
}

const instructionOf = (task: JsonObject): string =>
  (task.user as { instruction: string }).instruction;

describe('perturbTask', () => {
  it('names each variant <base>~<kind>, keeps the revision and records base, kind and detail', () => {
    const outcome = only('typos');
    expect(outcome.id).toBe('refund-8842~typos');
    expect(outcome.task.id).toBe('refund-8842~typos');
    expect(outcome.task.revision).toBe(3);
    expect(outcome.task.variant).toEqual({
      base: 'refund-8842',
      perturbation: 'typos',
      detail: expect.stringContaining('→') as unknown,
    });
    expect(TaskFileSchema.safeParse(outcome.task).success).toBe(true);
  });

  it('numbers the variants when a kind makes several, each different', () => {
    const outcomes = variantsOf('paraphrase', 7, 3);
    expect(outcomes.map((outcome) => outcome.id)).toEqual([
      'refund-8842~paraphrase-1',
      'refund-8842~paraphrase-2',
      'refund-8842~paraphrase-3',
    ]);
  });

  it('gives the same variants for the same seed and others for another seed', () => {
    expect(variantsOf('paraphrase', 7)).toEqual(variantsOf('paraphrase', 7));
    const texts = new Set(
      [1, 2, 3, 4, 5].map((seed) => instructionOf(only('paraphrase', seed).task)),
    );
    expect(texts.size).toBeGreaterThan(1);
  });

  it('leaves the expected outcome, the reference and the script patterns alone', () => {
    for (const kind of PERTURBATION_KINDS.keys()) {
      const outcome = only(kind);
      expect(outcome.task.expect, kind).toEqual(raw.expect);
      expect(outcome.task.reference, kind).toEqual(raw.reference);
      const script = (outcome.task.user as { script: { when: string }[] }).script;
      expect(script[0]!.when, kind).toBe('shall i|go ahead');
    }
  });
});

describe('user-text kinds', () => {
  it.each(['paraphrase', 'typos'])(
    '%s changes the instruction but keeps every number, id, e-mail and amount',
    (kind) => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const text = instructionOf(only(kind, seed).task);
        const original = instructionOf(raw);
        expect(text).not.toBe(original);
        for (const kept of ['ana@example.com', '8842', '$42.99', 'Ana Souza'])
          expect(text).toContain(kept);
      }
    },
  );

  it('locks numbers, e-mails, quotes and code names', () => {
    expect(lockedParts('Refund 8842 to ana@example.com, RF-1, order_id "as is".')).toEqual([
      '8842',
      'ana@example.com,',
      'RF-1,',
      'order_id',
      '"as is"',
    ]);
  });

  it('puts a typo in a lower-case word, never in a capitalised name', () => {
    const { text, typos } = addTypos('Hana Kim', createRng(1));
    expect(typos).toEqual([]);
    expect(text).toBe('Hana Kim');
    const typoed = addTypos('please refund my headphones', createRng(1));
    expect(typoed.typos.length).toBeGreaterThan(0);
    expect(typoed.text).not.toBe('please refund my headphones');
  });
});

describe('tool kinds', () => {
  const presentOf = (task: JsonObject) =>
    ToolPresentSchema.parse((task.tools as { present: unknown }).present);

  it('shuffle-tools lists every tool once, in another order', () => {
    const { order } = presentOf(only('shuffle-tools').task);
    expect([...order!].sort()).toEqual(tools.map((tool) => tool.name).sort());
    expect(order).not.toEqual(tools.map((tool) => tool.name));
  });

  it('extra-tools adds read-only decoys whose names no tool has', () => {
    const { extra } = presentOf(only('extra-tools').task);
    expect(extra).toHaveLength(2);
    for (const decoy of extra) expect(tools.map((tool) => tool.name)).not.toContain(decoy.name);
  });

  it('reword-tools rewords descriptions but keeps code names', () => {
    const { describe: described } = presentOf(only('reword-tools').task);
    expect(Object.keys(described).length).toBe(tools.length);
    for (const [name, text] of Object.entries(described)) {
      expect(text).not.toBe(tools.find((tool) => tool.name === name)!.description);
      expect(text).toContain('process_refund');
    }
  });

  it('rename-tool renames a tool the reference calls and the mentions of it elsewhere', () => {
    const outcome = only('rename-tool');
    const { rename, describe: described } = presentOf(outcome.task);
    const [[real, shown]] = Object.entries(rename) as [[string, string]];
    expect(['check_eligibility', 'process_refund']).toContain(real);
    expect(tools.map((tool) => tool.name)).not.toContain(shown);
    if (real === 'process_refund') {
      for (const text of Object.values(described)) expect(text).not.toMatch(/process_refund/);
    }
  });
});

describe('distractors', () => {
  it('adds records under fresh ids, owned by new people, in a fixture the variant names', () => {
    const outcome = only('distractors');
    expect(outcome.task.fixture).toBe('fixtures/refund-8842~distractors.json');
    const [file] = outcome.files;
    expect(file!.path).toBe(outcome.task.fixture);
    const state = file!.content as Record<string, Record<string, Record<string, unknown>>>;
    for (const [collection, records] of Object.entries(initialState))
      for (const [id, record] of Object.entries(records))
        expect(state[collection]![id], `${collection}/${id}`).toEqual(record);
    const added = Object.entries(state).flatMap(([collection, records]) =>
      Object.keys(records)
        .filter((id) => !(id in (initialState as Record<string, object>)[collection]!))
        .map((id) => ({ collection, id, record: records[id]! })),
    );
    expect(added.length).toBeGreaterThan(0);
    const emails = new Set(['ana@example.com', 'ben@example.com']);
    for (const { collection, record } of added) {
      if (collection === 'customers') {
        expect(emails.has(record.email as string)).toBe(false);
        expect(['Ana Souza', 'Ben Okafor']).not.toContain(record.name);
      }
      // A copied order belongs to a copied customer, never to one the task knows.
      if (collection === 'orders') expect(['C-101', 'C-102']).not.toContain(record.customer_id);
    }
  });

  it('never copies a record the task mentions', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const state = only('distractors', seed).files[0]!.content as {
        orders: Record<string, { total_cents: number }>;
      };
      // 8842 is the only order the task mentions: no added order carries its total.
      const added = Object.entries(state.orders).filter(([id]) => !(id in initialState.orders));
      for (const [, order] of added) expect(order.total_cents).not.toBe(4299);
    }
  });
});
