/**
 * What is measured: one request shape per case, on structured-output
 * schemas (the resource the spec documents best). Each case builds the
 * autocannon request for a target ({ token, schemaId, pool }). Deletes
 * remove records the create case made through the API (the pool, filled
 * from a list once the creates are done), so every measured delete succeeds
 * instead of measuring the 404 path. Nothing reads answers during a run:
 * autocannon buffering and searching bodies for ids made it slower, which
 * showed as the mock's latency.
 */

const json = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** The name of every schema the create case makes, so the delete case can find them. */
export const CREATED_NAME = 'Bench call topics';

const createBody = JSON.stringify({
  name: CREATED_NAME,
  description: 'Topics the caller raised, for the benchmark.',
  properties: { topic: 'string', mentions: 'integer' },
});
const patchBody = JSON.stringify({ description: 'Changed by the benchmark.' });

/** Ids of records to delete, handed out once each. */
export class IdPool {
  #ids = [];
  #next = 0;

  add(id) {
    this.#ids.push(id);
  }

  take() {
    const id = this.#ids[this.#next++];
    if (id === undefined) throw new Error('the pool of records to delete is empty');
    return id;
  }

  get remaining() {
    return this.#ids.length - this.#next;
  }
}

export const cases = {
  list: {
    label: 'GET list',
    request: ({ token }) => ({ method: 'GET', path: '/api/v1/schemas', headers: bearer(token) }),
  },
  get: {
    label: 'GET one',
    request: ({ token, schemaId }) => ({ method: 'GET', path: `/api/v1/schemas/${schemaId}`, headers: bearer(token) }),
  },
  patch: {
    label: 'PATCH',
    request: ({ token, schemaId }) => ({ method: 'PATCH', path: `/api/v1/schemas/${schemaId}`, headers: json(token), body: patchBody }),
  },
  create: {
    label: 'POST create',
    request: ({ token }) => ({ method: 'POST', path: '/api/v1/schemas', headers: json(token), body: createBody }),
  },
  missing: {
    label: 'GET one, 404',
    // A 4xx answer: the path of every refusal the domain makes (not found, conflict, validation).
    request: ({ token }) => ({ method: 'GET', path: '/api/v1/schemas/00000000-0000-4000-8000-00000000beef', headers: bearer(token) }),
  },
  delete: {
    label: 'DELETE',
    // Only the mock has the records; the baseline answers any id alike. Each connection gets requests of its own,
    // built before the run (rebuilt per request, with autocannon's setupRequest, they cost the load generator so
    // much that it, not the server, set the pace): the mock's from the pool, the baseline's made up, so that the
    // load generator does the same work for both.
    request: ({ token, pool }, { mock }) => ({
      method: 'DELETE',
      path: '/api/v1/schemas/00000000-0000-4000-8000-000000000000',
      headers: bearer(token),
      pathsPerConnection: mock
        ? (count) => Array.from({ length: count }, () => `/api/v1/schemas/${pool.take()}`)
        : (count) => Array.from({ length: count }, (_, index) => `/api/v1/schemas/00000000-0000-4000-8000-${String(index).padStart(12, '0')}`),
    }),
  },
};

/** The first request of a case as a plain request, to take a sample answer with. */
export function sampleRequest(name, target) {
  const { method, path, headers, body, pathsPerConnection } = cases[name].request(target, { mock: true });
  return { method, path: pathsPerConnection?.(1)[0] ?? path, headers, body };
}
