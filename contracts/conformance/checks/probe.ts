/**
 * A probe is one short conversation with the target (list, create, delete…)
 * that decides one or more checks. Its checks are declared up front, so a
 * probe that cannot start still reports each of them, as skipped with a reason.
 */
import type { SuiteContext } from '../context.js';
import { show } from '../matchers.js';
import { generatedBodyRefused } from '../target/bodies.js';
import { type Created, createRecord, withReferences } from '../target/creating.js';
import { noExampleReason } from '../target/examples.js';
import { answeredUnread, REDIRECT_NOT_FOLLOWED, type Reply, type RequestSpec, send, TransportError, writesSent } from '../target/http.js';
import { REUSED_NOTE } from '../target/list-cache.js';
import type { ListRead } from '../target/paging.js';
import { UnaddressableId } from '../target/record-path.js';
import { DEFAULT_SETTLE_MS } from '../target/settle.js';
import type { CheckInfo, CheckResult, Credentials, Exchange, Target } from '../types.js';
import { evidenceOf } from '../verdict/evidence.js';
import { type Attempt, costlyFailure, NothingShown, StoppedAnswering, settleBudget, showsNothing, whyNotJudged } from './unanswered.js';

export type { SuiteContext } from '../context.js';
export { type Attempt, costlyFailure, NothingShown, StoppedAnswering, showsNothing, UNANSWERED_LIMIT } from './unanswered.js';

export interface Probe {
  name: string;
  /** True when the probe changes nothing on the target (safe for --read-only). */
  readOnly: boolean;
  needsToken2?: boolean;
  checks: CheckInfo[];
  run(t: ProbeRun): Promise<void>;
}

class Skip extends Error {}

/** The most exchanges one result carries in full, the last EXCHANGES_SHOWN_LAST of them among them. */
const EXCHANGES_SHOWN = 60;
const EXCHANGES_SHOWN_LAST = 20;

/** The running state of one probe: its exchanges, its verdicts, and helpers to talk to the target. */
export class ProbeRun {
  private readonly exchanges: Exchange[] = [];
  private readonly decided = new Map<string, CheckResult>();
  /** Where the create and update bodies this probe sent came from ("create: generated from schema"). */
  private readonly bodies = new Set<string>();

  constructor(
    readonly ctx: SuiteContext,
    readonly probe: Probe,
  ) {}

  get target(): Target {
    return this.ctx.target;
  }

  /**
   * Sends a request and records it for the report. An answer that shows nothing either way (a 5xx or a 429) is
   * thrown as NothingShown, and no answer as a TransportError: either way the checks that rest on it are not judged,
   * never passed nor failed (the one rule of the kit for such answers; `sendAny` is for a caller that reads on).
   */
  async send(spec: RequestSpec): Promise<Reply> {
    const reply = await this.sendAny(spec);
    if (showsNothing(reply)) throw new NothingShown(reply, this.exchanges.at(-1) as Exchange);
    return reply;
  }

  /**
   * Sends a request and records it, answering whatever came back, a 5xx or a 429 included: only for a read whose
   * caller goes on to other evidence when it shows nothing (`showsNothing`), never to decide a check on its status.
   */
  async sendAny(spec: RequestSpec): Promise<Reply> {
    const started = performance.now();
    try {
      const { reply, exchange } = await send(this.ctx.target, spec, this.ctx.signal);
      this.exchanges.push(exchange);
      this.ctx.unanswered = 0;
      // Accepted, to be carried out later: from now on every write's read-back waits the settle time (settleAfter).
      if (reply.status === 202 && spec.method !== 'GET' && spec.method !== 'HEAD') this.ctx.defersWrites = true;
      return reply;
    } catch (error) {
      if (error instanceof TransportError) {
        this.exchanges.push(error.exchange);
        // What costs a run its time is counted; an answer too large to read, or a redirect not followed, is still an answer.
        if (costlyFailure(this.ctx.target, error, performance.now() - started)) this.ctx.unanswered += 1;
        else if (answeredUnread(error)) this.ctx.unanswered = 0;
      }
      throw error;
    }
  }

  /**
   * Sends a write whose effect the caller reads back whatever the answer: the reply, and when it shows nothing either
   * way (a 5xx, a 429) or none came (`reply` undefined), why (`nothing`). An effect read back then is evidence on its
   * own (the write was carried out); its absence is not, without a refusal.
   */
  async attempt(spec: RequestSpec): Promise<Attempt> {
    try {
      const reply = await this.send(spec);
      return { reply, answeredAt: performance.now(), settleMs: this.settleAfter(reply) };
    } catch (error) {
      const answeredAt = performance.now();
      if (error instanceof NothingShown)
        return { reply: error.reply, nothing: error.message, answeredAt, settleMs: this.settleAfter(error.reply) };
      if (!(error instanceof TransportError) || this.ctx.signal.aborted) throw error;
      // A redirect the kit did not follow took the write nowhere: read back like a refusal. Anything else, as no answer.
      const settleMs = this.settleAfter(error.code === REDIRECT_NOT_FOLLOWED ? { status: 400 } : undefined);
      return { reply: undefined, nothing: this.endReason(error), answeredAt, settleMs };
    }
  }

  /**
   * Runs `work`, the part of the probe deciding `checks`: where an answer shows nothing either way (5xx, 429), none
   * came or none the kit reads, or a record's id no path carries, the undecided `checks` are not judged, for that
   * reason, and undefined is answered: the probe goes on with the rest.
   */
  async judging<T>(checks: string[], work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      const local = error instanceof NothingShown || error instanceof TransportError || error instanceof UnaddressableId;
      if (!local || this.ctx.signal.aborted) throw error;
      const reason = this.endReason(error);
      for (const id of checks) if (!this.decided.has(id)) this.skipCheck(id, reason);
      return undefined;
    }
  }

  /**
   * The whole list of `path`, every page, with `credentials` (see target/paging.ts); its requests are this probe's.
   * A list this run read with the same credentials and no write since is given again, its requests with it, noted
   * (target/list-cache.ts); `fresh` reads it anyway (reading again for a write to show).
   */
  async list(path: string, credentials: Credentials = 'token', fresh = false): Promise<ListRead> {
    const key = `${JSON.stringify(credentials)} ${path}`;
    const writes = writesSent(this.ctx.target);
    const kept = fresh ? undefined : this.ctx.adapter.lists.get(key, writes);
    if (kept !== undefined) {
      for (const exchange of kept.exchanges)
        this.exchanges.push({ ...exchange, note: exchange.note === undefined ? REUSED_NOTE : `${REUSED_NOTE}; ${exchange.note}` });
      return kept.read;
    }
    const from = this.exchanges.length;
    // A first page that shows nothing either way (a 5xx, a 429, no answer) is thrown: the checks on the list are not
    // judged. A later one ends the read not whole, keeping what the pages before showed (target/paging.ts): a leak, say.
    let firstPage = true;
    let cutShort = false;
    const sender = async (spec: RequestSpec) => {
      if (firstPage) {
        firstPage = false;
        return this.send(spec);
      }
      cutShort = true; // until an answer that shows something: a page that gets none ends the read with it set
      const reply = await this.sendAny(spec);
      cutShort = showsNothing(reply);
      return reply;
    };
    const read = await this.ctx.adapter.list(sender, path, credentials);
    // Kept under the count of writes before it if none was sent meanwhile, and no page showed nothing (read again, it may be whole).
    if (writesSent(this.ctx.target) === writes && !cutShort) this.ctx.adapter.lists.set(key, writes, read, this.exchanges.slice(from));
    return read;
  }

  /** The record an answer holds, read as the target adapter reads records; undefined when none. */
  record(reply: Reply | undefined): Record<string, unknown> | undefined {
    return reply === undefined ? undefined : this.ctx.adapter.record(reply.body);
  }

  /** Whether `reply` answers the record `id` (2xx, the record read as the adapter reads it, with that id). */
  isRecord(reply: Reply | undefined, id: string): boolean {
    return this.ctx.adapter.isRecord(reply, id);
  }

  /**
   * Decides a check: passed when `ok`, else failed with `actual` saying what came instead, and `failing` the part of
   * an answer that failed (default: the last answer's body).
   */
  verdict(id: string, ok: boolean, actual: string, failing?: unknown): void {
    const info = this.info(id);
    const counted = !ok && (info.source === 'spec' || this.ctx.strict);
    const exchanges = this.shownExchanges();
    const result: CheckResult = {
      ...info,
      outcome: ok ? 'passed' : 'failed',
      counted,
      evidence: this.withBodies(evidenceOf(exchanges, ok ? undefined : { failing })),
      exchanges: this.reportedExchanges(exchanges),
    };
    if (!ok) result.actual = actual;
    this.decided.set(id, result);
  }

  /** The exchanges so far (secrets are masked where results become output: verdict/mask.ts). */
  private shownExchanges(): Exchange[] {
    return [...this.exchanges];
  }

  /**
   * The exchanges a result carries in full: all of them, or past EXCHANGES_SHOWN the first and the last ones (a
   * probe reading a list of a thousand pages would otherwise repeat every page in each of its results, and the
   * report would grow past the kit's memory). The evidence still lists every request (`evidenceOf` gets them all).
   */
  private reportedExchanges(all: Exchange[]): Exchange[] {
    if (all.length <= EXCHANGES_SHOWN) return all;
    return [...all.slice(0, EXCHANGES_SHOWN - EXCHANGES_SHOWN_LAST), ...all.slice(-EXCHANGES_SHOWN_LAST)];
  }

  /** How long the read-back of a write answered `reply` reads (`settleBudget`). */
  private settleAfter(reply: { status: number } | undefined): number {
    return settleBudget(reply, this.ctx.defersWrites, this.target.settleMs ?? DEFAULT_SETTLE_MS);
  }

  /** Whether `id` was decided already (passed, failed or not judged) in this probe. */
  isDecided(id: string): boolean {
    return this.decided.has(id);
  }

  /** Leaves one check not judged (the evidence could not be gathered; `reason` says why), the others to be decided. */
  skipCheck(id: string, reason: string): void {
    this.decided.set(id, this.notJudged(this.info(id), reason));
  }

  private notJudged(info: CheckInfo, reason: string): CheckResult {
    const exchanges = this.shownExchanges();
    return {
      ...info,
      outcome: 'not judged',
      counted: false,
      reason,
      evidence: this.withBodies(evidenceOf(exchanges)),
      exchanges: this.reportedExchanges(exchanges),
    };
  }

  /** Notes where the `kind` body of `path` came from, for the evidence of this probe's checks. */
  noteBody(path: string, kind: 'create' | 'update'): void {
    const from = this.ctx.examples.source(path, kind);
    if (from !== undefined) this.bodies.add(`${kind === 'create' ? 'POST' : 'PATCH'} ${path}: ${from}`);
  }

  /**
   * Ends the probe when a body the kit built (not one given or published whole) was refused as invalid: that is
   * the kit's guess failing, not the target, so the checks that need the record are not judged, quoting the problem.
   */
  refusedBody(path: string, kind: 'create' | 'update', reply: Reply): string | undefined {
    return generatedBodyRefused(this.ctx.examples.source(path, kind), `${kind === 'create' ? 'POST' : 'PATCH'} ${path}`, reply);
  }

  private withBodies<T extends object>(evidence: T): T {
    return this.bodies.size === 0 ? evidence : { ...evidence, bodyFrom: [...this.bodies] };
  }

  /** Ends the probe: every check not decided yet is not judged, with `reason`. */
  skip(reason: string): never {
    throw new Skip(reason);
  }

  /** Creates a record from the published example (see creating.ts); skips when that is impossible. */
  async create(path: string): Promise<{ id: string; reply: Reply }> {
    const { reply, id } = await this.tryCreate(path);
    if (id === undefined) this.skip(`the create was not accepted: POST ${path} answered ${reply.status} ${show(reply.body, 200)}`);
    return { id, reply };
  }

  /**
   * Sends the published create example; the caller judges the answer. Skips when there is no example, and when
   * the create answered a record the kit cannot show it made (which it never changes or deletes).
   */
  async tryCreate(path: string): Promise<Created> {
    const example = this.ctx.examples.create(path);
    if (!example) this.skip(noExampleReason(this.ctx.examples, `POST ${path}`));
    this.noteBody(path, 'create');
    const completed = await withReferences(this.ctx, (spec) => this.send(spec), path, example);
    if ('problem' in completed) this.skip(completed.problem);
    const created = await createRecord(this.ctx, (spec) => this.send(spec), path, completed.body);
    const refused = created.id === undefined ? this.refusedBody(path, 'create', created.reply) : undefined;
    if (refused !== undefined) this.skip(refused);
    // A record the answer names that the kit cannot show its create made is never touched (creating.ts).
    if (created.notOwn !== undefined) this.skip(created.notOwn.why);
    return created;
  }

  /** The results of every declared check, once the probe has ended (with `error` when it threw). */
  finish(error?: unknown): CheckResult[] {
    // The schema-list request that showed the target had stopped is the evidence for every check not tried.
    if (error instanceof StoppedAnswering) this.exchanges.push(error.exchange);
    const reason = this.endReason(error);
    // Whatever ended the probe (no answer, one that shows nothing, one the kit cannot read, a shape that broke its
    // reading), the checks it had not decided rest on nothing the kit saw: not judged, with the reason.
    return this.probe.checks.map((info) => this.decided.get(info.id) ?? this.notJudged(info, reason));
  }

  private endReason(error: unknown): string {
    if (this.ctx.signal.aborted) return 'the run was interrupted';
    return error instanceof Skip ? error.message : whyNotJudged(error);
  }

  private info(id: string): CheckInfo {
    const info = this.probe.checks.find((check) => check.id === id);
    if (!info) throw new Error(`probe "${this.probe.name}" has no check "${id}"`);
    return info;
  }
}
