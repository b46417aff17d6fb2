/**
 * The app tells its owner (the server, which saves the state file on it)
 * about every request that may have changed the state: a successful write
 * of the API or of the control API. Reads and refused writes change nothing
 * and are not reported.
 */
import { describe, expect, it } from 'vitest';
import { freshMock } from './helpers/client.js';

function counted() {
  let writes = 0;
  const mock = freshMock({
    afterWrite: () => {
      writes += 1;
    },
  });
  return { ...mock, writes: () => writes };
}

describe('afterWrite', () => {
  it('counts a successful create, update and delete, one each', async () => {
    const { call, writes } = counted();
    const created = await call('POST', '/api/v1/schemas', { body: { name: 'Saved on write', properties: { topic: 'string' } } });
    expect(created.status).toBe(201);
    expect(writes()).toBe(1);
    expect((await call('PATCH', `/api/v1/schemas/${created.body.id}`, { body: { description: 'Changed' } })).status).toBe(200);
    expect(writes()).toBe(2);
    expect((await call('DELETE', `/api/v1/schemas/${created.body.id}`)).status).toBe(200);
    expect(writes()).toBe(3);
  });

  it('counts a write through the control API', async () => {
    const { call, writes } = counted();
    expect((await call('POST', '/__mock/reset', { token: null })).status).toBeLessThan(300);
    expect(writes()).toBe(1);
  });

  it('leaves out reads and writes that were refused', async () => {
    const { call, writes } = counted();
    expect((await call('GET', '/api/v1/schemas')).status).toBe(200);
    expect((await call('PATCH', '/api/v1/schemas/00000000-0000-4000-8000-000000000000', { body: { description: 'x' } })).status).toBe(404);
    expect((await call('POST', '/api/v1/schemas', { body: { name: '' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/schemas', { token: null, body: { name: 'No token' } })).status).toBe(401);
    expect(writes()).toBe(0);
  });

  it('holds the answer until the promise afterWrite returns has settled (the state file puts the change on disk first)', async () => {
    let release: () => void = () => {};
    const saved = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { call } = freshMock({ afterWrite: () => saved });
    let answered = false;
    const reply = call('POST', '/api/v1/schemas', { body: { name: 'Held', properties: { topic: 'string' } } }).then((r) => {
      answered = true;
      return r;
    });
    // Many turns of the event loop: the request is handled, the answer still waits.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    expect((await reply).status).toBe(201);
  });
});
