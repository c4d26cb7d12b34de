import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { jsonEqual, setOwn } from '../../src/core/index.js';
import type { JsonValue } from '../../src/core/index.js';
import {
  BUILT_IN_GRADERS,
  GraderError,
  createFinalStateView,
  matchTrajectory,
  runGraders,
} from '../../src/grade/index.js';
import type { GradeContext, Grader, TrajectoryCall } from '../../src/grade/index.js';
import {
  ConstraintSchema,
  ExpectSchema,
  GradeSchema,
  TaskFileSchema,
  TrialEventSchema,
  trialChecks,
} from '../../src/schema/index.js';
import type { TrialEvent } from '../../src/schema/index.js';
import { createWorkingState, freezeState } from '../../src/state/index.js';
import type { StateRecord, StateSnapshot } from '../../src/state/index.js';
import {
  editedText,
  fuzzOptions,
  timedAsync,
  trickyString,
  FUZZ_TIMEOUT_MS,
} from './arbitraries.js';
import { readTexts } from './temp-suite.js';

// Random states, trajectories and expect/constraints blocks through the
// graders: a verdict with JSON evidence, or a GraderError, nothing else.

// Small vocabularies so that paths, matches and tools meet the state and the
// events often; each holds names that collide with Object.prototype.
const COLLECTIONS = ['orders', 'refunds', 'outbox', 'constructor', '__proto__', 'toString'];
const IDS = ['1', '2', '8842', 'constructor', '__proto__', 'valueOf'];
const FIELDS = ['status', 'amount_cents', 'to', 'order_id', 'constructor', '__proto__', 'length'];
const TOOLS = ['get_order', 'check_eligibility', 'process_refund', 'send_email', 'constructor'];

/** An object from key/value pairs drawn from `keys`, "__proto__" kept as an own key. */
function objectOf<T>(keys: readonly string[], value: fc.Arbitrary<T>, maxKeys = 4) {
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: maxKeys })
    .map((entries) => {
      const object: Record<string, T> = {};
      for (const [key, item] of entries) setOwn(object, key, item);
      return object;
    });
}

const leaf: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom('refunded', 'delivered', '8842', 4299, 42.99, 0, -0, null, true, '', 'ana'),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>,
);
const record: fc.Arbitrary<StateRecord> = objectOf(FIELDS, leaf);
const snapshot: fc.Arbitrary<StateSnapshot> = objectOf(COLLECTIONS, objectOf(IDS, record));

type Write =
  | { action: 'put'; collection: string; id: string; record: StateRecord }
  | { action: 'delete'; collection: string; id: string }
  | { action: 'update'; collection: string; id: string; field: string; value: JsonValue };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    action: fc.constant('put' as const),
    collection: fc.constantFrom(...COLLECTIONS),
    id: fc.constantFrom(...IDS),
    record,
  }),
  fc.record({
    action: fc.constant('delete' as const),
    collection: fc.constantFrom(...COLLECTIONS),
    id: fc.constantFrom(...IDS),
  }),
  fc.record({
    action: fc.constant('update' as const),
    collection: fc.constantFrom(...COLLECTIONS),
    id: fc.constantFrom(...IDS),
    field: fc.constantFrom(...FIELDS),
    value: leaf,
  }),
);

/** s0 and the diff a trial's writes leave, as the working state records them. */
const stateChange = fc.tuple(snapshot, fc.array(write, { maxLength: 8 })).map(([s0, writes]) => {
  const state = createWorkingState(freezeState(s0));
  for (const change of writes) {
    const exists = state.has(change.collection, change.id);
    if (change.action === 'put') state.put(change.collection, change.id, change.record);
    else if (change.action === 'delete' && exists) state.delete(change.collection, change.id);
    else if (change.action === 'update' && exists) {
      state.update(change.collection, change.id, (draft) => {
        setOwn(draft, change.field, change.value);
      });
    }
  }
  return { s0: state.base.snapshot, diff: state.diff() };
});

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'Shall I proceed?',
    'Yes, please go ahead.',
    "No, don't.",
    'Order 8842 was refunded ($42.99).',
    '$1,299.00',
    'All done.',
  ),
  trickyString,
);

type Move =
  | { kind: 'user'; text: string }
  | { kind: 'agent'; text: string; final: boolean }
  | { kind: 'note'; text: string }
  | {
      kind: 'call';
      tool: string;
      args: JsonValue;
      ending: 'ok' | 'error' | 'blocked' | 'unanswered' | 'fault';
      scope: string | null;
      reuseId: boolean;
    };

const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constant('user' as const), text }),
  fc.record({ kind: fc.constant('agent' as const), text, final: fc.boolean() }),
  fc.record({ kind: fc.constant('note' as const), text }),
  fc.record({
    kind: fc.constant('call' as const),
    tool: fc.oneof(fc.constantFrom(...TOOLS), trickyString),
    args: fc.oneof(record, leaf),
    ending: fc.constantFrom('ok', 'error', 'blocked', 'unanswered', 'fault'),
    scope: fc.constantFrom(null, 'ana', 'bob'),
    reuseId: fc.boolean(),
  }),
);

/** Events as the harness records them: each call answered once (or never), ids sometimes reused. */
function eventsOf(moves: readonly Move[]): TrialEvent[] {
  const events: TrialEvent[] = [];
  let t_ms = 0;
  moves.forEach((step, index) => {
    t_ms += 1;
    if (step.kind === 'user')
      events.push({ t_ms, kind: 'user', text: step.text, source: 'script' });
    else if (step.kind === 'agent')
      events.push({ t_ms, kind: 'agent', text: step.text, final: step.final });
    else if (step.kind === 'note') events.push({ t_ms, kind: 'note', text: step.text });
    else {
      const call_id = step.reuseId ? 'c0' : `c${index}`;
      const tool = step.tool;
      events.push({
        t_ms,
        kind: 'tool_call',
        call_id,
        tool,
        args: step.args,
        ...(step.scope === null ? {} : { scope: step.scope }),
      });
      if (step.ending === 'ok' || step.ending === 'error') {
        events.push({
          t_ms,
          kind: 'tool_result',
          call_id,
          tool,
          ok: step.ending === 'ok',
          ...(step.ending === 'ok'
            ? { result: step.args }
            : { error: { code: 'E', message: 'failed' } }),
          duration_ms: 0,
        });
      } else if (step.ending === 'blocked') {
        events.push({ t_ms, kind: 'blocked', call_id, tool, reason: 'denied', message: 'no' });
      } else if (step.ending === 'fault') {
        events.push({ t_ms, kind: 'fault', call_id, tool, fault: 'timeout' });
      }
    }
  });
  return events;
}

const events = fc.array(move, { maxLength: 12 }).map(eventsOf);

const recordPath = fc
  .tuple(
    fc.constantFrom(...COLLECTIONS),
    fc.constantFrom(...IDS),
    fc.array(fc.constantFrom(...FIELDS), { maxLength: 2 }),
  )
  .map(([collection, id, field]) => [collection, id, ...field].join('/'));

const change = fc.oneof(
  fc.record({ set: recordPath, to: leaf }),
  fc.record(
    {
      insert: fc.constantFrom(...COLLECTIONS),
      match: objectOf(FIELDS, leaf, 2),
      count: fc.nat(3),
    },
    { requiredKeys: ['insert'] },
  ),
  fc.record({ delete: recordPath }),
);

/** The example tasks' assertions, for editing. */
const REAL_ASSERTIONS = ['examples/support/tasks', 'examples/airline/tasks'].flatMap((folder) =>
  readTexts(folder).flatMap(
    (source) => (parse(source) as { expect?: { assert?: string[] } }).expect?.assert ?? [],
  ),
);

const celAtom = fc.oneof(
  fc.constantFrom('s0', 'sT', 's0_by_id', 'sT_by_id', 'true', 'null', '1', '-1', '1.5', '"8842"'),
  fc.constantFrom('[]', '{}', '[1, "a"]', '{"a": 1}', 'r', 'x', 'b"\\xff"', '2u', '1e308'),
  fc
    .tuple(fc.constantFrom('s0', 'sT'), fc.constantFrom(...COLLECTIONS))
    .map(([state, collection]) => `${state}.${collection}`),
  fc
    .tuple(
      fc.constantFrom('s0_by_id', 'sT_by_id'),
      fc.constantFrom(...COLLECTIONS),
      fc.constantFrom(...IDS),
    )
    .map(([state, collection, id]) => `${state}.${collection}["${id}"]`),
);

const { cel } = fc.letrec((tie) => ({
  cel: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'cel' },
    celAtom,
    tie('unary'),
    tie('binary'),
    tie('member'),
    tie('function'),
    tie('ternary'),
  ),
  unary: fc
    .tuple(fc.constantFrom('!', '-'), tie('cel'))
    .map(([operator, operand]) => `${operator}(${String(operand)})`),
  binary: fc
    .tuple(
      tie('cel'),
      fc.constantFrom('==', '!=', '<', '<=', '>', '&&', '||', '+', '-', '*', '/', '%', 'in'),
      tie('cel'),
    )
    .map(([left, operator, right]) => `(${String(left)}) ${operator} (${String(right)})`),
  member: fc
    .tuple(
      tie('cel'),
      fc.constantFrom(
        'size()',
        'status',
        'order_id',
        'constructor',
        '__proto__',
        'contains("a")',
        'startsWith("8")',
        'matches("^8")',
        'matches("[")',
        'exists(r, r.status == "refunded")',
        'all(r, has(r.to))',
        'filter(r, r.order_id == "8842")',
        'map(r, r.amount_cents)',
        'exists_one(r, true)',
      ),
    )
    .map(([target, member]) => `(${String(target)}).${member}`),
  function: fc
    .tuple(
      fc.constantFrom('size', 'int', 'uint', 'double', 'string', 'bool', 'has', 'dyn', 'type'),
      tie('cel'),
    )
    .map(([name, argument]) => `${name}(${String(argument)})`),
  ternary: fc
    .tuple(tie('cel'), tie('cel'), tie('cel'))
    .map(([test, yes, no]) => `(${String(test)}) ? (${String(yes)}) : (${String(no)})`),
}));

const assertion: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: cel as fc.Arbitrary<string> },
  { weight: 2, arbitrary: editedText(REAL_ASSERTIONS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

const glob = fc.oneof(
  fc.constantFrom('orders/*', 'outbox/**', '**', 'orders/8842/status', '*/constructor', '!(a'),
  trickyString,
  fc.string({ maxLength: 10 }),
);

const expectBlock = fc
  .record({
    changes: fc.array(change, { maxLength: 4 }),
    unchanged: fc.constantFrom('everything-else', 'ignore'),
    incidental: fc.array(glob, { maxLength: 3 }),
    assert: fc.array(assertion, { maxLength: 3 }),
    communicate: fc.array(text, { maxLength: 3 }),
    communicate_match: fc.constantFrom('token', 'substring'),
  })
  .map((raw) => ExpectSchema.parse(raw));

const toolNames = fc.oneof(
  fc.constantFrom(...TOOLS),
  fc.array(fc.constantFrom(...TOOLS), { minLength: 1, maxLength: 3 }),
);
const constraint = fc
  .oneof(
    fc.record({ forbid: fc.record({ tool: fc.constantFrom(...TOOLS) }) }),
    fc.record({
      before: fc.record({
        tool: toolNames,
        require: toolNames,
        same_args: fc.array(fc.constantFrom(...FIELDS), { maxLength: 2 }),
      }),
    }),
    fc.record({ consent: fc.constantFrom('irreversible', 'write') }),
    fc.record({ max_identical_calls: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ scope: fc.record({ owner: fc.constantFrom('ana', 'bob') }) }),
  )
  .map((raw) => ConstraintSchema.parse(raw));

type Effect = 'read' | 'write' | 'irreversible';
const effects = objectOf(TOOLS, fc.constantFrom<Effect>('read', 'write', 'irreversible'), 5).map(
  (byTool) =>
    (tool: string): Effect | undefined =>
      Object.hasOwn(byTool, tool) ? byTool[tool] : undefined,
);

/** The built-in graders, each noting any exception that is not a GraderError (a bug, not a verdict). */
const unexpected: unknown[] = [];
const watchedGraders: Grader[] = BUILT_IN_GRADERS.map((grader) => ({
  ...grader,
  grade: async (context) => {
    try {
      return await grader.grade(context);
    } catch (error) {
      if (!(error instanceof GraderError)) unexpected.push(error);
      throw error;
    }
  },
}));

describe('runGraders with the built-in graders (property)', () => {
  it(
    'the generated events are valid trial events',
    () => {
      fc.assert(
        fc.property(events, (trial) => {
          expect(TrialEventSchema.array().safeParse(trial).success).toBe(true);
        }),
        fuzzOptions(200, 31),
      );
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'returns a verdict with JSON evidence, or a grader failure from a GraderError',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          stateChange,
          events,
          expectBlock,
          fc.array(constraint, { maxLength: 4 }),
          effects,
          async ({ s0, diff }, trial, expect_, constraints, effectOf) => {
            const task = TaskFileSchema.parse({
              id: 't',
              revision: 1,
              environment: 'e',
              clock: '2026-10-05T09:00:00Z',
              user: { instruction: 'hi' },
            });
            const context: GradeContext = {
              task: { ...task, expect: expect_, constraints },
              s0,
              final: createFinalStateView(s0, diff),
              diff,
              events: trial,
              finalAnswer: null,
              effectOf,
              judge: undefined,
              signal: new AbortController().signal,
            };
            const graded = await timedAsync(() => runGraders(watchedGraders, context));
            expect(unexpected).toEqual([]);
            for (const grade of Object.values(graded.grades)) {
              expect(GradeSchema.safeParse(grade).error).toBeUndefined();
            }
            expect(jsonEqual(JSON.parse(JSON.stringify(graded)), graded)).toBe(true);
            if (graded.failure === null) {
              // No grader failed: success is every check of a gate or constraint passing.
              expect(graded.success).toBe(
                trialChecks(graded).every((check) => check.pass || check.role === 'diagnostic'),
              );
            } else {
              expect(graded.success).toBe(false);
              expect(graded.grades[graded.failure.grader]!.error).toBe(graded.failure.message);
            }
            // Pure: the same inputs give the same grades.
            expect(await runGraders(watchedGraders, context)).toEqual(graded);
          },
        ),
        fuzzOptions(400, 32),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});

const call: fc.Arbitrary<TrajectoryCall> = fc.oneof(
  fc.constantFrom(...TOOLS),
  fc.record({ tool: fc.constantFrom(...TOOLS), args: leaf }, { requiredKeys: ['tool'] }),
);

describe('matchTrajectory (property)', () => {
  it(
    'gives consistent verdicts and ratios in [0, 1] for any two call lists',
    () => {
      fc.assert(
        fc.property(
          fc.array(call, { maxLength: 8 }),
          fc.array(call, { maxLength: 8 }),
          fc.boolean(),
          (reference, actual, compareArgs) => {
            const match = matchTrajectory(reference, actual, { compareArgs });
            for (const ratio of [match.precision, match.recall]) {
              expect(ratio).toBeGreaterThanOrEqual(0);
              expect(ratio).toBeLessThanOrEqual(1);
            }
            expect(Number.isInteger(match.redundant)).toBe(true);
            expect(match.redundant).toBeGreaterThanOrEqual(0);
            if (match.exact)
              expect(match).toMatchObject({ inOrder: true, subset: true, superset: true });
            if (match.subset && match.superset) expect(match.anyOrder).toBe(true);
            const reversed = matchTrajectory(actual, reference, { compareArgs });
            expect(reversed.precision).toBe(match.recall);
            expect(reversed.subset).toBe(match.superset);
          },
        ),
        fuzzOptions(500, 33),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
