/**
 * The lists one run has read, kept until the kit's next write to the target: a check that reads a list the run
 * read before, with the same credentials and no write of the kit's since (http.ts counts them), is given that
 * read and its requests, instead of reading every page again. Any request other than a GET or HEAD, answered or
 * not, ends every kept read, so a read after the kit's own write is always fresh; a read during which a write
 * was sent is not kept. What the target changes by itself, or another client changes, between two reads without
 * a write of the kit's, is no more seen than if the two reads had been one. At most `maxRecords` records and
 * `maxBytes` bytes of answers are kept in all (the bounds of one list read), the oldest read dropped first.
 */
import type { Exchange } from '../types.js';
import type { ListRead } from './paging.js';

interface Kept {
  writes: number;
  read: ListRead;
  exchanges: Exchange[];
}

/** Noted on each request of a read given again, in the report. */
export const REUSED_NOTE = 'read earlier in the run, with no write of the kit since: given again';

export class ListCache {
  private readonly kept = new Map<string, Kept>();
  private records = 0;
  private bytes = 0;

  constructor(
    private readonly maxRecords: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {}

  /** The read kept under `key`, if the kit has sent no write since (`writes` is the count now). */
  get(key: string, writes: number): Kept | undefined {
    const kept = this.kept.get(key);
    return kept?.writes === writes ? kept : undefined;
  }

  /** Keeps `read` under `key`, made with `writes` writes sent before it and none during it. */
  set(key: string, writes: number, read: ListRead, exchanges: Exchange[]): void {
    for (const [other, kept] of this.kept) if (kept.writes !== writes || other === key) this.drop(other);
    const size = read.items?.length ?? 0;
    if (size > this.maxRecords || read.bytes > this.maxBytes) return;
    for (const [oldest] of this.kept) {
      if (this.records + size <= this.maxRecords && this.bytes + read.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.kept.set(key, { writes, read, exchanges });
    this.records += size;
    this.bytes += read.bytes;
  }

  private drop(key: string): void {
    const read = this.kept.get(key)?.read;
    this.records -= read?.items?.length ?? 0;
    this.bytes -= read?.bytes ?? 0;
    this.kept.delete(key);
  }
}
