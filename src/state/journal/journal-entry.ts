/** What the request journal holds and answers: an entry as GET /__mock/journal shows it, and a request as the recorder hands it over. */
import { z } from '@hono/zod-openapi';
import { timestamp } from '../../domain/fields.js';
import { orgFilter } from '../org-filter.js';

/** One recorded request, as GET /__mock/journal shows it. */
export const journalEntrySchema = z
  .strictObject({
    id: z.int().openapi({ description: 'Counts up from 1 as requests come; a clear does not start it again.' }),
    time: timestamp.openapi({ description: "When it was answered, by the mock's clock (ISO 8601, UTC)." }),
    method: z.string(),
    path: z.string().openapi({ description: 'Without the query; over 2,048 characters, its first 2,048 and its length.' }),
    query: z.string().openapi({ description: 'The query string with its `?`, or empty; over 2,048 characters, cut like the path.' }),
    orgId: z.string().nullable().openapi({ description: 'The organization the token named; null when none did.' }),
    status: z.int().openapi({ description: 'The status the mock answered.' }),
    durationMs: z.number().openapi({ description: 'How long the answer took.' }),
    body: z.union([z.record(z.string(), z.unknown()), z.string(), z.null()]).openapi({
      description:
        "The request body as sent: the JSON object when it passed the reader's checks (up to 64 KiB), else text (over 4 KiB: its first 4 KiB and its length); null when none was read.",
    }),
  })
  .openapi('JournalEntry');
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** One request as the recorder hands it over: the entry's plain fields, its time as a number, and the body as read. */
export type JournalRecord = Omit<JournalEntry, 'id' | 'time' | 'body'> & {
  timeMs: number;
  /** The body text the API read, if it read one. */
  bodyText: string | undefined;
  /** True when the body passed the reader's checks (a JSON object, not too deep), so it can be served parsed. */
  bodyChecked: boolean;
};

/** Which entries: method, path pattern (`*` and `:name` match one segment, `**` the rest), organization, status. */
export type JournalFilter = z.infer<typeof journalFilter>;

/** Most entries a page of GET /__mock/journal holds when the request names no limit. */
export const JOURNAL_PAGE_LIMIT = 100;
/** Most bytes of UTF-8 the entries of one page take: however large the journal, its read answers within about this. */
export const JOURNAL_PAGE_BYTES = 1024 * 1024;

/** A page of entries as JSON text, and where the next (older) page starts. */
export interface JournalPage {
  /** Each entry's JSON, oldest first. */
  entries: string[];
  /** The id to pass as `before` for the next page of older matches; null when there is none. */
  older: number | null;
}

/** Which entries a journal read or verify looks at. */
export const journalFilter = z.strictObject({
  method: z.string().min(1).max(20).optional(),
  path: z.string().min(1).max(500).optional(),
  orgId: orgFilter,
  status: z.coerce.number().int().min(100).max(599).optional(),
});
