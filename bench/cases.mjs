/**
 * What is measured: one request shape per case, on structured-output
 * schemas (the resource the spec documents best). Each case builds the
 * autocannon request for a target ({ token, schemaId, pool }). Deletes
 * remove records the create case made through the API (the pool), so
 * every measured delete succeeds instead of measuring the 404 path.
 */

const ID_IN_BODY = /"id":"([0-9a-f-]{36})"/;

const json = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const bearer = (token) => ({ authorization: `Bearer ${token}` });

const createBody = JSON.stringify({
  name: 'Bench call topics',
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
    request: ({ token, pool }, { collect }) => ({
      method: 'POST',
      path: '/api/v1/schemas',
      headers: json(token),
      body: createBody,
      // Only the mock's answers carry real ids; the baseline repeats one body.
      ...(collect && {
        onResponse: (status, body) => {
          const id = status === 201 ? ID_IN_BODY.exec(body)?.[1] : undefined;
          if (id) pool.add(id);
        },
      }),
    }),
  },
  delete: {
    label: 'DELETE',
    request: ({ token, pool }, { collect }) => {
      const path = () => `/api/v1/schemas/${collect ? pool.take() : '00000000-0000-4000-8000-000000000000'}`;
      return {
        method: 'DELETE',
        path: path(),
        headers: bearer(token),
        setupRequest: (req) => ({ ...req, path: path() }),
      };
    },
  },
};

/** The first request of a case as a plain request, to take a sample answer with. */
export function sampleRequest(name, target) {
  const { method, path, headers, body } = cases[name].request(target, { collect: true });
  return { method, path, headers, body };
}
