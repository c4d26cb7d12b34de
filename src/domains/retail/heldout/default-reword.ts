/** Phrase swaps that keep the meaning; each phrase is read once, so no swap undoes another. */
const SWAPS: Readonly<Record<string, string>> = {
  'Hi!': 'Hello!',
  'Your name is': 'You are',
  'You want to': 'You would like to',
  'you want to': 'you would like to',
  'You would like to': 'You want to',
  'you would like to': 'you want to',
  "You'd like to": 'You wish to',
  "you'd like to": 'you wish to',
  because: 'since',
  'Also,': 'In addition,',
  'However,': 'That said,',
  'I need some help with': 'I would like some help with',
  recently: 'not long ago',
  realize: 'notice',
  quickly: 'fast',
};

const SWAP = new RegExp(
  Object.keys(SWAPS)
    .sort((a, b) => b.length - a.length)
    .map((phrase) => `(?<![A-Za-z'])${phrase.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')}(?![A-Za-z])`)
    .join('|'),
  'g',
);

/**
 * A small deterministic paraphrase of a user's words: a few fixed phrase
 * swaps that change the wording a model may have memorised without
 * changing what is asked. A templated paraphrase can replace it
 * (`reword` of `buildRetailHeldout`).
 *
 * @example
 * rewordInstruction('Your name is Greta Novak and you want to return it.');
 * // 'You are Greta Novak and you would like to return it.'
 */
export function rewordInstruction(text: string): string {
  return text.replace(SWAP, (phrase) => SWAPS[phrase] ?? phrase);
}
