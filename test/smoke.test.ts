import { describe, expect, it } from 'vitest';
import { freshMock } from './helpers/client.js';

describe('smoke', () => {
  it('lists the seeded schemas of the caller', async () => {
    const { call } = freshMock();
    const reply = await call('GET', '/api/v1/schemas');
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(reply.body.length).toBeGreaterThanOrEqual(3);
  });
});
