/**
 * The teardown ledger: every record the kit creates is written down the
 * moment its id is known, and deleted again when its check ends, when the
 * run ends, or when the run is interrupted. The kit deletes nothing else.
 */

import { isGone, isRecord } from '../matchers.js';
import { deleteBody, resourceFacts } from '../resources.js';
import type { LedgerEntry, Target } from '../types.js';
import { isSuccess, REDIRECT_NOT_FOLLOWED, send, TransportError } from './http.js';
import { recordPath, UnaddressableId } from './record-path.js';
import { DEFAULT_SETTLE_MS, settled } from './settle.js';

export class Ledger {
  private entries: LedgerEntry[] = [];
  private failed: LedgerEntry[] = [];

  /** Notes a record the kit created. */
  add(entry: LedgerEntry): void {
    this.entries.push(entry);
  }

  /**
   * Reports a record the target accepted but the kit cannot delete (its id unknown, or not shown to be the kit's):
   * listed as left behind, once per id (creates answered the same record again add nothing).
   */
  lost(entry: LedgerEntry): void {
    const known = entry.id !== '(unknown)' && this.failed.some((listed) => listed.path === entry.path && listed.id === entry.id);
    if (!known) this.failed.push(entry);
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
   * Deletes every pending record, newest first; what it cannot show gone is listed as a leftover.
   */
  async cleanup(target: Target): Promise<void> {
    const pending = this.entries.reverse();
    this.entries = [];
    for (const entry of pending) {
      const facts = resourceFacts.find((resource) => resource.path === entry.path);
      const body = facts ? deleteBody(facts) : {};
      try {
        const kept = await this.keptBecause(target, entry, body);
        if (kept !== undefined) this.failed.push({ ...entry, note: entry.note ?? kept });
      } catch (error) {
        // A redirect the kit does not follow is why it could not delete: said beside the record.
        const redirected = error instanceof TransportError && error.code === REDIRECT_NOT_FOLLOWED;
        if (redirected) this.failed.push({ ...entry, note: `${error.exchange.sent.method} ${error.message}` });
        else this.failed.push(error instanceof UnaddressableId ? { ...entry, note: error.message } : entry);
      }
    }
  }

  /**
   * Why the record is not known gone after a delete, or undefined when it is: a 404 to the delete itself (where that
   * means gone), or a 2xx delete and then a read answering 404 or 410. A record the kit cannot be sure its
   * credentials reach must first be read, so that a 404 proves something.
   */
  private async keptBecause(target: Target, entry: LedgerEntry, body: unknown): Promise<string | undefined> {
    const url = recordPath(entry.path, entry.id);
    const read = async () => (await send(target, { method: 'GET', path: url, credentials: entry.credentials })).reply;
    if (entry.notFoundMeansGone === false) {
      const found = await read();
      if (!isRecord(found, entry.id, target.recordPointer))
        return `GET ${url} answered ${found.status} without the record, so a 404 to its delete would prove nothing`;
    }
    const { reply } = await send(target, { method: 'DELETE', path: url, credentials: entry.credentials, body });
    if (reply.status === 404)
      return entry.notFoundMeansGone === false ? `DELETE ${url} answered 404 to a record its GET had just answered` : undefined;
    if (!isSuccess(reply.status)) return `DELETE ${url} answered ${reply.status}`;
    // A delete may be carried out a moment after its answer (202): read again, for the target's settle time.
    const after = await settled(read, (answered) => isGone(answered.status), target.settleMs);
    if (isGone(after.status)) return undefined;
    return `DELETE ${url} answered ${reply.status}, yet GET ${url} still answered ${after.status} ${target.settleMs ?? DEFAULT_SETTLE_MS} ms later (a delete that keeps the record, marked deleted, is one way)`;
  }
}
