import type { PhraseRule } from './reword-text.js';

/**
 * Phrase swaps that keep a customer's request meaning the same: greetings,
 * politeness, contractions and common verbs. Domain terms (order, refund
 * window, final sale) are left alone: they name things the policy names.
 */
export const PARAPHRASE_RULES: readonly PhraseRule[] = [
  { phrase: 'hello', alternatives: ['hi', 'hi there', 'good morning'] },
  { phrase: 'hi', alternatives: ['hello', 'hey', 'good day'] },
  { phrase: 'can you please', alternatives: ['could you', 'can you', 'would you please'] },
  { phrase: 'could you please', alternatives: ['can you', 'could you', 'would you kindly'] },
  { phrase: 'can you', alternatives: ['could you', 'would you', 'could you please'] },
  { phrase: 'could you', alternatives: ['can you', 'would you', 'can you please'] },
  { phrase: "i'd like to", alternatives: ['I want to', 'I would like to', 'I wish to'] },
  { phrase: 'i want to', alternatives: ["I'd like to", 'I would like to'] },
  { phrase: 'i would like to', alternatives: ["I'd like to", 'I want to'] },
  { phrase: 'please go ahead', alternatives: ['go ahead, please', 'yes, do it', 'please proceed'] },
  { phrase: 'go ahead', alternatives: ['proceed', 'do it', 'carry on'] },
  { phrase: 'thanks', alternatives: ['thank you', 'many thanks', 'cheers'] },
  { phrase: 'thank you', alternatives: ['thanks', 'many thanks'] },
  { phrase: 'get a refund', alternatives: ['be refunded', 'get my money back'] },
  { phrase: 'get my money back', alternatives: ['get a refund', 'be reimbursed'] },
  { phrase: 'refund it', alternatives: ['refund that', 'give me a refund for it'] },
  { phrase: "haven't", alternatives: ['have not'] },
  { phrase: "i'm", alternatives: ['I am'] },
  { phrase: "it's", alternatives: ['it is'] },
  { phrase: "don't", alternatives: ['do not'] },
  { phrase: "can't", alternatives: ['cannot', 'am not able to'] },
  { phrase: "i've", alternatives: ['I have'] },
  { phrase: "i'll", alternatives: ['I will'] },
  { phrase: 'okay', alternatives: ['OK', 'alright', 'fine'] },
  { phrase: 'i see', alternatives: ['I understand', 'got it'] },
  { phrase: 'bought', alternatives: ['purchased', 'ordered'] },
  { phrase: 'purchased', alternatives: ['bought'] },
  { phrase: 'what i expected', alternatives: ['what I was expecting', 'what I had in mind'] },
  { phrase: 'help me', alternatives: ['assist me', 'give me a hand'] },
  { phrase: 'is it possible to', alternatives: ['can I', 'could I'] },
  { phrase: 'i need', alternatives: ['I require', "I'd need"] },
  { phrase: 'yes', alternatives: ['yep', 'sure', 'yes indeed'] },
  { phrase: 'sorry', alternatives: ['apologies', 'my apologies'] },
  { phrase: 'tell me', alternatives: ['let me know', 'explain'] },
  { phrase: 'let me know', alternatives: ['tell me', 'inform me'] },
];
