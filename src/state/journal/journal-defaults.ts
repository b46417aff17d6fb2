/** The journal's default size. Imports nothing: the command line's help shows it without loading the state. */
export const DEFAULT_JOURNAL_LIMIT = 1000;
/** What the kept entries may take in all: a flood of large bodies then keeps fewer entries, not more memory (--journal-bytes). */
export const DEFAULT_JOURNAL_BYTES = 64 * 1024 * 1024;
