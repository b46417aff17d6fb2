/**
 * `Prefer: code=<status>`: every documented error of every API operation can be asked for, answers the example
 * /openapi.json shows for it, and changes nothing; what the document does not list is refused with the list.
 */

import { describe, expect, it } from 'vitest';
import { resources } from '../src/domain/resources/index.js';
import { EXAMPLE_ID } from '../src/http/openapi-examples.js';
import { freshMock } from './helpers/client.js';

type Json = Record<string, any>;

async function documentOf(app: ReturnType<typeof freshMock>['app']): Promise<Json> {
  return (await app.request('/openapi.json')).json() as Promise<Json>;
}

/** Every API record of the demo organization, as the API lists them. */
async function everything(call: ReturnType<typeof freshMock>['call']) {
  // sip-trunks first: the registry's order.
  return Promise.all(resources.map(async (def) => (await call('GET', `/api/v1/${def.path}`)).body));
}

describe('Prefer: code=<status>', () => {
  it('answers each documented error of each API operation with its first example, and changes nothing', async () => {
    const { app, call } = freshMock();
    const document = await documentOf(app);
    const before = await everything(call);
    const [trunk] = before[0] as { id: string }[];
    let asked = 0;
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      if (!path.startsWith('/api/v1/')) continue;
      for (const [method, operation] of Object.entries<Json>(item)) {
        // Described as the mock's own extension, never as a parameter a generator or fuzzer would send.
        expect(
          (operation.parameters ?? []).map((p: Json) => p.name),
          `${method} ${path}`,
        ).not.toContain('Prefer');
        const documented = Object.keys(operation.responses)
          .filter((status) => Number(status) >= 400)
          .map(Number);
        expect(operation['x-mock-prefer']?.codes, `${method} ${path}`).toEqual(documented);
        for (const [status, response] of Object.entries<Json>(operation.responses)) {
          if (Number(status) < 400) continue;
          const [first] = Object.values<Json>(response.content['application/problem+json'].examples);
          const body = method === 'post' || method === 'patch' ? { name: 'Asked for an error' } : undefined;
          const res = await call(method.toUpperCase(), path.replace('{id}', trunk?.id ?? 'x'), {
            headers: { prefer: `code=${status}` },
            ...(body ? { body } : {}),
          });
          expect(res.status, `${method} ${path} ${status}`).toBe(Number(status));
          // The example, about the id and path asked for.
          const id = path.endsWith('{id}') ? (trunk?.id ?? 'x') : undefined;
          const requested = path.replace('{id}', trunk?.id ?? 'x');
          const expected = JSON.parse(JSON.stringify(first?.value).replaceAll(EXAMPLE_ID, id ?? EXAMPLE_ID));
          expect(res.body).toEqual({ ...expected, instance: requested });
          if (id && JSON.stringify(first?.value).includes(EXAMPLE_ID)) expect(res.body.detail).toContain(id);
          expect(res.headers.get('preference-applied')).toBe(`code=${status}`);
          asked++;
        }
      }
    }
    expect(asked).toBeGreaterThan(40);
    expect(await everything(call)).toEqual(before);
  });

  it('leaves the record a refused delete names where it was', async () => {
    const { call } = freshMock();
    const [assistant] = (await call('GET', '/api/v1/assistants')).body as { id: string }[];
    const res = await call('DELETE', `/api/v1/assistants/${assistant?.id}`, { headers: { prefer: 'code=403' } });
    expect(res.status).toBe(403);
    expect(res.body.title).toBe('Forbidden Error');
    expect((await call('GET', `/api/v1/assistants/${assistant?.id}`)).status).toBe(200);
  });

  it('refuses a status the operation does not document, listing the ones it does', async () => {
    const { call } = freshMock();
    const res = await call('GET', '/api/v1/tools', { headers: { prefer: 'code=500' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(
      'Prefer: code=500 asks for an answer GET /api/v1/tools does not document; its errors are 401 (and 200 on success, which is the real answer).',
    );
  });

  it('gives the real answer for the success status, waits for a delay within the bound, and refuses one beyond it', async () => {
    const { call } = freshMock();
    const real = await call('GET', '/api/v1/tools', { headers: { prefer: 'code=200, delay=1' } });
    expect(real.status).toBe(200);
    expect(Array.isArray(real.body)).toBe(true);
    expect(real.headers.get('preference-applied')).toBe('code=200, delay=1');
    const long = await call('GET', '/api/v1/tools', { headers: { prefer: 'delay=600000' } });
    expect(long.status).toBe(400);
    expect(long.body.detail).toContain('0 to 10000');
  });

  it('says code=<success> was applied only when the answer is that success', async () => {
    const { call } = freshMock();
    const invalid = await call('POST', '/api/v1/tools', { headers: { prefer: 'code=201, delay=1' }, body: { name: 42 } });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('preference-applied')).toBe('delay=1');
    const alone = await call('POST', '/api/v1/tools', { headers: { prefer: 'code=201' }, body: { name: 42 } });
    expect(alone.status).toBe(400);
    expect(alone.headers.get('preference-applied')).toBeNull();
    const missing = await call('GET', '/api/v1/tools/tool_missing', { headers: { prefer: 'code=200' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('preference-applied')).toBeNull();
  });

  it('still asks for the token first, and leaves unknown paths to the 404', async () => {
    const { call } = freshMock();
    expect((await call('GET', '/api/v1/tools', { token: null, headers: { prefer: 'code=401' } })).body.detail).toContain(
      'Authorization: Bearer',
    );
    expect((await call('GET', '/api/v1/nothing', { headers: { prefer: 'code=404' } })).body.title).toBe('Not Found Error');
  });

  it('is allowed in a browser preflight', async () => {
    const { app } = freshMock();
    const res = await app.request('/api/v1/tools', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization, prefer',
      },
    });
    expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('prefer');
  });
});
