import type { JsonObject, JsonValue } from '../core/index.js';
import type { Perturbation } from './perturbation.js';
import { shuffled } from './shuffle-tools.js';
import { withPresent } from './with-present.js';

interface Decoy {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonObject;
  readonly result: JsonValue;
}

const text = (description: string): JsonObject => ({ type: 'string', description });

/** Read-only tools no support or retail task needs; each answers the same harmless result. */
export const DECOYS: readonly Decoy[] = [
  {
    name: 'get_weather',
    description: "Get today's weather forecast for a city.",
    input_schema: { type: 'object', properties: { city: text('City name') }, required: ['city'] },
    result: { forecast: 'partly cloudy', high_c: 18, low_c: 11 },
  },
  {
    name: 'get_store_hours',
    description: 'Get the opening hours of the physical stores.',
    input_schema: { type: 'object', properties: {} },
    result: { weekdays: '09:00-19:00', saturday: '10:00-17:00', sunday: 'closed' },
  },
  {
    name: 'list_public_holidays',
    description: 'List the public holidays of the current year.',
    input_schema: { type: 'object', properties: { country: text('ISO country code') } },
    result: { holidays: ['01-01', '07-04', '12-25'] },
  },
  {
    name: 'get_company_news',
    description: 'Get the latest company press releases.',
    input_schema: { type: 'object', properties: {} },
    result: { items: [{ title: 'New store opening in Lisbon', date: '2026-09-01' }] },
  },
  {
    name: 'translate_text',
    description: 'Translate a short text into another language.',
    input_schema: {
      type: 'object',
      properties: { text: text('Text to translate'), language: text('Target language') },
      required: ['text', 'language'],
    },
    result: { translation: '(translation service unavailable in this region)' },
  },
  {
    name: 'get_loyalty_tiers',
    description: 'Describe the loyalty programme tiers.',
    input_schema: { type: 'object', properties: {} },
    result: { tiers: ['silver', 'gold', 'platinum'] },
  },
];

/** How many decoys a variant shows. */
export const DECOYS_PER_VARIANT = 2;

/** Irrelevant read-only decoys shown beside the real tools; they change nothing. */
export const extraTools: Perturbation = {
  kind: 'extra-tools',
  summary: 'irrelevant read-only decoy tools shown beside the real ones',
  perturb({ raw, context, rng }) {
    const taken = new Set(context.tools.map((tool) => tool.name));
    const free = DECOYS.filter((decoy) => !taken.has(decoy.name));
    if (free.length === 0) return { type: 'skipped', reason: 'every decoy name is a real tool' };
    const picked = shuffled(free, rng).slice(0, DECOYS_PER_VARIANT);
    const task = withPresent(raw, (present) => {
      const before = Array.isArray(present.extra) ? present.extra : [];
      present.extra = [...before, ...picked.map((decoy) => ({ ...decoy }))];
    });
    const names = picked.map((decoy) => decoy.name).join(', ');
    return { type: 'variant', task, detail: `decoys: ${names}`, files: [] };
  },
};
