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

  /** Deletes every pending record, newest first; a record already gone (404) counts as deleted. */
  async cleanup(target: Target): Promise<void> {
    const pending = this.entries.reverse();
    this.entries = [];
    for (const entry of pending) {
      const facts = resourceFacts.find((resource) => resource.path === entry.path);
      const body = facts ? deleteBody(facts) : {};
      try {
        const { reply } = await send(target, { method: 'DELETE', path: `${entry.path}/${entry.id}`, credentials: entry.credentials, body });
        if (!isSuccess(reply.status) && reply.status !== 404) this.failed.push(entry);
      } catch {
        this.failed.push(entry);
      }
    }
  }
}
