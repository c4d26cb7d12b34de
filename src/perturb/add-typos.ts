import type { Rng } from '../core/index.js';
import { rewriteUnlocked } from './protected-text.js';

export interface Typoed {
  readonly text: string;
  /** Each changed word, `from → to`. */
  readonly typos: readonly string[];
}

/** Letters next to each other on a QWERTY keyboard: a slip lands on one of them. */
const NEIGHBOURS: Readonly<Record<string, string>> = {
  a: 'qwsz',
  b: 'vghn',
  c: 'xdfv',
  d: 'serfcx',
  e: 'wsdr',
  f: 'drtgvc',
  g: 'ftyhbv',
  h: 'gyujnb',
  i: 'ujko',
  j: 'huikmn',
  k: 'jiolm',
  l: 'kop',
  m: 'njk',
  n: 'bhjm',
  o: 'iklp',
  p: 'ol',
  q: 'wa',
  r: 'edft',
  s: 'awedxz',
  t: 'rfgy',
  u: 'yhji',
  v: 'cfgb',
  w: 'qase',
  x: 'zsdc',
  y: 'tghu',
  z: 'asx',
};

const SLIPS = ['swap', 'drop', 'double', 'neighbour'] as const;

/** One character-level slip inside a word, keeping its first letter (people rarely miss it). */
function slip(word: string, rng: Rng): string {
  const at = rng.int(1, word.length - 2);
  const kind = rng.pick(SLIPS);
  const char = word.charAt(at);
  if (kind === 'swap') return word.slice(0, at) + word.charAt(at + 1) + char + word.slice(at + 2);
  if (kind === 'drop') return word.slice(0, at) + word.slice(at + 1);
  if (kind === 'double') return word.slice(0, at) + char + word.slice(at);
  const near = NEIGHBOURS[char.toLowerCase()];
  if (near === undefined) return word.slice(0, at) + word.slice(at + 1);
  const replaced = rng.pick([...near]);
  return (
    word.slice(0, at) +
    (char === char.toUpperCase() ? replaced.toUpperCase() : replaced) +
    word.slice(at + 1)
  );
}

/**
 * Seeded typos in plain lower-case words of four letters or more (names are kept: a customer named wrongly is another request), about one word in
 * `wordsPerTypo` (at least one when there is such a word); numbers, ids,
 * e-mails and quoted text are never touched.
 */
export function addTypos(text: string, rng: Rng, wordsPerTypo = 6): Typoed {
  const typos: string[] = [];
  const apply = (rate: number): string =>
    rewriteUnlocked(text, (free) =>
      free.replace(/\b[a-z][A-Za-z]{3,}\b/g, (word) => {
        if (rate < 1 ? !rng.chance(rate) : typos.length > 0) return word;
        let changed = slip(word, rng);
        if (changed === word) changed = word.slice(0, 1) + word.slice(2);
        typos.push(`${word} → ${changed}`);
        return changed;
      }),
    );
  const result = apply(1 / wordsPerTypo);
  if (typos.length > 0) return { text: result, typos };
  return { text: apply(1), typos };
}
