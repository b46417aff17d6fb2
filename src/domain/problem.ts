/**
 * One thing wrong with a request body: its own module, so the problem list,
 * validation and resource descriptions all import it without importing each other.
 */
/** One thing wrong with a request body, located by its path inside the body. */
export interface Problem {
  path: (string | number)[];
  message: string;
}
