/**
 * Bumped whenever a built-in grader's verdict on the same trial could
 * change, so results graded differently are never pooled (it is part of
 * the system hash). 4: verdicts are the grades of every applicable grader,
 * and the claims grader (on by default) fails a trial whose agent said it
 * did what the state contradicts. 5: a fact to communicate counts only in
 * a message that commits to it, not beside many rival values. Each grade
 * also records its own grader's version.
 */
export const GRADER_VERSION = '5';
