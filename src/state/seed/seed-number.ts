/** The seed's default and range. Imports nothing: the command line's help shows them without loading the state. */
export const DEFAULT_SEED = 1;
/** Seeds are whole numbers from 0 to this, wherever one is given (`--seed`, the control API, in-process, in the page). */
export const MAX_SEED = 2 ** 31 - 1;
