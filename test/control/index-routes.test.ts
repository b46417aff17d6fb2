/**
 * The control API says what it offers: GET /__mock lists its operations,
 * a known path asked with another method answers 405 with Allow, and an
 * unknown control path points to the list.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { docPages, pageText } from '../helpers/readme.js';
import { controlledMock } from './helpers.js';

interface Operation {
  method: string;
  path: string;
  summary: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The control operations the docs' tables document (docs/control-api.md, and
 * the webhooks' control routes in docs/webhooks.md): each table row's first
 * cell names one or more, as `METHOD /__mock/path[?query]` followed by the
 * body's fields. Read from the pages themselves, not from the registry the
 * index is built from, so a route dropped from the registry, filtered from
 * the answer, or left out of the docs goes red here.
 */
function readmeControlOperations(): string[] {
  const operations = new Set<string>();
  for (const line of docPages.flatMap((page) => pageText(page).split('\n'))) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const [, method, path] of firstCell.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/__mock(?:\/[^`\s[]*)?)/g)) {
      operations.add(`${method} ${path}`);
    }
  }
  return [...operations];
}

async function listOperations(app: ReturnType<typeof createApp>): Promise<Operation[]> {
  const res = await app.request('http://localhost/__mock/');
  expect(res.status).toBe(200);
  return ((await res.json()) as { operations: Operation[] }).operations;
}

describe('the control API index', () => {
  it('lists every control operation the docs document, each with a summary, and the index itself', async () => {
    const { app } = controlledMock();
    const operations = await listOperations(app);
    const listed = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect([...listed].sort()).toEqual(readmeControlOperations().sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const operation of operations) {
      expect(typeof operation.summary, `${operation.method} ${operation.path}`).toBe('string');
      expect(operation.summary.trim(), `${operation.method} ${operation.path}`).not.toBe('');
    }
    // Without the trailing slash too, as the banner's link may be typed.
    const bare = await app.request('http://localhost/__mock');
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as { operations: Operation[] }).operations).toEqual(operations);
  });

  it('lists the same control operations as the OpenAPI document tags Control', async () => {
    const { app } = controlledMock();
    const listed = (await listOperations(app)).map((operation) => `${operation.method} ${operation.path}`);
    const document = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => operation.tags?.includes('Control'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(15);
    expect(listed.sort()).toEqual(documented.sort());
  });

  it('serves every listed method and answers 405 with Allow for the others', async () => {
    const { app } = controlledMock();
    const operations = await listOperations(app);
    const paths = new Set(operations.map((operation) => operation.path));
    for (const path of paths) {
      const allowed = operations.filter((operation) => operation.path === path).map((operation) => operation.method);
      const url = `http://localhost${path.replaceAll(/{.+?}/g, 'not-an-id')}`;
      for (const method of METHODS) {
        const res = await app.request(url, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        const body = (await res.json()) as { detail?: string };
        if (allowed.includes(method)) {
          expect(res.status, `${method} ${path}`).not.toBe(405);
          // A 404 here may only be about the id (no such fault), never about the route.
          expect(body.detail ?? '', `${method} ${path}`).not.toMatch(/No route matches/);
        } else {
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.headers.get('allow'), `${method} ${path}`).toBe(allowed.join(', '));
          expect(body.detail).toContain(`use ${allowed.join(', ')}`);
        }
      }
    }
  });

  it('answers 405 to a wrong method whatever its body: the body is read only by a route that takes one', async () => {
    const { app } = controlledMock();
    for (const [method, path, allow] of [
      ['POST', '/__mock/telephony', 'GET'],
      ['PUT', '/__mock/reset', 'POST'],
      ['POST', '/__mock/tenants/abc', 'DELETE'],
    ] as const) {
      for (const [type, body] of [
        ['application/json', '{bad'],
        ['text/plain', 'hello'],
      ] as const) {
        const res = await app.request(`http://localhost${path}`, { method, headers: { 'content-type': type }, body });
        expect(res.status, `${method} ${path} ${type}`).toBe(405);
        expect(res.headers.get('allow')).toBe(allow);
      }
    }
    // A route that takes a body still reads and checks it.
    const bad = await app.request('http://localhost/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(bad.status).toBe(400);
  });

  it('lets web pages of other origins read why /__mock refuses them without a token, and still refuses them', async () => {
    const { app, mockState } = controlledMock();
    const tenants = mockState.organizations.list().length;
    for (const path of ['/__mock', '/__mock/', '/__mock/tenants']) {
      // The preflight is answered, so the browser sends the request and shows the refusal, not "Failed to fetch".
      const preflight = await app.request(`http://localhost${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://page.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('https://page.example');
      const read = await app.request(`http://localhost${path}`, { headers: { origin: 'https://page.example' } });
      expect(read.status, path).toBe(403);
      expect(read.headers.get('access-control-allow-origin'), path).toBe('https://page.example');
      expect(((await read.json()) as { detail: string }).detail).toContain('--control-origin');
    }
    const write = await app.request('http://localhost/__mock/tenants', {
      method: 'POST',
      headers: { origin: 'https://page.example', 'content-type': 'application/json' },
      body: '{"name":"From a page"}',
    });
    expect(write.status).toBe(403);
    expect(mockState.organizations.list()).toHaveLength(tenants);
  });

  it('points an unknown control path to the index', async () => {
    const { app } = controlledMock();
    const res = await app.request('http://localhost/__mock/nothing-here', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(((await res.json()) as { detail: string }).detail).toContain('GET /__mock/ lists the control API');
  });

  it('is guarded like the rest of the control API', async () => {
    const { app } = controlledMock({ controlToken: 'control-secret' });
    expect((await app.request('http://localhost/__mock/')).status).toBe(401);
    expect((await app.request('http://localhost/__mock/', { headers: { 'x-control-token': 'control-secret' } })).status).toBe(200);
    expect((await app.request('http://rebound.example/__mock/', { headers: { authorization: 'Bearer demo-token' } })).status).toBe(401);
    const open = controlledMock().app;
    expect((await open.request('http://rebound.example/__mock/')).status).toBe(403);
  });

  it('is gone with the control API', async () => {
    const app = createApp({ control: false });
    const res = await app.request('http://localhost/__mock/');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: string }).detail).not.toContain('control API');
  });
});
