/**
 * The optimisations `npm run bench -- --variants` weighs, each as a variant of
 * the mock without it: the shipped sources with one module changed at bundle
 * time (an esbuild plugin, so the sources stay as shipped), other node flags,
 * or another way to load the same code. Every variant says which cases show
 * its effect; the mock as `npm start` runs it is measured beside each one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'dist/bench-variants';

/**
 * `edits`: file → [text or pattern, replacement] pairs, each of which must
 * match, so a variant never silently measures the shipped code.
 * `cases`: the load cases that show the difference; `startup`: compared by
 * start-up time; `nodeFlags`: instead of npm start's; `args`: added to the mock's own flags.
 */
export const variants = {
  'no-snapshot': {
    what: 'npm start without its start-up snapshot: the launcher reads, compiles and evaluates the serve bundle',
    startup: true,
    script: 'dist/voice-config-mock.cjs',
  },
  unbundled: {
    what: "the CLI run from tsc's output (dist/src/cli/cli.js), one module per file, no bundle",
    startup: true,
    script: 'bench/run-unbundled.mjs',
  },
  'control-copy': {
    what: 'the control once more, unchanged: how far two identical servers differ in this run (the noise floor)',
    cases: ['list', 'get', 'missing', 'patch', 'create'],
  },
  'no-buffered-body': {
    what: "bodies read through @hono/node-server's reader, not taken whole from Node's parser",
    cases: ['patch', 'create'],
    edits: {
      'src/server/buffered-body.ts': [[/export async function bufferedBody[\s\S]*$/, 'export async function bufferedBody(_c: Context) { return undefined; }\n']],
    },
  },
  'no-writes-together': {
    what: "each direct answer written as soon as it is worked out, not with the rest of its turn's in the check phase",
    cases: ['list', 'get', 'patch', 'create', 'delete'],
    edits: {
      'src/server/direct-lane.ts': [
        ['writes.push({ outgoing, done });\n      writing ??= setImmediate(writeAll);', 'send(outgoing, done);'],
        ['    if (writing) clearImmediate(writing);\n    writing = setImmediate(writeAll);\n', ''],
      ],
    },
  },
  'no-direct-lane': {
    what: "every request through Hono's adapter, the resource routes' plain requests included (no src/http/direct-routes.ts)",
    cases: ['list', 'get', 'patch', 'create', 'delete'],
    edits: { 'src/server/server.ts': [['options.directRoutes === false ||', 'true ||']] },
  },
  'no-stack-trick': {
    what: 'a DomainError (404, 409, 400) made with a stack trace, like any Error',
    cases: ['missing'],
    edits: { 'src/domain/errors.ts': [[/const limit = Error\.stackTraceLimit;[\s\S]*?Error\.stackTraceLimit = limit;\s*\}/, 'super(message);']] },
  },
  'no-timestamp-cache': {
    what: "record timestamps formatted by toISOString every time, not the last millisecond's text again",
    cases: ['patch', 'create'],
    edits: { 'src/domain/timestamp.ts': [[/export function isoTimestamp[\s\S]*$/, 'export const isoTimestamp = (date: Date): string => date.toISOString();\n']] },
  },
  'no-list-cache': {
    what: 'every list serialized again, not kept by the state until the next change to its collection',
    cases: ['list'],
    edits: { 'src/state/operations.ts': [['return ctx.lists ? ctx.lists.get(ctx.orgId, def.kind, text) : text();', 'return text();']] },
  },
  // The request log is on in npm start (and so in every other server here): its cost is how much more this one answers.
  quiet: {
    what: 'the request log off (--quiet): a negative gain is what the log costs when on',
    cases: ['list', 'get', 'missing', 'patch', 'create'],
    args: ['--quiet'],
  },
  'no-heap-growth-bound': {
    what: "serve without its bound on the heap's growth (V8 grows it past what is live as it sees fit; src/cli/heap-growth.ts)",
    cases: ['list', 'get', 'patch', 'create'],
    edits: { 'src/cli/commands/serve.ts': [['  boundHeapGrowth(SERVE_HEAP_GROWING_PERCENT);\n', '']] },
  },
  'no-semi-space': {
    what: 'node without --max-semi-space-size=4 (V8 sizes its young generation itself)',
    cases: ['list', 'patch', 'create'],
    nodeFlags: [],
  },
};

/** Applies a variant's edits to the files esbuild loads. */
function editsPlugin(edits) {
  return {
    name: 'variant-edits',
    setup(pluginBuild) {
      for (const [file, replacements] of Object.entries(edits)) {
        const path = fileURLToPath(new URL(`../${file}`, import.meta.url));
        const filter = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
        pluginBuild.onLoad({ filter }, () => {
          let contents = readFileSync(path, 'utf8');
          for (const [from, to] of replacements) {
            const next = contents.replace(from, to);
            if (next === contents) throw new Error(`variant edit of ${file} found nothing to replace (${from}): update bench/variants.mjs`);
            contents = next;
          }
          return { contents, loader: 'ts' };
        });
      }
    },
  };
}

/**
 * Bundles the serve command as the build does (src/cli/commands/serve.ts),
 * with the variant's edits, to `dist/bench-variants/<name>.cjs`, and returns
 * that path (relative to the project). Run directly, it gets no code cache.
 */
export async function buildVariant(name, edits = {}) {
  const outfile = `${OUT}/${name}.cjs`;
  await build({
    absWorkingDir: root,
    stdin: { contents: "import { run } from './src/cli/commands/serve.ts';\nvoid run(process.argv.slice(2));\n", resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['swagger-ui-dist'],
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "'use strict'; const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    outfile,
    plugins: [editsPlugin(edits)],
  });
  return outfile;
}

/** How to start each named variant: { script, nodeFlags } (nodeFlags undefined: npm start's). */
export async function prepareVariants(names) {
  const started = {};
  for (const name of names) {
    const variant = variants[name];
    if (!variant) throw new Error(`--variants: unknown variant "${name}"; known: ${Object.keys(variants).join(', ')}`);
    const script = variant.script ?? (await buildVariant(name, variant.edits));
    started[name] = { ...variant, script };
  }
  return started;
}
