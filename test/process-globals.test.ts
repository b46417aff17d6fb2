/**
 * The mock runs inside other programs' processes (tests beside it): it leaves
 * their global Request and Response as they were. Hono's Node adapter
 * replaces them by default, after which `fetch`'s answers are no longer
 * `instanceof Response`, nor `new Request(...).clone()` `instanceof
 * Request` (Hono's own `app.request` takes such a request for a URL).
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { startServer } from '../src/server/server.js';

describe("the process's globals", () => {
  it('are the same after a server started and answered through its app, and a cloned Request still reaches the app', async () => {
    const { Request: before, Response: responseBefore } = globalThis;
    const server = await startServer({ port: 0 });
    try {
      // The control API is answered by the app (its adapter loaded and used), not by the direct routes.
      const answer = await fetch(`${server.url}/__mock/`);
      expect(answer.status).toBe(200);
      expect(globalThis.Request).toBe(before);
      expect(globalThis.Response).toBe(responseBefore);
      expect(answer).toBeInstanceOf(Response);
      const listed = await fetch(`${server.url}/api/v1/schemas`, { headers: { authorization: 'Bearer demo-token' } });
      expect(listed).toBeInstanceOf(Response);
      const request = new Request('http://mock.test/api/v1/schemas', { headers: { authorization: 'Bearer demo-token' } });
      expect((await createApp().request(request.clone())).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
