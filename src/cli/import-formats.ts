/** The formats `endstate import` reads (a module of its own: the help lists them and loads no converter). */
export const IMPORT_FORMATS = ['taubench', 'tau2'] as const;
