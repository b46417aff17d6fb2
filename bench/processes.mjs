/**
 * The processes a benchmark run starts: the mock (exactly as `npm start`
 * runs it) and the raw baseline. Every child is tracked and stopped at the
 * end of the run, on an error and on Ctrl+C, so no server outlives the bench.
 */
import { execFileSync, fork, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = new Set();

function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops one child: SIGTERM, then SIGKILL if it has not exited within a second. */
export function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 1000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Stops every child still running. */
export function stopAll() {
  return Promise.all([...children].map(stop));
}

/** Makes sure children die with the bench: normal end, crash, Ctrl+C or SIGTERM. */
export function stopChildrenOnExit() {
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping servers\n`);
      stopAll().finally(() => process.exit(130));
    });
  }
}

/** A port nobody listens on right now (asked of the OS, on 127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** One request to 127.0.0.1; resolves the status and body bytes, rejects on a connection error. */
export function send(port, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * `npm start` is `node [node flags] <script>`: the bench runs the same script with the same flags. `scriptFlags`
 * are the ones for any other script: without the start-up snapshot, which runs the shipped mock whatever the script.
 */
export function startCommand() {
  const start = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const [node, ...words] = start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start is "${start}"; the bench expects "node [flags] <script>"`);
  const nodeFlags = words.filter((word) => word.startsWith('-'));
  return { nodeFlags, scriptFlags: nodeFlags.filter((flag) => !flag.startsWith('--snapshot-blob')), script: words.find((word) => !word.startsWith('-')) };
}

/**
 * Starts the compiled mock (`script`, by default the CLI exactly as `npm start`
 * runs it, node flags and start-up snapshot included; another script gets npm start's other node flags; `nodeFlags`
 * replaces them) on a free port and waits for its first successful answer to `probe`. `startupMs` runs from spawn
 * to that answer.
 */
export async function startMock({ script, args = [], probe, timeoutMs = 60_000, nodeFlags }) {
  const port = await freePort();
  const start = startCommand();
  const started = performance.now();
  const argv = [...(nodeFlags ?? (script ? start.scriptFlags : start.nodeFlags)), script ?? start.script, '--port', String(port), ...args];
  const child = track(spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }));
  // The mock's output (the request log, when on) is read by a process of its own, as a terminal reads it, which keeps
  // its end. Read here, it took CPU from the load generator, which runs in this process, and counted as the log's cost.
  const tail = track(spawn('tail', ['-c', '4000'], { stdio: [child.stdout, 'pipe', 'ignore'] }));
  let printed = '';
  tail.stdout.on('data', (chunk) => {
    printed += chunk;
  });
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + chunk).slice(-4000);
  });
  /** What the mock printed last, once it has ended. */
  const output = async () => {
    await new Promise((resolve) => (tail.exitCode === null ? tail.once('close', resolve) : resolve()));
    return `${printed}${errors}`;
  };
  while (true) {
    if (child.exitCode !== null) throw new Error(`the mock exited with code ${child.exitCode}:\n${await output()}`);
    if (performance.now() - started > timeoutMs) {
      await stop(child);
      throw new Error(`the mock did not answer within ${timeoutMs} ms:\n${await output()}`);
    }
    const answer = await send(port, probe).catch(() => undefined);
    if (answer?.status === 200) return { child, port, startupMs: performance.now() - started, startupCpuMs: cpuMs(child.pid), pid: child.pid };
    // Connection refused: the mock is still starting; ask again almost at once.
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * Starts the raw node:http baseline; `answer({status, body, busyUs})` sets what it replies (and how long it works first).
 * With `durableLog`, its writes are on disk in that file before they are answered (bench/raw-server.mjs).
 */
export async function startRawServer({ durableLog } = {}) {
  const args = durableLog ? ['--durable-log', durableLog] : [];
  const child = track(fork(new URL('./raw-server.mjs', import.meta.url), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the raw server exited with code ${code}`)));
  });
  const answer = ({ status, body, busyUs = 0 }) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send({ status, body: body.toString('utf8'), busyUs });
    });
  return { child, port, answer };
}

/** Starts the bare Hono app of `--floor` (bench/hono-floor.mjs) with the node flags `npm start` gives the mock. */
export async function startFloorServer() {
  const script = new URL('./hono-floor.mjs', import.meta.url);
  const child = track(fork(script, { execArgv: startCommand().scriptFlags, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the bare Hono app exited with code ${code}`)));
  });
  return { child, port, pid: child.pid };
}

/** Resident memory of a process in MiB, from /proc/<pid>/status (VmRSS). */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new Error(`no VmRSS for process ${pid}`);
  return kib / 1024;
}

const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time a process has used so far, in ms, from /proc/<pid>/stat: `total` (user + kernel) and `kernel` alone. */
export function cpuTimes(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [user, kernel] = [Number(fields[11]), Number(fields[12])].map((ticks) => (ticks * 1000) / ticksPerSecond);
  return { total: user + kernel, kernel };
}

/**
 * CPU time the live threads of a process have run so far, in ns, from each thread's /proc/<pid>/task/<tid>/schedstat
 * (the scheduler's own count, user and kernel together): the 10 ms ticks of /proc/<pid>/stat are too coarse to
 * compare one slice of a second with another. A thread that ends takes its time with it, so only differences over
 * a span in which the process keeps its threads (a server under steady load) are sound. Undefined off Linux.
 */
export function cpuNs(pid) {
  try {
    let total = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ', 1)[0]);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return total;
  } catch {
    return undefined;
  }
}

/** CPU time a process has used so far (user + kernel), in ms. */
export function cpuMs(pid) {
  return cpuTimes(pid).total;
}

/**
 * The whole machine's CPU time so far, in clock ticks, from the first line of /proc/stat: `total`, and `stolen`,
 * the time a hypervisor gave this virtual machine's CPUs to others while they had work (undefined off Linux).
 */
export function machineTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest times are already in user and nice).
    const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = fields;
    return { total: user + nice + system + idle + iowait + irq + softirq + steal, stolen: steal };
  } catch {
    return undefined;
  }
}

/** The share of the machine's CPU time stolen between two `machineTimes()`, in percent (undefined when unknown). */
export function stolenPercent(before, after) {
  if (!before || !after || after.total === before.total) return undefined;
  return (100 * (after.stolen - before.stolen)) / (after.total - before.total);
}
