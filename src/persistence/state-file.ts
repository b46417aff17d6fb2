/**
 * Keeps a frontend developer's data across restarts: the state is loaded
 * from a file at start and written back after changes. Writes are atomic
 * (a temporary file, then rename), so a crash mid-write never leaves half a
 * file; a file that cannot be read or parsed is reported and left untouched.
 */
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { importState, MAX_SNAPSHOT_DEPTH, StateSerializer } from '../control/snapshot.js';
import { DomainError } from '../domain/errors.js';
import { parseUntrustedJson } from '../domain/untrusted-json.js';
import type { World } from '../world.js';

export class StateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateFileError';
  }
}

/** Loads the file into the world; false when there is no file yet (the scenario stays). */
export async function loadStateFile(world: World, path: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new StateFileError(`Cannot read the state file ${path}: ${(error as Error).message}.`);
  }
  const parsed = parseUntrustedJson(text, MAX_SNAPSHOT_DEPTH, `The state file ${path}`);
  if (!parsed.ok) {
    throw new StateFileError(`${parsed.message} It was left as it is; fix it, move it away, or pick another --state-file.`);
  }
  const state = parsed.value;
  try {
    importState(world, state);
  } catch (error) {
    const problems =
      error instanceof DomainError
        ? error.problems
            .slice(0, 5)
            .map((p) => `\n  /${p.path.join('/')}: ${p.message}`)
            .join('')
        : '';
    throw new StateFileError(
      `The state file ${path} is not a state this mock can load: ${(error as Error).message}${problems}\nIt was left as it is.`,
    );
  }
  return true;
}

/**
 * Saves after changes, in the background and one write at a time: a save
 * starts after `quietMs` without changes, and at most `maxDelayMs` after the
 * first unsaved change, so a burst of writes costs one save and no request
 * waits for the disk. Changes during a write cause one more write after it.
 */
export class StateFileWriter {
  #writing: Promise<void> | undefined;
  #dirty = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #firstUnsaved: number | undefined;
  /** Why the last write failed; cleared by the next one that succeeds. */
  #failure: StateFileError | undefined;
  readonly #serializer: StateSerializer;

  constructor(
    world: World,
    private readonly path: string,
    private readonly onError: (error: Error) => void = (error) => console.error(`voice-config-mock: ${error.message}`),
    private readonly timing = { quietMs: 100, maxDelayMs: 2000 },
  ) {
    this.#serializer = new StateSerializer(world);
  }

  /** Notes a change; the save follows shortly. */
  changed(): void {
    const now = Date.now();
    this.#firstUnsaved ??= now;
    clearTimeout(this.#timer);
    const wait = Math.min(this.timing.quietMs, Math.max(0, this.#firstUnsaved + this.timing.maxDelayMs - now));
    this.#timer = setTimeout(() => void this.flush(), wait);
  }

  /** Saves now; resolves when the state as of now is on disk (at start and at shutdown). */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#firstUnsaved = undefined;
    this.#dirty = true;
    this.#writing ??= this.#drain().finally(() => {
      this.#writing = undefined;
    });
    return this.#writing;
  }

  /**
   * The last save, at shutdown: like `flush`, but rejects when the state could
   * not be written, so whoever stops the mock can tell the changes were lost
   * (the CLI then exits 1 instead of 0).
   */
  async close(): Promise<void> {
    await this.flush();
    if (this.#failure) throw this.#failure;
  }

  /** Writes at once and fails loudly: at start, so a path that cannot be written stops the mock instead of losing every change. */
  async writeNow(): Promise<void> {
    try {
      await writeAtomically(this.path, this.#serializer.pieces());
    } catch (error) {
      throw new StateFileError(`Cannot write the state file ${this.path}: ${(error as Error).message}.`);
    }
  }

  async #drain(): Promise<void> {
    while (this.#dirty) {
      this.#dirty = false;
      try {
        await writeAtomically(this.path, this.#serializer.pieces());
        this.#failure = undefined;
      } catch (error) {
        this.#failure = new StateFileError(`Could not save the state file ${this.path}: ${(error as Error).message}`);
        this.onError(this.#failure);
      }
    }
  }
}

const NEWLINE = new TextEncoder().encode('\n');

/** Streams the pieces to a temporary file, then renames it: never one string of the whole state, never half a file. */
async function writeAtomically(path: string, pieces: Uint8Array<ArrayBuffer>[]): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  pieces.push(NEWLINE);
  try {
    await pipeline(Readable.from(pieces), createWriteStream(temporary));
    await rename(temporary, path);
  } catch (error) {
    // A failed save leaves no partial temporary file behind (the state file itself is untouched).
    await rm(temporary, { force: true });
    throw error;
  }
}
