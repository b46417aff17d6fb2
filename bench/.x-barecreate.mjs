import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
const app = new Hono();
const store = new Map();
app.post('/api/v1/schemas', async (c) => {
  const body = JSON.parse(await c.req.text());
  const now = new Date().toISOString();
  const rec = { id: randomUUID(), ...body, type: 'Free', isLocked: false, createdAt: now, updatedAt: now };
  store.set(rec.id, rec);
  return c.json(rec, 201);
});
app.get('/api/v1/schemas', (c) => c.json([]));
serve({ fetch: app.fetch, port: +process.argv[2], hostname: '127.0.0.1' });
