/** Small helpers for in-process requests against a fresh app. */
import { type AppOptions, createApp } from '../../src/http/app.js';
import { createMockState, type MockState } from '../../src/state/mock-state.js';

export const TOKEN = 'demo-token';
export const OTHER_TOKEN = 'demo-token-2';

export interface Reply {
  status: number;
  contentType: string | null;
  headers: Headers;
  body: any;
}

/** A fresh seeded mock state and app, and a `call` that sends JSON with a token. */
export function freshMock(options: AppOptions = {}) {
  const mockState = options.mockState ?? createMockState(options);
  const app = createApp({ ...options, mockState });
  async function call(
    method: string,
    path: string,
    init: { token?: string | null; body?: unknown; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    const token = init.token === undefined ? TOKEN : init.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text.length ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: leave the text for the assertion to show
    }
    return { status: res.status, contentType: res.headers.get('content-type'), headers: res.headers, body: parsed };
  }
  const orgOf = (token: string) => {
    const org = mockState.organizations.byToken(token);
    if (!org) throw new Error(`no organization for ${token}`);
    return org;
  };
  return { mockState, app, call, orgOf };
}

export type Mock = ReturnType<typeof freshMock> & { mockState: MockState };
