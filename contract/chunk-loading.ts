/**
 * A screen's code that does not arrive: how long it may take, and what is said then. Its own
 * module, so that the public pet page, which loads its media viewer lazily, takes these two and
 * not the whole message catalogue.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
export const CHUNK_LOAD_FAILED = 'Loading chunk failed'
