/**
 * Makes every change durable before its request is answered. Changes are
 * appended to the change log and flushed (fsync) with group commit: changes
 * noted while one flush is under way wait for the next, which takes them
 * all, so concurrent writes share one write and one flush, and a write costs
 * the size of its change, not of the state. From time to time (when the log
 * outgrows the snapshot, and at a clean shutdown) the log is folded into a
 * new snapshot and started again, so it never grows without bound.
 */
import { randomUUID } from 'node:crypto';
import { type FileHandle, stat } from 'node:fs/promises';
import type { MockState } from '../mock-state.js';
import { StateSerializer } from '../snapshot/snapshot.js';
import { watchChanges } from './change-feed.js';
import { logHeader, logLine } from './change-log.js';
import { flushLog, openLog, writeAll } from './durable-files.js';
import { type FileId, filesMoved, idOf, writeSnapshotAndLog } from './file-identity.js';
import { changeLogPath } from './state-file.js';
import { StateFileError, saveFailed } from './state-file-error.js';

export interface StateFileWriterOptions {
  /** The log is folded once it holds this many bytes, or as many as the snapshot if that is more (default 8 MiB). */
  foldAtBytes?: number;
  /** The log is folded once it holds this many batches (default 100,000), so a restart replays a bounded number. */
  foldAtLines?: number;
  /** Told of a save that failed with no request waiting on it (a background one, the last one at shutdown); default: stderr. */
  onError?: (error: Error) => void;
  /** Told when the files were deleted or replaced under the mock (and are written again); default: stderr. */
  note?: (message: string) => void;
  /** Called once both files have been written again after they went (the lock goes with their folder, and is written again too). */
  onRemade?: () => Promise<void>;
}

type Waiter = { resolve(): void; reject(error: Error): void };

const utf8 = new TextEncoder();

export class StateFileWriter {
  readonly #serializer: StateSerializer;
  readonly #logPath: string;
  readonly #foldAtBytes: number;
  readonly #foldAtLines: number;
  /** Changes (as JSON) noted since the last batch was taken, and who waits for them. */
  #pending: string[] = [];
  #waiters: Waiter[] = [];
  #busy: Promise<void> | undefined;
  #scheduled = false;
  #pumpScheduled = false;
  #log: FileHandle | undefined;
  #logBytes = 0;
  #logLines = 0;
  #snapshotBytes = 0;
  /** The snapshot this writer last wrote (or continued), to see whether the file at its path is still that one. */
  #snapshotFile: FileId | undefined;
  /** Set when the log may not be appended to (none open yet, or an append failed): the next batch writes a whole snapshot. */
  #mustFold = true;
  #stopWatching: (() => void) | undefined;
  readonly #onError: (error: Error) => void;
  readonly #noteMoved: (message: string) => void;
  readonly #onRemade: (() => Promise<void>) | undefined;

  constructor(
    mockState: MockState,
    private readonly path: string,
    options: StateFileWriterOptions = {},
  ) {
    this.#serializer = new StateSerializer(mockState);
    this.#logPath = changeLogPath(path);
    this.#foldAtBytes = options.foldAtBytes ?? 8 * 1024 * 1024;
    this.#foldAtLines = options.foldAtLines ?? 100_000;
    this.#onError = options.onError ?? ((error) => console.error(`voice-config-mock: ${error.message}`));
    this.#noteMoved = options.note ?? ((message) => console.error(`voice-config-mock: ${message}`));
    this.#onRemade = options.onRemade;
    this.#stopWatching = watchChanges(mockState, (json) => this.#note(json));
  }

  /**
   * Starts writing: to the log as it is, when it continues the loaded snapshot and ends whole; else a new
   * snapshot is written at once, so a path that cannot be written stops the mock instead of losing every change.
   */
  async start(logContinues: boolean, logLines = 0): Promise<void> {
    if (logContinues) {
      try {
        this.#log = await openLog(this.#logPath, 'append');
        this.#logBytes = (await this.#log.stat()).size;
        this.#logLines = logLines;
        const snapshot = await stat(this.path);
        [this.#snapshotBytes, this.#snapshotFile] = [snapshot.size, idOf(snapshot)];
        this.#mustFold = false;
        return;
      } catch {
        // Folding below writes both files anew.
      }
    }
    await this.writeNow();
  }

  /** Resolves once every change noted so far is on disk; rejects when it could not be written. */
  commit(): Promise<void> {
    if (this.#pending.length === 0 && !this.#busy && !this.#mustFold) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    this.#pumpSoon();
    return done;
  }

  /** Folds the log into a new snapshot now, failing loudly (at start, and in tests). */
  async writeNow(): Promise<void> {
    await this.#busy?.catch(() => {});
    this.#mustFold = true;
    await this.commit().catch((error: Error & { reason?: string }) => {
      throw new StateFileError(`Cannot write the state file ${this.path}: ${error.reason ?? error.message}`);
    });
  }

  /** The last save, at shutdown: the log folded into the snapshot; rejects when that failed, so the CLI can exit 1. */
  async close(): Promise<void> {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
    await this.#busy?.catch(() => {});
    this.#mustFold = true;
    try {
      await this.commit();
    } catch (error) {
      this.#onError(error as Error);
      throw error;
    } finally {
      await this.#log?.close().catch(() => {});
      this.#log = undefined;
      this.#serializer.stop();
    }
  }

  #note(json: string): void {
    this.#pending.push(json);
    // Changes no request waits for (a timer's, a failed request's) still reach the disk at once.
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.commit().catch(this.#onError);
      });
    }
  }

  /**
   * Starts a batch on the next turn of the event loop, not at once: the requests that arrived together (the answers of
   * the last batch bring their clients' next writes back together) then share one flush, where the first of them
   * would otherwise start a flush of its own and the others wait for the one after it. While a batch is under way
   * its end starts the next.
   */
  #pumpSoon(): void {
    if (this.#busy || this.#pumpScheduled) return;
    this.#pumpScheduled = true;
    setImmediate(() => {
      this.#pumpScheduled = false;
      this.#pump();
    });
  }

  /**
   * Starts the next batch unless one is under way; the end of each starts the next at once, with every write that
   * came meanwhile (plain group commit). Waiting after a flush for the writers it answered to come back, so that
   * more share the next, never earned its keep: the mock without that wait made as many durable PATCHes a second
   * and more creates (docs/BENCHMARKS.md, "What was tried").
   */
  #pump(): void {
    if (this.#busy || (this.#waiters.length === 0 && this.#pending.length === 0)) return;
    const [batch, waiters] = [this.#pending, this.#waiters];
    [this.#pending, this.#waiters] = [[], []];
    this.#busy = this.#write(batch).then(
      () => {
        for (const waiter of waiters) waiter.resolve();
      },
      (error: Error) => {
        for (const waiter of waiters) waiter.reject(error);
      },
    );
    void this.#busy.finally(() => {
      this.#busy = undefined;
      this.#pump();
    });
  }

  #write(batch: string[]): Promise<void> {
    const line = batch.length > 0 ? utf8.encode(logLine(batch)) : undefined;
    const big = (line?.byteLength ?? 0) + this.#logBytes > Math.max(this.#foldAtBytes, this.#snapshotBytes);
    // Taken now, in the same turn as the batch: the snapshot holds exactly the changes up to here, later ones go to the new log.
    if (this.#mustFold || big || this.#logLines >= this.#foldAtLines) return this.#fold(this.#serializer.pieces());
    if (!line) return Promise.resolve();
    const moved = filesMoved((this.#log as FileHandle).fd, this.#logPath, this.path, this.#snapshotFile);
    if (!moved) return this.#append(line);
    this.#noteMoved(`${moved} while the mock ran; both files are written again, with every change so far, before this change is answered.`);
    return this.#fold(this.#serializer.pieces(), true).then(() => this.#onRemade?.());
  }

  async #append(line: Uint8Array): Promise<void> {
    const log = this.#log as FileHandle;
    try {
      this.#logBytes += await writeAll(log, line);
      await flushLog(log);
      this.#logLines++;
    } catch (error) {
      // Part of the line may be in the log: nothing more may follow it there; the next batch writes a whole snapshot.
      this.#mustFold = true;
      throw saveFailed(this.#logPath, error as Error);
    }
  }

  async #fold(pieces: Uint8Array[], remake = false): Promise<void> {
    const snapshotId = randomUUID();
    // The snapshot names the log that continues it; a log naming another snapshot is ignored at start.
    const end = pieces.pop();
    if (end?.length !== 1 || end[0] !== 0x7d) throw new Error('the state serializer no longer ends its text with "}"');
    pieces.push(utf8.encode(`,"changeLog":${JSON.stringify(snapshotId)}}\n`));
    this.#mustFold = true;
    try {
      const written = await writeSnapshotAndLog(this.path, this.#logPath, pieces, utf8.encode(logHeader(snapshotId)), remake);
      await this.#log?.close().catch(() => {});
      ({ log: this.#log, logBytes: this.#logBytes, snapshotBytes: this.#snapshotBytes, snapshotFile: this.#snapshotFile } = written);
      this.#logLines = 0;
      this.#mustFold = false;
    } catch (error) {
      throw saveFailed(this.path, error as Error);
    }
  }
}
