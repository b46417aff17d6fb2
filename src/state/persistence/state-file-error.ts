/** A state file (or its change log or lock) that cannot be read, written or used; its message says which file and what to do. */
export class StateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateFileError';
  }
}
