/**
 * Persistence of the in-page mock, run in Node with a Map for storage: what
 * one page saves after a change, the next page load restores.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockHandler } from '../../src/browser/mock-handler.js';
import { createPersistence, DEFAULT_PERSIST_KEY, type KeyValueStorage } from '../../src/browser/persist.js';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';

const auth = { authorization: 'Bearer demo-token' };
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function memoryStorage(): KeyValueStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** One page load: a fresh mock state, restored from storage, answering through msw and saving after changes. */
function loadPage(storage: KeyValueStorage, key?: string) {
  const mockState = createMockState({ seed: 1 });
  const persistence = createPersistence(storage, key);
  const restored = persistence.restore(mockState);
  server.resetHandlers(
    createMockHandler({ app: createApp({ mockState }), baseUrl: 'http://localhost', onChange: () => persistence.save(mockState) }),
  );
  return { mockState, restored };
}

async function createAssistant(name: string): Promise<string> {
  const res = await fetch('http://localhost/api/v1/assistants', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('persisting the in-page state', () => {
  it('restores after a reload what was created before it', async () => {
    const storage = memoryStorage();
    expect(loadPage(storage).restored).toBe(false);
    const id = await createAssistant('Kept across reloads');
    expect(storage.items.has(DEFAULT_PERSIST_KEY)).toBe(true);

    const reloaded = loadPage(storage);
    expect(reloaded.restored).toBe(true);
    const res = await fetch(`http://localhost/api/v1/assistants/${id}`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ id, name: 'Kept across reloads' });
  });

  it('saves deletes too, so a deleted record stays deleted after a reload', async () => {
    const storage = memoryStorage();
    loadPage(storage);
    const id = await createAssistant('Short-lived');
    const deleted = await fetch(`http://localhost/api/v1/assistants/${id}`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(200);

    expect(loadPage(storage).restored).toBe(true);
    const res = await fetch(`http://localhost/api/v1/assistants/${id}`, { headers: auth });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('does not save on reads', async () => {
    const storage = memoryStorage();
    loadPage(storage);
    const res = await fetch('http://localhost/api/v1/tools', { headers: auth });
    expect(res.status).toBe(200);
    expect(storage.items.size).toBe(0);
  });

  it('does not save a refused write', async () => {
    const storage = memoryStorage();
    loadPage(storage);
    const res = await fetch('http://localhost/api/v1/assistants', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '' }),
    });
    expect(res.status).toBe(400);
    expect(storage.items.size).toBe(0);
  });

  it('saves what the control api changes', async () => {
    const storage = memoryStorage();
    loadPage(storage);
    const created = await fetch('http://localhost/__mock/tenants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Added in the page' }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };

    loadPage(storage);
    const res = await fetch('http://localhost/api/v1/assistants', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual([]);
  });

  it('keeps mocks with different keys apart', async () => {
    const storage = memoryStorage();
    loadPage(storage, 'mock-a');
    await createAssistant('Only in mock a');
    expect([...storage.items.keys()]).toEqual(['mock-a']);
    expect(loadPage(storage, 'mock-b').restored).toBe(false);
  });

  it('starts from the seed and drops a saved state that does not load', () => {
    const storage = memoryStorage();
    storage.setItem(DEFAULT_PERSIST_KEY, JSON.stringify({ format: 'something else' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { mockState, restored } = loadPage(storage);
    expect(restored).toBe(false);
    expect(storage.items.size).toBe(0);
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    const seeded = createMockState({ seed: 1 });
    const org = seeded.organizations.byToken('demo-token')?.id ?? '';
    expect(mockState.store.list(org, 'assistants')).toEqual(seeded.store.list(org, 'assistants'));
  });

  it('drops the older saved state when a save fails, so no reload passes it off as current', async () => {
    const storage = memoryStorage();
    let full = false;
    const quota: KeyValueStorage = {
      ...storage,
      setItem: (key, value) => {
        if (full) throw new Error('The quota has been exceeded.');
        storage.setItem(key, value);
      },
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      loadPage(quota);
      await createAssistant('Saved before the storage filled up');
      expect(storage.items.has(DEFAULT_PERSIST_KEY)).toBe(true);

      full = true;
      await createAssistant('Not saved');
      await createAssistant('Not saved either');
      expect(storage.items.has(DEFAULT_PERSIST_KEY)).toBe(false);
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/a reload will start from the seed/);
      expect(loadPage(quota).restored).toBe(false);

      // Once there is room again, the next write saves the whole state again.
      full = false;
      const id = await createAssistant('Saved once there was room');
      expect(loadPage(quota).restored).toBe(true);
      expect((await fetch(`http://localhost/api/v1/assistants/${id}`, { headers: auth })).status).toBe(200);
      full = true;
      await createAssistant('Failing again');
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it('starts from the seed when the storage cannot be read at all', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('The operation is insecure.');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(loadPage(refusing).restored).toBe(false);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/could not read the saved state/);
    } finally {
      warn.mockRestore();
    }
  });
});
