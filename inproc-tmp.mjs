import { request, Agent } from 'node:http';
import { startServer } from './dist/src/server/server.js';
const kind = process.argv[2] ?? 'patch';
const servers = { lane: await startServer({ port: 0 }), hono: await startServer({ port: 0, directRoutes: false }) };
const agent = new Agent({ keepAlive: true, maxSockets: 10 });
function send(url, method, path, body) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const r = request({ host: u.hostname, port: u.port, method, path, agent, headers: { authorization: 'Bearer demo-token', ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => { const parts = []; res.on('data', (p) => parts.push(p)); res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts).toString() })); });
    r.on('error', reject); r.end(body);
  });
}
const ids = {};
for (const [name, s] of Object.entries(servers)) ids[name] = JSON.parse((await send(s.url, 'GET', '/api/v1/schemas')).body)[0].id;
const org2 = {};
async function round(name, n) {
  const s = servers[name];
  let i = 0;
  const worker = async () => { while (i++ < n) {
    if (kind === 'patch') await send(s.url, 'PATCH', `/api/v1/schemas/${ids[name]}`, '{"description":"changed"}');
    else if (kind === 'get') await send(s.url, 'GET', `/api/v1/schemas/${ids[name]}`);
    else if (kind === 'create') { const r = await send(s.url, 'POST', '/api/v1/schemas', '{"name":"T' + Math.random() + '","type":"Free","description":"x","properties":{"topic":"string"}}'); if (r.status === 201) await send(s.url, 'DELETE', `/api/v1/schemas/${JSON.parse(r.body).id}`); }
  } };
  const c0 = process.cpuUsage();
  await Promise.all(Array.from({ length: 10 }, worker));
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}
const res = { lane: [], hono: [] };
await round('lane', 2000); await round('hono', 2000);
for (let r = 0; r < 12; r++) for (const name of r % 2 ? ['lane', 'hono'] : ['hono', 'lane']) res[name].push(await round(name, 3000));
for (const [name, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(kind, name, 'min', v[0].toFixed(1), 'median', v[6].toFixed(1), 'µs/req (client+server)'); }
await Promise.all(Object.values(servers).map((s) => s.close())); agent.destroy();
