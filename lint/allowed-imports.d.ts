/** Each layer of src/ and the folders it may import from (see allowed-imports.js). */
export declare const allowedImports: Readonly<Record<string, readonly string[]>>;
