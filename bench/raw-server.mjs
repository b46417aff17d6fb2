/**
 * The baseline: a bare node:http server that answers every request with a
 * precomputed body. It does nothing a mock must do (routing, auth, storage,
 * serialization), so its requests/s is the ceiling the mock is measured
 * against. Runs in a child process, like the mock, so neither shares an
 * event loop with the load generator. The parent sets the answer over IPC
 * (and, for `--calibrate`, how long to keep the CPU busy before answering).
 */
import { constants, fdatasync, ftruncateSync, openSync, write } from 'node:fs';
import { createServer } from 'node:http';

let answer = { status: 200, body: Buffer.from('{}'), busyUs: 0 };

/**
 * With `--durable-log PATH`, the same server made durable the plainest way: each
 * request other than a GET appends a line (itself and its answer) to a log opened as
 * the mock opens its change log (O_DSYNC, else a write and fdatasync), and is
 * answered once that line is on disk. Plain group commit: the writes that
 * came while a flush was under way go out together in the next, which starts
 * as soon as that one ends. What it reaches of the in-memory raw server is
 * what this machine's disk allows any server at the bench's connections.
 */
const durableLog = process.argv.includes('--durable-log') ? process.argv[process.argv.indexOf('--durable-log') + 1] : undefined;
const { O_WRONLY, O_CREAT, O_TRUNC, O_APPEND, O_DSYNC } = constants;
const logFd = durableLog === undefined ? undefined : openSync(durableLog, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | (O_DSYNC ?? 0));
let waiting = [];
let flushing = false;

function flush() {
  flushing = true;
  const batch = waiting;
  waiting = [];
  const lines = Buffer.concat(batch.map(({ line }) => line));
  const done = (error) => {
    if (error) throw error;
    for (const { reply } of batch) reply();
    if (waiting.length > 0) flush();
    else flushing = false;
  };
  // One write: lines of a few KiB are taken whole by a regular file.
  write(logFd, lines, (error) => (error || O_DSYNC !== undefined ? done(error) : fdatasync(logFd, done)));
}

const server = createServer((req, res) => {
  // Read the request body like any server that accepts POST/PATCH must.
  req.resume();
  req.on('end', () => {
    // `--calibrate` only: stands for the work a real server does per request.
    if (answer.busyUs > 0) {
      const until = performance.now() + answer.busyUs / 1000;
      while (performance.now() < until);
    }
    const reply = () => {
      res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': answer.body.length });
      res.end(answer.body);
    };
    if (logFd === undefined || req.method === 'GET') return reply();
    // What changed, as a line: the request and the answer (a delete's is empty).
    waiting.push({ line: Buffer.concat([Buffer.from(`${req.method} ${req.url} `), answer.body, Buffer.from('\n')]), reply });
    // On the next turn, with the other requests read in this one, as the mock's writer starts a batch.
    if (waiting.length === 1 && !flushing) setImmediate(() => !flushing && waiting.length > 0 && flush());
  });
});

process.on('message', (message) => {
  answer = { status: message.status, body: Buffer.from(message.body), busyUs: message.busyUs ?? 0 };
  // A new case: the log starts empty again, so it never holds more than one case's writes.
  if (logFd !== undefined && !flushing) ftruncateSync(logFd, 0);
  process.send?.({ ok: true });
});
// The parent going away (even by a crash) ends the baseline too.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
