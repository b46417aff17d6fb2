import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { runLoad, summarize } from './load.mjs';
const variants = process.argv[2].split(',');
const cpu = (pid) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (+f[11] + +f[12]) * 10; };
const servers = variants.map((v, i) => ({ v, port: 4800 + i, child: spawn('node', ['/tmp/exp/bodyserver.mjs', v, String(4800 + i)], { stdio: 'inherit' }) }));
await new Promise((r) => setTimeout(r, 500));
const request = { method: 'POST', path: '/x', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench call topics', description: 'Topics', properties: { topic: 'string' } }) };
for (const s of servers) await runLoad({ port: s.port, request, connections: 10, durationS: 2 });
const acc = servers.map(() => ({ runs: [], cpu: 0 }));
for (let r = 0; r < 6; r++) for (const [i, s] of servers.entries()) { const c0 = cpu(s.child.pid); acc[i].runs.push(await runLoad({ port: s.port, request, connections: 10, durationS: 1 })); acc[i].cpu += cpu(s.child.pid) - c0; }
for (const [i, a] of acc.entries()) { const m = summarize(a.runs); console.log(servers[i].v.padEnd(8), Math.round(m.rps), 'rps', (a.cpu * 1000 / m.requests).toFixed(1), 'µs p99', m.p99.toFixed(2)); }
for (const s of servers) s.child.kill();
