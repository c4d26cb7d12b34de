import type { ToolPresent } from '../schema/index.js';

type At = (path: PropertyKey[], message: string) => void;
type CheckTool = (path: PropertyKey[], tool: string) => boolean;

/**
 * `tools.present` names real tools where it reorders, renames or
 * describes them, and every name the agent is shown is unique: a shown
 * name that is also another tool's real name, or a decoy's, would make a
 * call ambiguous.
 */
export function checkToolPresent(
  present: ToolPresent | undefined,
  toolNames: readonly string[],
  at: At,
  checkTool: CheckTool,
): void {
  if (present === undefined) return;
  const base = ['tools', 'present'];
  present.order?.forEach((tool, index) => checkTool([...base, 'order', index], tool));
  const seen = new Map<string, string>();
  for (const real of Object.keys(present.describe)) checkTool([...base, 'describe', real], real);
  for (const [real, shown] of Object.entries(present.rename)) {
    if (!checkTool([...base, 'rename', real], real)) continue;
    if (shown !== real && toolNames.includes(shown)) {
      at(
        [...base, 'rename', real],
        `"${shown}" is already the name of another tool: pick a name no tool has`,
      );
    } else if (seen.has(shown)) {
      at(
        [...base, 'rename', real],
        `"${shown}" is also the shown name of ${seen.get(shown)}: shown names must be unique`,
      );
    }
    seen.set(shown, real);
  }
  present.extra.forEach((extra, index) => {
    if (toolNames.includes(extra.name) || seen.has(extra.name)) {
      at(
        [...base, 'extra', index, 'name'],
        `decoy "${extra.name}" has the name of a tool the agent is shown: pick a name no tool has`,
      );
    }
    seen.set(extra.name, `decoy ${index}`);
  });
}
