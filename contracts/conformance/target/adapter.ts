/**
 * The target adapter: how this target lists, pages, wraps and identifies its
 * records. Set by the flags, completed by what the first reads show (the
 * inventory reads every list before any check), written in the report, and
 * used by every check, so that no check guesses a shape on its own.
 *
 * What a second command (besides `verify`) can call, all from this folder:
 * - Reading a whole list: `new TargetAdapter(target, declared, notes).list(send, path, credentials)`, or `readList`
 *   (paging.ts) without the adapter's notes. The `ListRead` says whether the list is whole (`whole`), and why it is
 *   (`because`) or why not (`why`, naming the flag that would help); `items` holds every record read, bounded by
 *   `--max-pages`, `--max-records` and `--max-list-mib`.
 * - Building a create or update body for a resource: `loadExamples(target, signal, given, openapi)` (examples.ts)
 *   reads the target's document (JSON or YAML); `examples.create(path)` / `update(path)` give the body,
 *   `source(path, kind)` where it came from (`example`, `property examples`, `generated from schema`,
 *   `--examples`), `whyNone(path, kind)` why there is none; `bodyFromSchema` (bodies.ts) samples one schema.
 * - Creating and deleting with the ledger: `createRecord(ctx, send, path, body)` (creating.ts) makes the body
 *   run-unique, finds the new id and writes it in `ctx.ledger`; `ledger.cleanup(target)` (ledger.ts) deletes
 *   every record written there and lists what it could not show gone in `ledger.leftovers`.
 */
import { isRecord } from '../matchers.js';
import type { Credentials, Target, TargetDescription } from '../types.js';
import type { QueryParam } from './examples.js';
import { ListCache } from './list-cache.js';
import type { Notes } from './listing.js';
import { type ListRead, pagingOf, readList, type Sender } from './paging.js';
import { recordOf } from './records.js';

export { type BodySource, type BuiltBody, bodyFromSchema } from './bodies.js';
export { type Examples, loadExamples } from './examples.js';
export { Ledger } from './ledger.js';
export { readList } from './paging.js';

export class TargetAdapter {
  /** Per list path: how its pages were reached the first time it had more than one. */
  private readonly ways = new Map<string, string>();
  /** List paths a read could not read whole (the notes say why). */
  private readonly partial = new Set<string>();
  /** How records were read out of answers, when not bare. */
  private readonly recordWays = new Set<string>();
  /** The run's list reads, kept until its next write, for the checks (see list-cache.ts). */
  readonly lists: ListCache;

  constructor(
    readonly target: Target,
    private readonly declared: (path: string) => QueryParam[],
    private readonly notes: Notes,
  ) {
    const { maxRecords, maxBytes } = pagingOf(target);
    this.lists = new ListCache(maxRecords, maxBytes);
  }

  /** Reads the whole list of `path` (every page); see paging.ts. */
  async list(send: Sender, path: string, credentials: Credentials = 'token'): Promise<ListRead> {
    const read = await readList(this.target, send, path, credentials, this.declared(path.split('?')[0] ?? path), this.notes);
    // The way that read a list whole is the target's; one that failed is said in the note below instead.
    if (read.pages > 1 && read.whole && !this.ways.has(path)) {
      this.ways.set(path, read.way);
      this.notes.add(`GET ${path} pages: the kit read its pages by ${read.way}`);
    }
    if (!read.whole && read.items !== undefined && read.why !== undefined) {
      this.partial.add(path);
      this.notes.add(`GET ${path} could not be read whole: ${read.why}`);
    }
    return read;
  }

  /** The record an answer holds (bare, at --record-pointer, or in a one-member envelope); undefined when none. */
  record(body: unknown): Record<string, unknown> | undefined {
    const { record, via } = recordOf(body, this.target.recordPointer);
    if (record !== undefined && via !== undefined && !this.recordWays.has(via)) {
      this.recordWays.add(via);
      if (this.target.recordPointer === undefined)
        this.notes.add(`a record was read from the ${via} of an answer (give --record-pointer to say where records are)`);
    }
    return record;
  }

  /** Whether `reply` answers the record `id` (2xx, and the record read as above has that id). */
  isRecord(reply: { status: number; body: unknown } | undefined, id: string): boolean {
    if (reply !== undefined) this.record(reply.body);
    return isRecord(reply, id, this.target.recordPointer);
  }

  /** What the report says of the target's shape. */
  describe(): TargetDescription {
    const paging = pagingOf(this.target);
    return {
      paging: paging.mode,
      maxPages: paging.maxPages,
      maxRecords: paging.maxRecords,
      maxListMiB: paging.maxBytes / 1024 / 1024,
      lists: Object.fromEntries(this.ways),
      ...(this.partial.size > 0 ? { notWhole: [...this.partial] } : {}),
      records:
        this.target.recordPointer !== undefined
          ? `at --record-pointer ${this.target.recordPointer}`
          : this.recordWays.size > 0
            ? `the answer itself, or its ${[...this.recordWays].join(' or ')}`
            : 'the answer itself',
      ...(this.target.nextPointer !== undefined ? { nextPointer: this.target.nextPointer } : {}),
      ...(this.target.pageParam !== undefined ? { pageParam: this.target.pageParam } : {}),
    };
  }
}
