/** The shapes the conformance kit works with: targets, checks, exchanges and results. */

/** `fetch` or anything shaped like it, such as `(url, init) => app.request(url, init)` for an in-process app. */
export type FetchLike = (url: string, init: RequestInit) => Response | Promise<Response>;

/** The implementation under test. */
export interface Target {
  /** Where the API lives, without `/api/v1` (e.g. `https://staging.example.com`). */
  baseUrl: string;
  /** A token of the first organization. */
  token: string;
  /** A token of a second, different organization; enables the cross-organization checks. */
  token2?: string;
  /** A system trunk of the first organization to try the refused delete on; found by listing otherwise. */
  systemTrunkId?: string;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Per-request time limit (default 15 000 ms). */
  timeoutMs?: number;
  /**
   * How long a check keeps reading for its write to show (a delete answered 202 and carried out a moment later)
   * before it fails (default 3 000 ms; 0 reads once).
   */
  settleMs?: number;
  /** Sent on every request (lower-case names; never printed): an API version, a tenant header. */
  headers?: Record<string, string>;
  /** JSON pointer to the array inside the answers of the four lists whose shape the spec does not show (e.g. `/data`). */
  listPointer?: string;
  /** JSON pointer to the new record's id inside a create's answer (e.g. `/data/id`). */
  idPointer?: string;
  /** JSON pointer to the record inside a get, create or update answer (e.g. `/data`); found on its own otherwise. */
  recordPointer?: string;
  /** How lists page (default `auto`: discovered, see target/paging.ts). */
  paging?: 'auto' | 'link' | 'cursor' | 'page' | 'offset' | 'none';
  /** JSON pointer to the next page's cursor or URL in a list answer. */
  nextPointer?: string;
  /** The query parameter a cursor or page number is sent in. */
  pageParam?: string;
  /** The most pages read of one list (default 1000); a list with more is not read whole. */
  maxPages?: number;
  /** The most records read of one list (default 100,000); a list with more is not read whole. */
  maxRecords?: number;
  /** The most MiB of answers read for one list, all its pages (default 128); a list with more is not read whole. */
  maxListMiB?: number;
}

/** How the run read the target (the target adapter's findings), for the report. */
export interface TargetDescription {
  paging: string;
  maxPages: number;
  maxRecords: number;
  maxListMiB: number;
  /** Per list path that had more than one page: how its pages were reached. */
  lists: Record<string, string>;
  /** List paths a read could not read whole (the notes say why); absent when every list read was whole. */
  notWhole?: string[];
  /** Where records were read in get, create and update answers. */
  records: string;
  nextPointer?: string;
  pageParam?: string;
}

/**
 * Where a check comes from: `spec` is stated by the spec and must hold;
 * `documented` means the status must be one the spec lists for that operation;
 * `assumed` is a REST convention the spec does not state.
 */
export type Source = 'spec' | 'documented' | 'assumed';

/** `not judged`: the kit could not gather the evidence (the reason says why, and which flag would help). */
export type Outcome = 'passed' | 'failed' | 'not judged';

/** What a check is, independent of any run. */
export interface CheckInfo {
  id: string;
  source: Source;
  /** One line: what must be true. */
  title: string;
  /** What answer counts as a pass. */
  expected: string;
  /** Why the check exists: the spec section it rests on, or for `assumed` checks, the convention. */
  basis: string;
  /** For `spec` checks: the spec rule it rests on, cited by section and rule and stated in the kit's words (see spec-basis.ts). */
  rule?: string;
}

/** Which credentials a request carries. */
export type Credentials = 'token' | 'token2' | 'none' | { bearer: string };

/** A request as the report shows it (tokens are never printed). */
export interface SentRequest {
  method: string;
  path: string;
  auth: string;
  contentType?: string;
  body?: unknown;
}

/** An answer as the report shows it. */
export interface ReceivedResponse {
  status: number;
  contentType: string | null;
  body: unknown;
}

export interface Exchange {
  sent: SentRequest;
  received?: ReceivedResponse;
  /** Set instead of `received` when no answer came. */
  error?: string;
  /** What else happened to the request: sent a second time, or asked to see whether the target still answers. */
  note?: string;
}

/** One check after a run. */
export interface CheckResult extends CheckInfo {
  outcome: Outcome;
  /** Whether a failure of this check fails the run (spec always; the rest only with --strict). */
  counted: boolean;
  /** What was wrong, for a failure. */
  actual?: string;
  /** Why it was not judged. */
  reason?: string;
  /** What the verdict rests on: the requests and their answers' statuses, and for a failure the part that failed. */
  evidence: Evidence;
  exchanges: Exchange[];
}

/** The evidence of one check (tokens and secrets masked). */
export interface Evidence {
  requests: { method: string; path: string; auth: string; status?: number; error?: string }[];
  /** For a failure: the part of the answer that failed (a body, an item, a status). */
  failing?: unknown;
  /** Where the create and update bodies sent came from: `example`, `property examples`, `generated from schema` or `--examples`. */
  bodyFrom?: string[];
}

/** A record the kit created and must delete again. */
export interface LedgerEntry {
  path: string;
  id: string;
  credentials: Credentials;
  /**
   * False for a record the kit cannot be sure its credentials reach (one a create without a token made,
   * filed who knows where): a 404 then means "not found", not "already gone", and it is listed as a leftover.
   */
  notFoundMeansGone?: boolean;
  /** Why it is listed as left behind, when the kit could not even find its id (then `id` is "(unknown)"). */
  note?: string;
}

/** Everything a run produced. */
export interface SuiteReport {
  baseUrl: string;
  startedAt: string;
  finishedAt: string;
  strict: boolean;
  readOnly: boolean;
  /** A spec check that could not run was failed (counted) instead of skipped. */
  failOnSkippedSpec: boolean;
  interrupted: boolean;
  results: CheckResult[];
  /** Records the kit created (or may have) but could not delete again, or cannot show to be its own (should be empty). */
  leftovers: LedgerEntry[];
  /** What the kit read in a way the spec leaves open (a list unwrapped from an envelope, an id from Location…). */
  notes: string[];
  /** How the kit read this target: paging, records. */
  target: TargetDescription;
  /** Not judged spec checks were accepted (--allow-unjudged, or --read-only which implies it). */
  allowUnjudged: boolean;
  summary: Summary;
}

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  /** Failures that fail the run. */
  counted: number;
  /** Checks not judged. */
  notJudged: number;
  /** Checks the spec states that were not judged: what the run could not judge of the spec. */
  notJudgedSpec: number;
  /** The same counts under their older names. */
  skipped: number;
  skippedSpec: number;
  /** No counted failure. */
  conforms: boolean;
  /** No counted failure and every spec check judged. */
  wholeSpecJudged: boolean;
}
