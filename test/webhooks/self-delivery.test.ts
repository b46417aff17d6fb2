/**
 * No webhook delivers to the mock's own control API (issue 24, item 6): an
 * attempt to /__mock/outbox/flush waited on the flush that waited on it,
 * for the whole time limit of every attempt. Refused at create and update
 * by the URL as written; skipped at delivery when the address reaches the
 * mock (a webhook stored before, a host name that resolves to it).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { OwnListeners } from '../../src/state/webhooks/own-listeners.js';
import { serverForTests } from '../helpers/server.js';

const mock = serverForTests({ scenario: 'empty', webhooks: { timeoutMs: 1000, maxAttempts: 1 } }, { each: true });
let port: number;
beforeEach(() => {
  port = Number(new URL(mock.url).port);
});

const org = () => mock.server.mockState.organizations.list()[0] as { id: string; token: string };

async function api(method: string, path: string, body: unknown) {
  const res = await fetch(`${mock.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${org().token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const webhook = (url: string) => ({ url, events: ['call.started'] });

describe('a webhook aimed at the mock itself', () => {
  it.each([
    ['the flush route', (p: number) => `http://127.0.0.1:${p}/__mock/outbox/flush`],
    ['localhost', (p: number) => `http://localhost:${p}/__mock/reset`],
    ['another loopback address', (p: number) => `http://127.0.0.2:${p}/__mock/`],
    ['IPv6 loopback', (p: number) => `http://[::1]:${p}/__mock/calls`],
    ['an escaped path', (p: number) => `http://127.0.0.1:${p}/%5F_mock/outbox/flush`],
    ['https on the port', (p: number) => `https://localhost:${p}/__mock`],
  ])('is refused at create with a 400 that says why: %s', async (_name, urlOf) => {
    const reply = await api('POST', '/webhooks', webhook(urlOf(port)));
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ pointer: '/url', message: expect.stringContaining("the mock's own control API") }]);
    expect(mock.server.mockState.store.list(org().id, 'webhooks')).toHaveLength(0);
  });

  it('is refused at update', async () => {
    const created = await api('POST', '/webhooks', webhook(`http://127.0.0.1:${port}/hooks`));
    expect(created.status).toBe(201);
    const reply = await api('PATCH', `/webhooks/${created.body.id}`, { url: `http://127.0.0.1:${port}/__mock/outbox/flush` });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0]).toMatchObject({ pointer: '/url' });
  });

  it.each([
    ['another path on its port', (p: number) => `http://127.0.0.1:${p}/hooks/__mock`],
    ['/__mock on another port', (p: number) => `http://127.0.0.1:${p === 65535 ? 1 : p + 1}/__mock/outbox/flush`],
  ])('is not refused for %s', async (_name, urlOf) => {
    expect((await api('POST', '/webhooks', webhook(urlOf(port)))).status).toBe(201);
  });

  it('is skipped at delivery, and recorded as such, when stored before (a webhook the mock never checked)', async () => {
    const assistant = await api('POST', '/assistants', { name: 'Front desk' });
    const now = new Date().toISOString();
    // As a snapshot taken before this server started could hold it.
    mock.server.mockState.store.put(org().id, 'webhooks', {
      id: '0a7e5d4c-1b2a-4c3d-9e8f-000000000001',
      url: `http://127.0.0.1:${port}/__mock/outbox/flush`,
      events: ['call.started'],
      description: '',
      assistantId: null,
      secret: 'whsec_abcdefghijklmnopqrstuvwx',
      enabled: true,
      createdAt: now,
      updatedAt: now,
    });
    const res = await fetch(`${mock.url}/__mock/calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: org().id, assistantId: assistant.body.id }),
    });
    expect(res.status).toBe(201);
    const call = (await res.json()) as any;
    expect(call.deliveries).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: [],
        reason: expect.stringMatching(/^not sent: this URL is the mock's own control API/),
      }),
    ]);
  });
});

describe('the listeners of a mockState', () => {
  it('see through a host name that resolves to the mock, at delivery', async () => {
    const listeners = new OwnListeners();
    const release = listeners.add({ host: '127.0.0.1', port: 4010 }, async (name) => (name === 'me.test' ? ['127.0.0.1'] : ['192.0.2.1']));
    expect(listeners.refusal('http://me.test:4010/__mock/reset')).toBeUndefined();
    expect(await listeners.resolvedRefusal('http://me.test:4010/__mock/reset')).toMatch(/own control API/);
    expect(await listeners.resolvedRefusal('http://other.test:4010/__mock/reset')).toBeUndefined();
    release();
    expect(await listeners.resolvedRefusal('http://me.test:4010/__mock/reset')).toBeUndefined();
  });

  it('know a mock bound to one address by that address', () => {
    const listeners = new OwnListeners();
    listeners.add({ host: '192.0.2.7', port: 8080 });
    expect(listeners.refusal('http://192.0.2.7:8080/__mock/state')).toMatch(/own control API/);
    expect(listeners.refusal('http://192.0.2.8:8080/__mock/state')).toBeUndefined();
  });
});
