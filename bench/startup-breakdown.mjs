/**
 * Where `serve`'s start-up goes, by module and by step: a copy of the built
 * bundle (dist/commands/serve.cjs) with a clock read at each module's start
 * (esbuild writes a `// path` comment there, and its modules run one after
 * another, top to bottom) and around the steps of a start (seeding, the app,
 * the listen, the first list). CommonJS packages, which run when first
 * required, are timed apart from the module that required them. The copy
 * runs with a code cache of its own, made by a first run, under npm start's
 * node flags, as the installed command loads the bundle (npm start itself
 * runs from a start-up snapshot, with the modules already evaluated); each
 * run starts a process, answers one list to itself and prints its times;
 * the medians of the runs are shown.
 *
 *   npm run build:code && node bench/startup-breakdown.mjs [--runs 11] [--modules]
 *
 * A profile (`--cpu-prof`) says which functions are hot but not which module's
 * top level called them: the bundle's modules share one top-level function.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './report.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '11' }, modules: { type: 'boolean', default: false } } });

/** Text of the bundle → the same text with a mark: where each step of a start begins (a text no longer found is reported). */
const STEPS = [
  [
    'const mockState = options.mockState ?? createMockState(options);',
    '__mark("step: createMockState (the seed)"); const mockState = options.mockState ?? createMockState(options); __mark("step: startServer, the rest");',
  ],
  ['const largeBodies = offThreadJson();', 'const largeBodies = offThreadJson(); __mark("step: createApp");'],
  ['const graceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;', '__mark("step: listener, createServer, listen, the banner"); const graceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;'],
];

function markedBundle(source) {
  let text = source
    .split('\n')
    .flatMap((line) => {
      const module = /^\/\/ ((?:node_modules|src|contracts|fixtures)\/\S+)$/.exec(line)?.[1];
      if (module) return [`__mark(${JSON.stringify(module)});`, line];
      // Node's own modules, loaded where a module imports them, and undici, which Node loads for the first of these globals.
      const builtin = /^var [\w$]+ = require\("(node:[\w/]+)"\);$/.exec(line)?.[1];
      if (builtin) return [`__enter(${JSON.stringify(`built-in ${builtin}`)});`, line, '__leave();'];
      if (line === 'var GlobalHeaders = globalThis.Headers;') return ['__enter("built-in undici (the Headers, Request, Response globals)");', line, '__leave();'];
      return [line];
    })
    .join('\n');
  const commonJs = 'var __commonJS = (cb, mod) => function __require() {\n  try {\n    return mod ||';
  // A module that some module reaches through import() runs when first initialised, not where the bundle declares it.
  const esm = '    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;';
  const steps = [
    [esm, '    if (fn) { const name = __getOwnPropNames(fn)[0]; __enter(name); try { res = (0, fn[name])(fn = 0); } finally { __leave(); } }\n    return res;'],
    [commonJs, `${commonJs.replace('return mod ||', '')}if (!mod) { __enter(__getOwnPropNames(cb)[0]); try { (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod); } finally { __leave(); } }\n    return mod ||`],
    ...STEPS,
  ];
  for (const [from, to] of steps) {
    // The last one: the bundle also holds the browser's start, which makes a mock state the same way.
    const at = text.lastIndexOf(from);
    if (at === -1) {
      // A step whose text changed is left unmarked (its time goes to the step before it), and said so.
      if (from === commonJs || from === esm) throw new Error(`the bundle no longer has esbuild's __commonJS helper: ${from}`);
      process.stdout.write(`note: not marked, the bundle no longer has: ${from}\n`);
      continue;
    }
    text = text.slice(0, at) + to + text.slice(at + from.length);
  }
  return text;
}

/** The child: runs the marked bundle as the launcher would, lists once, writes its times as JSON. */
const CHILD = `
const times = new Map(); let current = '(node, before the bundle)'; let last = 0; const stack = [];
const charge = (next) => { const now = performance.now(); times.set(current, (times.get(current) ?? 0) + now - last); last = now; current = next; };
globalThis.__mark = charge;
globalThis.__enter = (name) => { stack.push(current); charge(name); };
globalThis.__leave = () => charge(stack.pop());
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { Module, createRequire } = require('node:module');
const { Script } = require('node:vm');
const [bundle, cacheFile, out] = process.argv.slice(2);
const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
charge('read and compile the bundle (with its code cache)');
const script = new Script(Module.wrap(readFileSync(bundle, 'utf8')), { filename: bundle, ...(cachedData && { cachedData }) });
const wrapper = script.runInThisContext();
charge('(bundle: before its first module)');
const bundleModule = { exports: {} };
wrapper(bundleModule.exports, createRequire(bundle), bundleModule, bundle, require('node:path').dirname(bundle));
charge('step: serve\\'s run() before startServer');
(async () => {
  const http = require('node:http');
  const port = 20000 + Math.floor(Math.random() * 20000);
  await bundleModule.exports.run(['--port', String(port), '--quiet']);
  charge('step: the first list, GET /api/v1/schemas');
  await new Promise((resolve, reject) => http.get({ host: '127.0.0.1', port, path: '/api/v1/schemas', headers: { authorization: 'Bearer demo-token' }, agent: false }, (res) => {
    if (res.statusCode !== 200) reject(new Error('status ' + res.statusCode));
    res.resume(); res.on('end', resolve);
  }).once('error', reject));
  charge('(end)');
  if (!cachedData) writeFileSync(cacheFile, script.createCachedData());
  writeFileSync(out, JSON.stringify({ total: performance.now(), bootstrap: performance.nodeTiming.bootstrapComplete, rejected: script.cachedDataRejected, times: Object.fromEntries(times) }));
  process.exit(0);
})();
`;

const dir = mkdtempSync(join(tmpdir(), 'startup-breakdown-'));
try {
  const bundle = join(root, 'dist/commands/serve.marked.cjs');
  writeFileSync(bundle, markedBundle(readFileSync(join(root, 'dist/commands/serve.cjs'), 'utf8')));
  const child = join(dir, 'child.cjs');
  writeFileSync(child, CHILD);
  const flags = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    .scripts.start.split(/\s+/)
    .filter((word) => word.startsWith('--') && !word.startsWith('--snapshot-blob'));
  const cache = join(dir, 'serve.code-cache');
  const runOnce = (out) => {
    execFileSync(process.execPath, [...flags, child, bundle, cache, out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    return JSON.parse(readFileSync(out, 'utf8'));
  };
  runOnce(join(dir, 'first.json'));
  const runs = Array.from({ length: Number(values.runs) }, (_, i) => runOnce(join(dir, `run-${i}.json`)));
  if (runs.some((run) => run.rejected)) process.stdout.write('note: V8 refused the code cache in some runs\n');
  const group = (name) =>
    values.modules || /^(step:|built-in|\()/.test(name) || !name.includes('/')
      ? name
      : name.replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*/, 'package $1').replace(/^(src|contracts)\/([^/]+)\/.*/, 'modules of $1/$2/');
  const grouped = runs.map((run) => {
    const sums = new Map();
    for (const [name, ms] of Object.entries(run.times)) sums.set(group(name), (sums.get(group(name)) ?? 0) + ms);
    return sums;
  });
  const names = new Set(grouped.flatMap((sums) => [...sums.keys()]));
  const total = median(runs.map((run) => run.total));
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  process.stdout.write(
    `${runs.length} runs, load average ${load}; from the process's start to the first list answered: ${total.toFixed(0)} ms (median), Node's own bootstrap ${median(runs.map((run) => run.bootstrap)).toFixed(0)} ms of it\n`,
  );
  const rows = [...names].map((name) => [name, median(grouped.map((sums) => sums.get(name) ?? 0))]).sort((a, b) => b[1] - a[1]);
  // One write: a reader that stops early (`| head`) gets whole lines.
  process.stdout.write(
    rows
      .filter(([, ms]) => ms >= 0.3)
      .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}\n`)
      .join(''),
  );
} finally {
  rmSync(join(root, 'dist/commands/serve.marked.cjs'), { force: true });
  rmSync(dir, { recursive: true, force: true });
}
