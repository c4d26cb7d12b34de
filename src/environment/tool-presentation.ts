import type { JsonValue } from '../core/index.js';
import type { ToolPresent } from '../schema/index.js';
import type { ToolDescriptor } from './define-tool.js';

/** What a name the agent called stands for. */
export type ResolvedToolName =
  | { readonly type: 'tool'; readonly name: string }
  | { readonly type: 'decoy'; readonly name: string; readonly result: JsonValue };

/**
 * The tools as the agent sees them (a task's `tools.present`), and the way
 * back from a shown name to the real tool. A renamed tool answers under
 * its shown name and, unlisted, under its real one; calls are recorded
 * under the real name, so graders and constraints see the same trajectory
 * whatever the agent was shown.
 */
export interface ToolPresentation {
  readonly descriptors: readonly ToolDescriptor[];
  resolve(called: string): ResolvedToolName;
  /** The name a real tool is shown under (itself unless renamed). */
  shownName(real: string): string;
}

/** The environment's descriptors unchanged: what a task without `tools.present` shows. */
export function plainPresentation(descriptors: readonly ToolDescriptor[]): ToolPresentation {
  return {
    descriptors,
    resolve: (called) => ({ type: 'tool', name: called }),
    shownName: (real) => real,
  };
}

/** Applies `present` to the environment's descriptors: order, then descriptions and names, then decoys. */
export function createToolPresentation(
  descriptors: readonly ToolDescriptor[],
  present: ToolPresent | undefined,
): ToolPresentation {
  if (present === undefined) return plainPresentation(descriptors);
  const byName = new Map(descriptors.map((descriptor) => [descriptor.name, descriptor]));
  const listed = (present.order ?? []).filter((name) => byName.has(name));
  const ordered = [
    ...listed.map((name) => byName.get(name)!),
    ...descriptors.filter((descriptor) => !listed.includes(descriptor.name)),
  ];
  const shown: ToolDescriptor[] = ordered.map((descriptor) => ({
    ...descriptor,
    name: present.rename[descriptor.name] ?? descriptor.name,
    description: present.describe[descriptor.name] ?? descriptor.description,
  }));
  for (const extra of present.extra) {
    shown.push({
      name: extra.name,
      description: extra.description,
      effect: 'read',
      input_schema: extra.input_schema,
    });
  }
  const realByShown = new Map(Object.entries(present.rename).map(([real, as]) => [as, real]));
  const decoys = new Map(present.extra.map((extra) => [extra.name, extra.result]));
  return {
    descriptors: shown,
    shownName: (real) => present.rename[real] ?? real,
    resolve(called) {
      const real = realByShown.get(called);
      if (real !== undefined) return { type: 'tool', name: real };
      if (decoys.has(called)) return { type: 'decoy', name: called, result: decoys.get(called)! };
      return { type: 'tool', name: called };
    },
  };
}
