/**
 * The teardown ledger: every record the kit creates is written down the
 * moment its id is known, and deleted again when its check ends, when the
 * run ends, or when the run is interrupted. The kit deletes nothing else.
 */
import { isSuccess, send } from './http.js';
import { deleteBody, resourceFacts } from './resources.js';
import type { LedgerEntry, Target } from './types.js';

export class Ledger {
  private entries: LedgerEntry[] = [];
  private failed: LedgerEntry[] = [];

  /** Notes a record the kit created. */
  add(entry: LedgerEntry): void {
    this.entries.push(entry);
  }

  /** Forgets a record the kit has already deleted itself. */
  forget(path: string, id: string): void {
    this.entries = this.entries.filter((entry) => entry.path !== path || entry.id !== id);
  }

  get pending(): readonly LedgerEntry[] {
    return this.entries;
  }

  /** Records that could not be deleted; the report lists them so a person can. */
  get leftovers(): readonly LedgerEntry[] {
    return this.failed;
  }

  /**
   * Deletes every pending record, newest first; a record already gone (404) counts as deleted, and one that a
   * read still finds after its delete answered 2xx does not.
   */
  async cleanup(target: Target): Promise<void> {
    const pending = this.entries.reverse();
    this.entries = [];
    for (const entry of pending) {
      const facts = resourceFacts.find((resource) => resource.path === entry.path);
      const body = facts ? deleteBody(facts) : {};
      try {
        const url = `${entry.path}/${entry.id}`;
        const { reply } = await send(target, { method: 'DELETE', path: url, credentials: entry.credentials, body });
        const gone = reply.status === 404 && entry.notFoundMeansGone !== false;
        // A delete that says yes is believed only if a read no longer finds the record.
        const kept =
          isSuccess(reply.status) &&
          isSuccess((await send(target, { method: 'GET', path: url, credentials: entry.credentials })).reply.status);
        if ((!isSuccess(reply.status) && !gone) || kept) this.failed.push(entry);
      } catch {
        this.failed.push(entry);
      }
    }
  }
}
