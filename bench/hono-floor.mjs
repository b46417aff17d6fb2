/**
 * `npm run bench -- --floor`: the least a Hono app must do for the two
 * write cases, to read the mock's write figures against. It parses the body
 * with `c.req.json()`, builds the record, keeps it in a Map and answers it
 * with `c.json()`: no authentication, organizations, size limit, content
 * type or prototype-key checks, validation, rules, journal or faults.
 * Whatever it costs, the mock's writes cost at least as much on the
 * framework the project is built on. Runs in a child process with `npm
 * start`'s node flags; the parent learns the port over IPC.
 */
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
const records = new Map();
// Stands for the record a PATCH changes (the raw server answers any id alike, and so does this).
const template = { id: '', name: 'Call topics', type: 'Free', description: '', properties: { topic: 'string' }, isLocked: false };

app.post('/api/v1/schemas', async (c) => {
  const now = new Date().toISOString();
  const record = { id: randomUUID(), ...(await c.req.json()), type: 'Free', isLocked: false, createdAt: now, updatedAt: now };
  records.set(record.id, record);
  return c.json(record, 201);
});

app.patch('/api/v1/schemas/:id', async (c) => {
  const id = c.req.param('id');
  const record = { ...(records.get(id) ?? template), ...(await c.req.json()), id, updatedAt: new Date().toISOString() };
  records.set(id, record);
  return c.json(record, 200);
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, ({ port }) => process.send?.({ port }));
// The parent going away (even by a crash) ends this server too.
process.on('disconnect', () => server.close(() => process.exit(0)));
