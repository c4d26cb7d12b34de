import type { Rng } from '../core/index.js';
import { rewriteUnlocked } from './protected-text.js';

/** A phrase and the phrases that may stand in for it (matched case-insensitively, as whole words). */
export interface PhraseRule {
  readonly phrase: string;
  readonly alternatives: readonly string[];
}

export interface Reworded {
  readonly text: string;
  /** What was swapped, `from → to`, in order. */
  readonly swaps: readonly string[];
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `to` with the capital of `from`'s first letter, so a swap at the start of a sentence stays capitalised. */
function matchCase(from: string, to: string): string {
  const first = from.charAt(0);
  if (first !== first.toUpperCase() || first === first.toLowerCase()) return to;
  return to.charAt(0).toUpperCase() + to.slice(1);
}

/**
 * Swaps phrases for seeded alternatives, each occurrence with probability
 * `rate`, in one pass (a swapped-in phrase is not swapped again), never
 * inside a locked part (numbers, ids, e-mails, quotes). When nothing was
 * swapped, the first phrase that occurs is swapped anyway, so a variant
 * always differs when it can.
 */
export function rewordText(
  text: string,
  rules: readonly PhraseRule[],
  rng: Rng,
  rate = 0.6,
): Reworded {
  const byPhrase = new Map(rules.map((rule) => [rule.phrase.toLowerCase(), rule]));
  const phrases = [...byPhrase.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![\\w'])(?:${phrases.join('|')})(?![\\w'])`, 'gi');
  const apply = (force: boolean, swaps: string[]): string =>
    rewriteUnlocked(text, (free) =>
      free.replace(pattern, (found) => {
        const take = force ? swaps.length === 0 : rng.chance(rate);
        if (!take) return found;
        const to = matchCase(found, rng.pick(byPhrase.get(found.toLowerCase())!.alternatives));
        swaps.push(`${found} → ${to}`);
        return to;
      }),
    );
  const swaps: string[] = [];
  const result = apply(false, swaps);
  if (swaps.length > 0 || phrases.length === 0) return { text: result, swaps };
  const forced: string[] = [];
  return { text: apply(true, forced), swaps: forced };
}
