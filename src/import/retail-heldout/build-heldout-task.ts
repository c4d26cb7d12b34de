import type { JsonObject, JsonValue } from '../../core/index.js';
import { isJsonObject, jsonEqual } from '../../core/index.js';
import type { RetailFixture } from '../../domains/retail/index.js';
import {
  addCalculations,
  addDiffAmounts,
  crossedAmounts,
  findOriginals,
  renameTaskFile,
  taskAmounts,
} from '../../domains/retail/heldout/index.js';
import type { HeldoutMapping, UnmappedAmount } from '../../domains/retail/heldout/index.js';
import type { Environment } from '../../environment/index.js';
import { replayCalls } from '../../environment/index.js';
import type { TaskFile } from '../../schema/index.js';
import { TaskFileSchema } from '../../schema/index.js';
import { changesFromDiff } from '../changes-from-diff.js';

/** The perturbation kind a held-out variant records. */
export const RENAME_ENTITIES = 'rename-entities';

/** What every variant of one held-out set shares. */
export interface HeldoutContext {
  /** The base tasks' environment (s0: the public data). */
  readonly original: Environment;
  /** The same tools over the renamed data. */
  readonly renamed: Environment;
  readonly originalData: RetailFixture;
  readonly mapping: HeldoutMapping;
  /** The renamed data's file, relative to the suite folder (the variants' `fixture:`). */
  readonly fixture: string;
  readonly reword: (text: string) => string;
}

export type HeldoutTask =
  | { readonly ok: true; readonly id: string; readonly file: JsonObject; readonly detail: string }
  | { readonly ok: false; readonly base: string; readonly reason: string };

/** The suffix of a held-out variant's id. */
export const heldoutId = (base: string): string => `${base}~heldout`;

const toolCalls = (steps: TaskFile['reference']) =>
  steps.flatMap((step) => ('tool' in step ? [{ tool: step.tool, args: step.args }] : []));

function ownerOf(spec: TaskFile): string | undefined {
  for (const constraint of spec.constraints) {
    if ('scope' in constraint && typeof constraint.scope.owner === 'string')
      return constraint.scope.owner;
  }
  const knows = spec.user.scenario?.knows;
  return isJsonObject(knows) && typeof knows?.user_id === 'string' ? knows.user_id : undefined;
}

/** Where an amount must be exact: a fact to communicate or a tool's argument. */
const isExactPath = (path: string): boolean =>
  path.startsWith('expect.communicate') ||
  /\.args\b/.test(path) ||
  path.startsWith('expect.assert');

/**
 * Amounts left as written: refused (a reason) when one must be exact or a
 * known amount crosses it, else named for the variant's detail.
 */
function judgeUnmapped(
  unmapped: readonly UnmappedAmount[],
  amounts: ReadonlyMap<number, number>,
):
  { readonly ok: false; readonly reason: string } | { readonly ok: true; readonly kept: string[] } {
  const kept = new Set<string>();
  for (const mention of unmapped) {
    if (!mention.isMoney && !isExactPath(mention.path)) continue;
    if (isExactPath(mention.path))
      return {
        ok: false,
        reason: `${mention.path} quotes ${mention.text}, which no amount of the data maps`,
      };
    const crossed = crossedAmounts(mention.value, amounts);
    if (crossed.length > 0)
      return {
        ok: false,
        reason: `${mention.path} quotes ${mention.text}, and the renamed prices move ${crossed.slice(0, 3).join(', ')} across it`,
      };
    kept.add(mention.text);
  }
  return { ok: true, kept: [...kept] };
}

type Replayed = Awaited<ReturnType<typeof replayCalls>>;

/**
 * The reference path replayed on the public data and, renamed, on the
 * renamed data; a reason instead when the public replay is not what the
 * task expects or a call goes otherwise on the renamed data.
 */
async function replayBoth(
  spec: TaskFile,
  renamed: TaskFile,
  declared: JsonValue | undefined,
  context: HeldoutContext,
): Promise<{ before: Replayed; after: Replayed } | { reason: string }> {
  const clock = { clock: spec.clock };
  const calls = toolCalls(spec.reference);
  const before = await replayCalls(context.original, context.original.fixture, calls, clock);
  if (!jsonEqual(changesFromDiff(before.state.diff()), declared ?? []))
    return { reason: "the expected changes are not the reference path's replay" };
  const after = await replayCalls(
    context.renamed,
    context.renamed.fixture,
    toolCalls(renamed.reference),
    clock,
  );
  const failed = before.results.findIndex(
    (result, index) => result.ok !== after.results[index]?.ok,
  );
  if (failed === -1) return { before, after };
  const went = before.results[failed]?.ok === true ? 'fails' : 'succeeds';
  return { reason: `reference call ${failed + 1} ${went} on the renamed data` };
}

/** The variant's file: the renamed one with its id, variant, fixture and recomputed changes. */
function assembleVariant(
  base: string,
  renamed: JsonObject,
  changes: JsonValue,
  detail: string,
  fixture: string,
): JsonObject {
  const { id: _id, revision, description, labels, ...rest } = renamed;
  return {
    id: heldoutId(base),
    revision: revision ?? 1,
    ...(description !== undefined ? { description } : {}),
    variant: { base, perturbation: RENAME_ENTITIES, detail },
    ...(labels !== undefined ? { labels } : {}),
    ...rest,
    fixture,
    expect: { ...(isJsonObject(rest.expect) ? rest.expect : {}), changes },
  };
}

/**
 * One task's held-out variant: the task file renamed (see
 * `renameTaskFile`), its expected changes recomputed by replaying the
 * renamed reference path on the renamed data (as the tau-bench import
 * computes them), `fixture:` set to the renamed data and `variant:` to its
 * base. Refused, with the reason, when the variant could not say the same
 * as its base: an amount that must stay exact and cannot be mapped, a
 * reference path that behaves otherwise on the renamed data, expected
 * changes that are not the reference path's replay, or an original entity
 * left in its text.
 */
export async function buildHeldoutTask(
  raw: JsonObject,
  context: HeldoutContext,
): Promise<HeldoutTask> {
  const parsed = TaskFileSchema.safeParse(raw);
  const base = typeof raw.id === 'string' ? raw.id : '(no id)';
  const refuse = (reason: string): HeldoutTask => ({ ok: false, base, reason });
  if (!parsed.success) return refuse('the task file is not valid');
  const spec = parsed.data;
  if (spec.fixture !== undefined) return refuse('the task has a fixture of its own');
  if (spec.environment !== context.original.name)
    return refuse(`the task is for environment ${spec.environment}`);

  const { mapping, reword } = context;
  const amounts = taskAmounts(context.originalData, mapping, ownerOf(spec));
  const paths = [spec.reference, ...spec.known_bad.map((path) => path.actions)];
  const inCalculations = paths.flatMap((steps) => addCalculations(steps, mapping, amounts));
  if (inCalculations.length > 0)
    return refuse(`a calculation quotes ${inCalculations[0]?.text}, which no amount maps`);
  // A first renaming gives the renamed reference path; its replay gives the amounts the writes produce.
  const draft = TaskFileSchema.safeParse(renameTaskFile(raw, { mapping, amounts, reword }).file);
  if (!draft.success) return refuse('the renamed task file is not valid');
  const declared = isJsonObject(raw.expect) ? raw.expect.changes : undefined;
  const replayed = await replayBoth(spec, draft.data, declared, context);
  if ('reason' in replayed) return refuse(replayed.reason);
  addDiffAmounts(replayed.before.state.diff(), replayed.after.state.diff(), mapping, amounts);
  const renamed = renameTaskFile(raw, { mapping, amounts, reword });
  const judged = judgeUnmapped(renamed.unmapped, amounts);
  if (!judged.ok) return refuse(judged.reason);

  const detail =
    `ids, names, e-mails, addresses and prices renamed (seed ${mapping.seed}); instruction reworded` +
    (judged.kept.length > 0
      ? `; amounts kept as written (no price or order total crosses them): ${judged.kept.join(', ')}`
      : '');
  const changes = changesFromDiff(replayed.after.state.diff()) as unknown as JsonValue;
  const file = assembleVariant(base, renamed.file, changes, detail, context.fixture);
  const leaks = findOriginals(JSON.stringify(file), mapping);
  if (leaks.length > 0) return refuse(`the variant still quotes ${leaks.slice(0, 5).join(', ')}`);
  if (!TaskFileSchema.safeParse(file).success)
    return refuse('the variant is not a valid task file');
  return { ok: true, id: heldoutId(base), file, detail };
}
