/** A state file (or its change log or lock) that cannot be read, written or used; its message says which file and what to do. */
export class StateFileError extends Error {
  /** `reason`: what went wrong, without the file's name, for a message that names the file its own way. */
  constructor(
    message: string,
    readonly reason = message,
  ) {
    super(message);
    this.name = 'StateFileError';
  }
}

/** A write of `path` (the snapshot or its log) that failed; keeps the cause as the reason. */
export const saveFailed = (path: string, error: Error): StateFileError =>
  new StateFileError(`Could not save the state file ${path}: ${error.message}`, error.message);
