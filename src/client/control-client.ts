/**
 * A typed client of the control API, for tests and scripts. `fetch` can be
 * an in-process app's (`(input, init) => app.request(input, init)`) or the
 * global one against a running mock. Failures throw a ControlError carrying
 * the problem body.
 */
import type { z } from '@hono/zod-openapi';
import type { StoredRecord } from '../domain/resource.js';
import type { TrunkConfiguration } from '../domain/telephony.js';
import type {
  clockBody,
  deliveriesAnswer,
  doneAnswer,
  faultBody,
  journalAnswer,
  journalQuery,
  organizationsAnswer,
  recordBody,
  removedAnswer,
  resetBody,
  tenant,
  tenantBody,
  verifyAnswer,
} from '../http/control/request-bodies.js';
import type { ClockState } from '../state/clock.js';
import type { Fault } from '../state/faults.js';
import type { State } from '../state/snapshot/snapshot.js';
import type { outboxQuery } from '../state/webhooks/deliveries.js';
import type { callBody, SimulatedCall } from '../state/webhooks/simulate-call.js';

/** An organization as the control API shows it. */
export type Tenant = z.infer<typeof tenant>;
type Organizations = z.infer<typeof organizationsAnswer>;
type Done = z.infer<typeof doneAnswer>;

/** Which journal entries: method, path pattern (`*`, `:name`, `**`), organization, status; how many of the newest, and older than which id. */
export type JournalQuery = z.output<typeof journalQuery>;
/** A page of the journal: its entries, oldest first, and the `before` of the next (older) page, or null. */
export type JournalPage = z.infer<typeof journalAnswer>;

export interface ControlClientOptions {
  /** Where the mock runs, e.g. http://127.0.0.1:4010 (default: relative paths, for in-process fetch). */
  baseUrl?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response> | Response;
  /** The token given to --control-token, if any. */
  controlToken?: string;
}

export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly problem: unknown,
  ) {
    const detail =
      typeof problem === 'string' ? problem.slice(0, 200) : ((problem as { detail?: string } | null)?.detail ?? JSON.stringify(problem));
    super(`Control request failed with ${status}: ${detail}`);
    this.name = 'ControlError';
  }
}

export function createControlClient(options: ControlClientOptions = {}) {
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  const base = (options.baseUrl ?? '').replace(/\/$/, '');
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (options.controlToken !== undefined) headers['x-control-token'] = options.controlToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await send(`${base}/__mock${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    let value: unknown = null;
    try {
      if (text) value = JSON.parse(text);
    } catch {
      // Not the mock's answer (a proxy's HTML error page, say): a failure carries the text as its problem, a success cannot be used.
      if (!res.ok) throw new ControlError(res.status, text);
      throw new Error(`Control request ${method} ${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    if (!res.ok) throw new ControlError(res.status, value);
    return value as T;
  }
  const query = (params: Record<string, unknown>) => {
    const entries = Object.entries(params).filter(([, value]) => value !== undefined);
    return entries.length ? `?${new URLSearchParams(entries.map(([key, value]): [string, string] => [key, String(value)]))}` : '';
  };
  return {
    reset: (body: z.input<typeof resetBody> = {}) => call<Organizations>('POST', '/reset', body),
    listTenants: () => call<Tenant[]>('GET', '/tenants'),
    createTenant: (body: z.input<typeof tenantBody> = {}) => call<Tenant>('POST', '/tenants', body),
    deleteTenant: (id: string) => call<Done>('DELETE', `/tenants/${encodeURIComponent(id)}`),
    exportState: (orgId?: string) => call<State>('GET', `/state${query({ orgId })}`),
    importState: (state: State, orgId?: string) => call<Organizations>('PUT', `/state${query({ orgId })}`, state),
    injectRecord: (body: z.input<typeof recordBody>) => call<Record<string, unknown> & StoredRecord>('POST', '/records', body),
    telephony: (orgId?: string) => call<TrunkConfiguration[]>('GET', `/telephony${query({ orgId })}`),
    telephonyOf: (trunkId: string) => call<TrunkConfiguration>('GET', `/telephony/${encodeURIComponent(trunkId)}`),
    /**
     * The entries of one page: the newest matches, oldest first, up to `limit` (default 100) and 1 MiB. For the page
     * before it, ask again with `before` set to the first entry's id; an empty page means there is none.
     */
    journal: (filter: JournalQuery = {}) => call<JournalPage>('GET', `/journal${query(filter)}`).then((reply) => reply.entries),
    clearJournal: () => call<Done>('DELETE', '/journal'),
    verify: (filter: Omit<JournalQuery, 'limit' | 'before'>) => call<z.infer<typeof verifyAnswer>>('POST', '/journal/verify', filter),
    faults: () => call<Fault[]>('GET', '/faults'),
    addFault: (fault: z.input<typeof faultBody>) => call<Fault>('POST', '/faults', fault),
    removeFault: (id: string) => call<Done>('DELETE', `/faults/${encodeURIComponent(id)}`),
    clearFaults: () => call<Done>('DELETE', '/faults'),
    clock: () => call<ClockState>('GET', '/clock'),
    setClock: (change: z.input<typeof clockBody>) => call<ClockState>('POST', '/clock', change),
    simulateCall: (body: z.input<typeof callBody>) => call<SimulatedCall>('POST', '/calls', body),
    outbox: (filter: z.input<typeof outboxQuery> = {}) =>
      call<z.infer<typeof deliveriesAnswer>>('GET', `/outbox${query(filter)}`).then((reply) => reply.deliveries),
    clearOutbox: (orgId?: string) => call<z.infer<typeof removedAnswer>>('DELETE', `/outbox${query({ orgId })}`),
    flushOutbox: (orgId?: string) =>
      call<z.infer<typeof deliveriesAnswer>>('POST', `/outbox/flush${query({ orgId })}`).then((reply) => reply.deliveries),
  };
}

export type ControlClient = ReturnType<typeof createControlClient>;
