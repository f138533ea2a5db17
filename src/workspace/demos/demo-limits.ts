/**
 * A step's other answers at most (`also`): a ladder of 24 prefixes and a keyword expansion of 36
 * letters and digits (decision 090); a batch's first 60 cells (decision 097). A recording keeps
 * the first ones of a longer list. Its own
 * module: the file's schema (demo-schemas.ts) and its reader (demo-file.ts) both read it.
 */
export const MAX_ALSO = 60;
