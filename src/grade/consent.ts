const AFFIRMATIVE =
  /\b(yes|yeah|yep|yup|sure|ok|okay|confirm|confirmed|go ahead|proceed|please do|do it|correct|approved?|agreed?)\b/i;
const NEGATIVE = /(^\s*(no|nope|nah)\b)|\b(don'?t|do not|not yet|never mind|hold on|wait)\b/i;

/**
 * Whether a user's reply gives consent. Deliberately simple and documented:
 * an affirmative word and no refusal.
 *
 * @example isAffirmative('Yes, please go ahead.') // true
 */
export function isAffirmative(text: string): boolean {
  return AFFIRMATIVE.test(text) && !NEGATIVE.test(text);
}
