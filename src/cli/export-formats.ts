/** The formats `endstate export` writes (a module of its own: the help lists them and loads no writer). */
export const EXPORT_FORMATS = ['tau2'] as const;
