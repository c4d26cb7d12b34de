import { describe, expect, it } from 'vitest';
import { rewordInstruction } from './default-reword.js';
import { findOriginals } from './find-originals.js';
import type { HeldoutMapping } from './heldout-mapping.js';
import { renameText } from './rename-text.js';

/** A hand-made mapping, so that every expected text below is written out in full. */
const mapping: HeldoutMapping = {
  seed: 3,
  atoms: new Map([
    ['#W5442520', '#W8203715'],
    ['olivia_ito_3591', 'greta_novak_7102'],
    ['olivia.ito5204@example.com', 'greta.novak8841@example.com'],
    ['credit_card_9753331', 'credit_card_1460087'],
    ['6469567736', '3921045576'],
    ['80218', '80274'],
    ['986 Sunset Drive', '412 Heron Drive'],
    ['Suite 259', 'Suite 7314'],
  ]),
  names: new Map([
    ['Olivia', 'Greta'],
    ['Ito', 'Novak'],
    ['Daiki', 'Hugo'],
    ['Sanchez', 'Weber'],
  ]),
  nameParts: new Map([
    ['olivia', 'greta'],
    ['ito', 'novak'],
    ['daiki', 'hugo'],
    ['sanchez', 'weber'],
  ]),
  streets: new Map([['Sunset Drive', 'Heron Drive']]),
  prices: new Map([[54.04, 55.17]]),
};
const amounts = new Map([
  [54.04, 55.17],
  [481.5, 470.25],
  [663.85, 671.1],
]);

describe('renameText', () => {
  it('renames ids, names, e-mails, zip codes and address lines of the data', () => {
    const text =
      'Your name is Olivia Ito (olivia_ito_3591, olivia.ito5204@example.com), zip 80218, ' +
      'at 986 Sunset Drive, Suite 259. Cancel #W5442520 (item 6469567736) paid by credit_card_9753331.';
    expect(renameText(text, { mapping, amounts }).text).toBe(
      'Your name is Greta Novak (greta_novak_7102, greta.novak8841@example.com), zip 80274, ' +
        'at 412 Heron Drive, Suite 7314. Cancel #W8203715 (item 3921045576) paid by credit_card_1460087.',
    );
  });

  it('renames what is outside the data by its parts, the same way wherever it appears', () => {
    const email = renameText('write to daikisanchez1479@example.com', { mapping, amounts }).text;
    expect(email).toMatch(/^write to hugoweber\d{4}@example\.com$/);
    expect(renameText('daikisanchez1479@example.com', { mapping, amounts }).text).toBe(
      email.slice('write to '.length),
    );
    expect(renameText('986 Sunset Drive Denver', { mapping, amounts }).text).toBe(
      '412 Heron Drive Denver',
    );
    expect(renameText('12 Sunset Drive', { mapping, amounts }).text).toMatch(/^\d{2} Heron Drive$/);
  });

  it('maps amounts it knows, keeping how they are written, and lists the others', () => {
    const renamed = renameText(
      'It cost $54.04, then 481.5 and 663.85; you have $1131 left, a 1.5 liters kettle, a 5.8-inch screen.',
      { mapping, amounts },
    );
    expect(renamed.text).toBe(
      'It cost $55.17, then 470.25 and 671.10; you have $1131 left, a 1.5 liters kettle, a 5.8-inch screen.',
    );
    expect(renamed.unmapped).toEqual([
      { text: '$1131', value: 1131, isMoney: true },
      { text: '1.5', value: 1.5, isMoney: false },
    ]);
  });

  it('leaves words that are no name of the data alone', () => {
    const text = 'Cancel the Water Bottle, Mason. Order 12 items on Broadway.';
    expect(renameText(text, { mapping, amounts }).text).toBe(text);
  });
});

describe('findOriginals', () => {
  it('finds what a renaming left behind, and nothing in a renamed text', () => {
    const text =
      'Olivia (olivia_ito_3591) wrote from daikisanchez1479@example.com about #W5442520.';
    expect(findOriginals(text, mapping)).toEqual([
      'Olivia',
      'olivia_ito_3591',
      'daikisanchez (in daikisanchez1479@example.com)',
      '#W5442520',
    ]);
    expect(findOriginals(renameText(text, { mapping, amounts }).text, mapping)).toEqual([]);
  });
});

describe('rewordInstruction', () => {
  it('swaps a few phrases once each, keeping what is asked', () => {
    expect(
      rewordInstruction(
        'Your name is Greta Novak. You want to return it because you would like to save. Hi!',
      ),
    ).toBe('You are Greta Novak. You would like to return it since you want to save. Hello!');
  });
});
