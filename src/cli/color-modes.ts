/**
 * `endstate show --color`: `auto` colours only a terminal, and never with
 * NO_COLOR set (a module of its own: the help lists them).
 */
export const COLOR_MODES = ['auto', 'always', 'never'] as const;

export type ColorMode = (typeof COLOR_MODES)[number];
