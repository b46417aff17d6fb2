/** An in-process mock with its control client and an API caller for any token. */
import { createControlClient } from '../../src/client/control-client.js';
import { createApp } from '../../src/http/app.js';
import type { JournalRecord } from '../../src/state/journal/journal.js';
import { createMockState, type MockStateOptions } from '../../src/state/mock-state.js';

export function controlledMock(options: MockStateOptions & { controlToken?: string } = {}) {
  const mockState = createMockState(options);
  const app = createApp({ mockState, ...(options.controlToken ? { controlToken: options.controlToken } : {}) });
  const fetch = async (input: string, init?: RequestInit) => app.request(input, init);
  const control = createControlClient({ fetch, ...(options.controlToken ? { controlToken: options.controlToken } : {}) });
  async function api(token: string, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(`/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
  const orgId = (token: string) => mockState.organizations.byToken(token)?.id ?? '';
  return { mockState, app, control, api, orgId };
}

export const trunkBody = { name: 'Test PBX', host: 'pbx.example.com', phoneNumbers: ['+14155550100'] };

/** A request as the journal records it: a create of a tool by one organization, with `overrides`. */
export const journalRequest = (overrides: Partial<JournalRecord> = {}): JournalRecord => ({
  timeMs: Date.UTC(2026, 0, 2, 3, 4, 5),
  method: 'POST',
  path: '/api/v1/tools',
  query: '',
  orgId: 'org-1',
  status: 201,
  durationMs: 1.25,
  bodyText: undefined,
  bodyChecked: false,
  ...overrides,
});
