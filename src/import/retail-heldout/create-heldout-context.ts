import type { JsonObject } from '../../core/index.js';
import { createRetailEnvironment } from '../../domains/retail/index.js';
import type { RetailData, RetailFixture } from '../../domains/retail/index.js';
import {
  createHeldoutMapping,
  dollarAmounts,
  renameRetailData,
  rewordInstruction,
} from '../../domains/retail/heldout/index.js';
import type { HeldoutContext } from './build-heldout-task.js';

/** Where the renamed data goes, relative to the suite folder. */
export const HELDOUT_FIXTURE = 'fixtures/retail-heldout.json';

/**
 * What every variant of one held-out set shares: the mapping (drawn from
 * the seed, with the dollar amounts the task files quote as barriers no
 * price crosses), the renamed data and an environment over it. Pure: the
 * caller writes `renamedData` to `fixture` and each `buildHeldoutTask`
 * result beside it.
 */
export function createHeldoutContext(options: {
  readonly data: RetailData;
  readonly seed: number;
  /** The task files the variants are made from, as parsed. */
  readonly tasks: readonly JsonObject[];
  readonly reword?: (text: string) => string;
  readonly fixture?: string;
}): HeldoutContext & { readonly renamedData: RetailFixture } {
  const { data } = options;
  const mapping = createHeldoutMapping(data, options.seed, {
    barriers: options.tasks.flatMap((raw) => dollarAmounts(JSON.stringify(raw))),
  });
  const renamedData = renameRetailData(data, mapping);
  return {
    original: createRetailEnvironment(data),
    renamed: createRetailEnvironment({ ...renamedData, policy: data.policy }),
    originalData: data,
    mapping,
    fixture: options.fixture ?? HELDOUT_FIXTURE,
    reword: options.reword ?? rewordInstruction,
    renamedData,
  };
}
