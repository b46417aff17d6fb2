/**
 * A state file as the server uses it: locked against a second process,
 * loaded with its change log, and written to before each write is answered.
 */
import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { MockState } from '../mock-state.js';
import { lockStateFile } from './lock-file.js';
import { loadStateFile } from './state-file.js';
import { StateFileWriter, type StateFileWriterOptions } from './state-file-writer.js';

export interface OpenStateFile {
  /** The state came from the file (which existed), not from the seed and scenario. */
  loaded: boolean;
  /** Resolves once every change made so far is on disk. */
  committed(): Promise<void>;
  /** Folds the log into the snapshot and lets go of the lock; rejects (after saying why on stderr) when the state could not be saved. */
  close(): Promise<void>;
}

export async function openStateFile(
  mockState: MockState,
  path: string,
  options: StateFileWriterOptions & { note?: (message: string) => void; takeLock?: boolean } = {},
): Promise<OpenStateFile> {
  // The lock, the log and each new snapshot go beside the real file: a link to it stays a link, and two links to one file are one file.
  const real = await realStatePath(path);
  const release = await lockStateFile(real, options.note, { takeForeign: options.takeLock === true });
  let writer: StateFileWriter | undefined;
  try {
    const state = await loadStateFile(mockState, real, options.note);
    // When the files are written again after their folder went, the lock is too: else a second mock could start on them.
    writer = new StateFileWriter(mockState, real, { ...options, onRemade: release.restore });
    await writer.start(state.logContinues, state.logLines);
    const open = writer;
    let closing: Promise<void> | undefined;
    return {
      loaded: state.loaded,
      committed: () => open.commit(),
      close: () => {
        closing ??= open.close().finally(release);
        return closing;
      },
    };
  } catch (error) {
    await writer?.close().catch(() => {});
    await release();
    throw error;
  }
}

/**
 * The file `path` names, through any symbolic links (the file need not exist
 * yet: a link may point to a file still to be written); its folder is
 * resolved too, so that one file reached by two paths has one lock.
 */
export async function realStatePath(path: string): Promise<string> {
  let current = resolve(path);
  // As many links as the system itself follows.
  for (let hops = 0; hops < 40; hops++) {
    const stats = await lstat(current).catch(() => undefined);
    if (!stats?.isSymbolicLink()) break;
    current = resolve(dirname(current), await readlink(current));
  }
  const folder = await realpath(dirname(current)).catch(() => dirname(current));
  return resolve(folder, basename(current));
}
