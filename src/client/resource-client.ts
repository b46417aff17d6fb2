/** The five operations of one resource, as typed functions over one transport. */
import { send, type Transport } from './http.js';

/** list, create, get, update (PATCH) and remove (DELETE) of one resource. */
export interface ResourceClient<R, C, U> {
  /** All records of the caller's organization. */
  list(): Promise<R[]>;
  create(body: C): Promise<R>;
  get(id: string): Promise<R>;
  /** Changes only the fields given. */
  update(id: string, changes: U): Promise<R>;
  /** Resolves when the record is gone; the answer's body carries nothing. */
  remove(id: string): Promise<void>;
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
    list: async () => (await send(transport, { method: 'GET', path: collection, answersJson: true })) as R[],
    create: async (body) => (await send(transport, { method: 'POST', path: collection, body, answersJson: true })) as R,
    get: async (id) => (await send(transport, { method: 'GET', path: item(id), answersJson: true })) as R,
    update: async (id, changes) => (await send(transport, { method: 'PATCH', path: item(id), body: changes, answersJson: true })) as R,
    remove: async (id) => {
      const body = options.deleteBody === 'none' ? undefined : {};
      await send(transport, { method: 'DELETE', path: item(id), body, answersJson: false });
    },
  };
}
