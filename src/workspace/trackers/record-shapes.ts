/**
 * The stamps on what tracker-storage.ts writes (decision 095): a record stamped with its shape
 * is taken as written; anything else is read through its schema. Kept apart from the storage
 * module so the page's boot paint (first-screen-paint.ts) checks them without loading it.
 */

/**
 * Stamped on every tracker `saveTracker` writes: the shape `storedTrackerSchema` reads. Raise it
 * whenever that schema changes, so trackers written before are checked again.
 */
export const TRACKER_RECORD_SHAPE = 1;

/**
 * Stamped on every run tracker-storage.ts writes (`runRecords`): the shape `storedRunSchema`
 * reads. Raise it whenever that schema changes, so runs written before are checked again.
 */
export const RUN_RECORD_SHAPE = 1;

/**
 * Stamped on the latest movers record: the shape `PackedMovers` has in this version (2: its runs
 * packed, decision 128; a record of shape 1 is made again from the runs). Its runs were cut from
 * runs this version wrote or read through the schema (as stamped runs, 095).
 */
export const MOVERS_RECORD_SHAPE = 2;
