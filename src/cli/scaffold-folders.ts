/** Where `endstate init` writes when no folder is named: a suite beside the project's code. */
export const DEFAULT_INIT_FOLDER = 'evals';

/** Where `endstate examples` copies to when no folder is named. */
export const DEFAULT_EXAMPLES_FOLDER = 'endstate-examples';
