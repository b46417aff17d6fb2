// assistants.test.ts: the mock inside your own Vitest (or Jest) tests, through MSW's setupServer
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { type Assistant, createApp, createMockState } from 'voice-config-mock';
import { createMockHandler } from 'voice-config-mock/browser';

const baseUrl = 'http://localhost'; // where your code under test sends its API calls
const auth = { Authorization: 'Bearer demo-token' };

// A fresh mock per test: the seed gives the same records and ids every time.
let app = createApp({ mockState: createMockState({ seed: 1 }) });
beforeEach(() => {
  app = createApp({ mockState: createMockState({ seed: 1 }) });
});

// Your own handlers and the mock's, in one server: the first handler that matches a request answers it.
const server = setupServer(
  http.get('https://flags.example.com/flags', () => HttpResponse.json({ newAssistantEditor: true })),
  createMockHandler({ app: { fetch: (request) => app.fetch(request) }, baseUrl }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers()); // drops the overrides a test added with server.use
afterAll(() => server.close());

const listAssistants = async () => {
  const res = await fetch(`${baseUrl}/api/v1/assistants`, { headers: auth });
  return { status: res.status, body: (await res.json()) as Assistant[] };
};

it('answers with the seeded records, beside your own handlers', async () => {
  const { status, body } = await listAssistants();
  expect(status).toBe(200);
  expect(body.length).toBeGreaterThan(0);
  const flags = (await (await fetch('https://flags.example.com/flags')).json()) as { newAssistantEditor: boolean };
  expect(flags.newAssistantEditor).toBe(true);
});

it('keeps what a test creates until the next test', async () => {
  const before = (await listAssistants()).body.length;
  const res = await fetch(`${baseUrl}/api/v1/assistants`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Support line' }),
  });
  expect(res.status).toBe(201);
  expect((await listAssistants()).body.length).toBe(before + 1);
});

it('starts the next test from the seed again', async () => {
  const { body } = await listAssistants();
  expect(body.map((assistant) => assistant.name)).not.toContain('Support line');
});

it('overrides one endpoint for one test, to show an error state', async () => {
  server.use(
    http.get(`${baseUrl}/api/v1/assistants`, () =>
      HttpResponse.json(
        { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Try again later.' },
        { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    ),
  );
  expect((await listAssistants()).status).toBe(500);
});

it('is back to the mock once resetHandlers ran', async () => {
  expect((await listAssistants()).status).toBe(200);
});

it('answers a documented error on demand, without an override', async () => {
  const [first] = (await listAssistants()).body;
  const res = await fetch(`${baseUrl}/api/v1/assistants/${first?.id}`, { method: 'DELETE', headers: { ...auth, Prefer: 'code=403' } });
  expect(res.status).toBe(403);
  expect((await listAssistants()).body).toContainEqual(first); // nothing was deleted
});
