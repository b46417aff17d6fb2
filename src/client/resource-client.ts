/** The five operations of one resource, as typed functions over one transport. */
import { send, type Transport } from './http.js';

/** What any one call may add: an AbortSignal to cancel it (a time limit: `AbortSignal.timeout(ms)`). */
export interface CallOptions {
  signal?: AbortSignal;
  /** Extra headers of this call (a `Prefer: code=404`, a request id), over the client's. */
  headers?: Readonly<Record<string, string>>;
}

/** list, create, get, update (PATCH) and remove (DELETE) of one resource. */
export interface ResourceClient<R, C, U> {
  /** All records of the caller's organization. */
  list(options?: CallOptions): Promise<R[]>;
  create(body: C, options?: CallOptions): Promise<R>;
  get(id: string, options?: CallOptions): Promise<R>;
  /** Changes only the fields given. */
  update(id: string, changes: U, options?: CallOptions): Promise<R>;
  /** Resolves when the record is gone; the answer's body carries nothing. */
  remove(id: string, options?: CallOptions): Promise<void>;
}

export interface ResourceClientOptions {
  /** Path segment under /api/v1, e.g. `sip-trunks`. */
  path: string;
  /**
   * What DELETE sends: the spec's examples send `{}` with a JSON content type
   * (trunks, assistants, webhooks) and no body for tools.
   */
  deleteBody: 'empty-object' | 'none';
}

/** Builds the typed operations of one resource. */
export function resourceClient<R, C, U>(transport: Transport, options: ResourceClientOptions): ResourceClient<R, C, U> {
  const collection = `/api/v1/${options.path}`;
  const item = (id: string) => {
    // A URL resolves "." and ".." segments (percent-encoded too), so such an id would reach another path.
    if (id === '' || id === '.' || id === '..') {
      throw new TypeError(`"${id}" is not a record id: an empty, "." or ".." id would name another path than the record's.`);
    }
    return `${collection}/${encodeURIComponent(id)}`;
  };
  return {
    list: async (call) =>
      (await send(transport, { method: 'GET', path: collection, answersJson: true, signal: call?.signal, headers: call?.headers })) as R[],
    create: async (body, call) =>
      (await send(transport, {
        method: 'POST',
        path: collection,
        body,
        answersJson: true,
        signal: call?.signal,
        headers: call?.headers,
      })) as R,
    get: async (id, call) =>
      (await send(transport, { method: 'GET', path: item(id), answersJson: true, signal: call?.signal, headers: call?.headers })) as R,
    update: async (id, changes, call) =>
      (await send(transport, {
        method: 'PATCH',
        path: item(id),
        body: changes,
        answersJson: true,
        signal: call?.signal,
        headers: call?.headers,
      })) as R,
    remove: async (id, call) => {
      const body = options.deleteBody === 'none' ? undefined : {};
      await send(transport, { method: 'DELETE', path: item(id), body, answersJson: false, signal: call?.signal, headers: call?.headers });
    },
  };
}
