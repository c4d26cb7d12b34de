import { cloneJson, isJsonObject } from '../core/index.js';
import type { JsonObject } from '../core/index.js';

/**
 * The task with `rewrite` applied to what the user says: the instruction,
 * each scripted `say` reply and the `default` reply. The script's `when`
 * patterns match the agent's words and are kept, as is everything else.
 * Returns the changes each text went through, for the variant's detail.
 */
export function rewriteUserText(
  raw: JsonObject,
  rewrite: (text: string) => { text: string; changes: readonly string[] },
): { task: JsonObject; changes: string[] } {
  const task = cloneJson(raw);
  const changes: string[] = [];
  const user = task.user;
  if (!isJsonObject(user)) return { task, changes };
  const apply = (holder: JsonObject, field: string): void => {
    const text = holder[field];
    if (typeof text !== 'string') return;
    const rewritten = rewrite(text);
    holder[field] = rewritten.text;
    changes.push(...rewritten.changes);
  };
  apply(user, 'instruction');
  if (Array.isArray(user.script)) {
    for (const rule of user.script) if (isJsonObject(rule)) apply(rule, 'say');
  }
  apply(user, 'default');
  return { task, changes };
}

/** The first few changes, then how many more: a variant's detail stays one line. */
export function summariseChanges(changes: readonly string[], shown = 4): string {
  const listed = changes.slice(0, shown).join('; ');
  return changes.length > shown ? `${listed}; and ${changes.length - shown} more` : listed;
}
