import { createMockState } from './dist/src/state/mock-state.js';
import { directRoutes } from './dist/src/http/direct-routes.js';
import { resourceByKind } from './dist/src/domain/resources/index.js';
import { updateRecord, createRecord, deleteRecord } from './dist/src/state/operations.js';
const ms = createMockState({});
const direct = directRoutes(ms, { bodyLimitBytes: 1 << 20 });
const org = ms.organizations.byToken('demo-token');
const ctx = ms.context(org.id);
const def = resourceByKind.schemas;
const id = ms.store.list(org.id, 'schemas')[0].id;
const headers = { host: '127.0.0.1:4000', authorization: 'Bearer demo-token', 'content-type': 'application/json', 'content-length': '25' };
const req = (method, url) => ({ method, url, header: (n) => headers[n] });
const patchReq = req('PATCH', `/api/v1/schemas/${id}`);
const getReq = req('GET', `/api/v1/schemas/${id}`);
const body = { text: '{"description":"changed"}', utf8: true };
const createBody = { text: '{"name":"Topics","type":"Free","description":"x","properties":{"topic":"string"}}', utf8: true };
const createReq = req('POST', '/api/v1/schemas');
const cases = {
  'direct PATCH': () => direct.answer(direct.route(patchReq), patchReq, body, 0),
  'direct GET': () => direct.answer(direct.route(getReq), getReq, undefined, 0),
  'direct create+delete': () => { const a = direct.answer(direct.route(createReq), createReq, createBody, 0); const nid = JSON.parse(a.body).id; const dr = req('DELETE', `/api/v1/schemas/${nid}`); direct.answer(direct.route(dr), dr, undefined, 0); },
  'op update': () => updateRecord(ctx, def, id, { description: 'changed' }),
  'op create+delete': () => deleteRecord(ctx, def, createRecord(ctx, def, { name: 'Topics', type: 'Free', description: 'x', properties: { topic: 'string' } }).id),
};
for (const [name, fn] of Object.entries(cases)) {
  for (let i = 0; i < 20000; i++) fn();
  const times = [];
  for (let r = 0; r < 7; r++) { const t = performance.now(); for (let i = 0; i < 20000; i++) fn(); times.push((performance.now() - t) / 20000 * 1000); }
  times.sort((a, b) => a - b);
  console.log(name.padEnd(22), 'min', times[0].toFixed(2), 'µs  median', times[3].toFixed(2));
}
