/**
 * The baseline: a bare node:http server that answers every request with a
 * precomputed body. It does nothing a mock must do (routing, auth, storage,
 * serialization), so its requests/s is the ceiling the mock is measured
 * against. Runs in a child process, like the mock, so neither shares an
 * event loop with the load generator. The parent sets the answer over IPC
 * (and, for `--calibrate`, how long to keep the CPU busy before answering).
 */
import { createServer } from 'node:http';

let answer = { status: 200, body: Buffer.from('{}'), busyUs: 0 };

const server = createServer((req, res) => {
  // Read the request body like any server that accepts POST/PATCH must.
  req.resume();
  req.on('end', () => {
    // `--calibrate` only: stands for the work a real server does per request.
    if (answer.busyUs > 0) {
      const until = performance.now() + answer.busyUs / 1000;
      while (performance.now() < until);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': answer.body.length });
    res.end(answer.body);
  });
});

process.on('message', (message) => {
  answer = { status: message.status, body: Buffer.from(message.body), busyUs: message.busyUs ?? 0 };
  process.send?.({ ok: true });
});
// The parent going away (even by a crash) ends the baseline too.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
