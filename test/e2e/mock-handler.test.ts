/**
 * The browser entry's request forwarding, run in Node: msw's `setupServer`
 * with the same handler the page's service worker uses.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appPathOf, createMockHandler } from '../../src/browser/mock-handler.js';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';

const TOKEN = 'demo-token';
const auth = { authorization: `Bearer ${TOKEN}` };

const mockState = createMockState({ seed: 1 });
const changes: string[] = [];
let network: Server;
let networkUrl = '';

const server = setupServer();

beforeAll(async () => {
  network = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`network answered ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
  networkUrl = `http://127.0.0.1:${(network.address() as AddressInfo).port}`;
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterEach(() => {
  server.resetHandlers();
  changes.length = 0;
});
afterAll(async () => {
  server.close();
  await new Promise((resolve) => network.close(resolve));
});

function forwardTo(baseUrl: string): void {
  const app = createApp({ mockState });
  server.use(
    createMockHandler({ app, baseUrl, onChange: (request) => void changes.push(`${request.method} ${new URL(request.url).pathname}`) }),
  );
}

describe('forwarding to the app', () => {
  it('answers an api request with the seeded records of the token organization', async () => {
    forwardTo('http://localhost');
    const res = await fetch('http://localhost/api/v1/assistants', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { id: string }[];
    const org = mockState.organizations.byToken(TOKEN);
    const stored = mockState.store.list(org?.id ?? '', 'assistants');
    expect(stored.length).toBeGreaterThan(0);
    expect(body.map((a) => a.id).sort()).toEqual(stored.map((a) => a.id).sort());
  });

  it('answers 401 problem details when the token is missing', async () => {
    forwardTo('http://localhost');
    const res = await fetch('http://localhost/api/v1/schemas');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it('keeps state between requests and reports changes', async () => {
    forwardTo('http://localhost');
    const created = await fetch('http://localhost/api/v1/assistants', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Forwarded assistant' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/json/);
    const { id } = (await created.json()) as { id: string };
    const fetched = await fetch(`http://localhost/api/v1/assistants/${id}`, { headers: auth });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toMatchObject({ id, name: 'Forwarded assistant' });
    expect(changes).toEqual(['POST /api/v1/assistants']);
  });

  it('serves the openapi document', async () => {
    forwardTo('http://localhost');
    const res = await fetch('http://localhost/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\.1/) });
  });

  it('forwards the control api and reports its changes', async () => {
    forwardTo('http://localhost');
    const tenants = await fetch('http://localhost/__mock/tenants');
    expect(tenants.status).toBe(200);
    expect(tenants.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await tenants.json()).toEqual(expect.arrayContaining([expect.objectContaining({ token: TOKEN })]));
    const reset = await fetch('http://localhost/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reset.status).toBe(200);
    expect(changes).toEqual(['POST /__mock/reset']);
  });

  it('does not report a refused write as a change', async () => {
    forwardTo('http://localhost');
    const res = await fetch('http://localhost/api/v1/tools', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(changes).toEqual([]);
  });

  it('strips a path prefix of the base url and forwards the body', async () => {
    forwardTo('http://localhost/voice/');
    const res = await fetch('http://localhost/voice/api/v1/schemas', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Prefixed schema', description: 'via a prefix', properties: { score: 'integer' } }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ name: 'Prefixed schema', properties: { score: 'integer' }, isLocked: false });
    expect(changes).toEqual(['POST /voice/api/v1/schemas']);
  });

  it('lets requests outside the mock paths reach the network', async () => {
    forwardTo(networkUrl);
    const page = await fetch(`${networkUrl}/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/plain');
    expect(await page.text()).toBe('network answered GET /index.html');
    const api = await fetch(`${networkUrl}/api/v1/tools`, { headers: auth });
    expect(api.status).toBe(200);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(await api.json())).toBe(true);
  });
});

describe('which urls belong to the mock', () => {
  it.each([
    ['http://localhost/api/v1/tools?x=1', 'http://localhost/', '/api/v1/tools?x=1'],
    ['http://localhost/api/v1', 'http://localhost', '/api/v1'],
    ['http://localhost/openapi.json', 'http://localhost', '/openapi.json'],
    ['http://localhost/__mock/reset', 'http://localhost', '/__mock/reset'],
    ['http://localhost/voice/api/v1/tools', 'http://localhost/voice', '/api/v1/tools'],
    ['http://localhost/api/v1/tools', 'http://localhost/voice', undefined],
    ['http://localhost/voiceover/api/v1/tools', 'http://localhost/voice', undefined],
    ['http://localhost/api/v10/tools', 'http://localhost', undefined],
    ['http://localhost/index.html', 'http://localhost', undefined],
    ['http://localhost/docs', 'http://localhost', undefined],
    ['http://localhost:8080/api/v1/tools', 'http://localhost', undefined],
    ['https://localhost/api/v1/tools', 'http://localhost', undefined],
  ])('maps %s under %s to %s', (url, baseUrl, expected) => {
    expect(appPathOf(url, baseUrl)).toBe(expected);
  });
});
