/**
 * Keeps the in-page mock's state in `localStorage` (or any storage of that
 * shape) so a reload continues where the page left off. The saved value is
 * the control API's state snapshot, the same JSON `GET /__mock/state` shows.
 */

import type { MockState } from '../state/mock-state.js';
import { exportState, importState } from '../state/snapshot/snapshot.js';

/** The part of the Web Storage interface persistence needs. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const DEFAULT_PERSIST_KEY = 'voice-config-mock/state';

export interface Persistence {
  readonly key: string;
  /** Loads the saved state into the mock state; false when nothing usable was saved (the mock state keeps its seed). */
  restore(mockState: MockState): boolean;
  /** Saves the mock state's whole state; when that fails, drops what was saved before, so no reload restores a stale state. */
  save(mockState: MockState): void;
  /** Forgets the saved state: the next start begins from the seed, unless a write saves the state again before it. */
  forget(): void;
}

/** Persistence of a mock state under `key` in `storage`. */
export function createPersistence(storage: KeyValueStorage, key = DEFAULT_PERSIST_KEY): Persistence {
  let warnedAboutSaving = false;
  return {
    key,
    restore(mockState) {
      let saved: string | null;
      try {
        saved = storage.getItem(key);
      } catch (error) {
        // A storage the page may not use (a SecurityError, say) must not keep the mock from starting.
        console.warn(`voice-config-mock: could not read the saved state under "${key}"; starting from the seed:`, describe(error));
        return false;
      }
      if (saved === null) return false;
      try {
        importState(mockState, JSON.parse(saved));
        return true;
      } catch (error) {
        // A snapshot from an older version or edited by hand must not keep the page from starting.
        console.warn(`voice-config-mock: ignoring the saved state under "${key}" and starting from the seed:`, describe(error));
        forgetQuietly();
        return false;
      }
    },
    save(mockState) {
      try {
        storage.setItem(key, JSON.stringify(exportState(mockState)));
        warnedAboutSaving = false;
      } catch (error) {
        // Usually a full storage quota. What is saved is now older than the page's state, and a reload
        // restoring it would pass an old state off as the current one: drop it, so a reload starts from
        // the seed. The mock keeps working in memory and tries again at the next write; said once per run of failures.
        forgetQuietly();
        if (!warnedAboutSaving) {
          console.warn(
            `voice-config-mock: could not save the state under "${key}", so a reload will start from the seed (the next write tries again):`,
            describe(error),
          );
        }
        warnedAboutSaving = true;
      }
    },
    forget() {
      storage.removeItem(key);
    },
  };

  function forgetQuietly(): void {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing more can be done about a storage that refuses even this; the warning has been given.
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
