#!/usr/bin/env node
/**
 * `node bench/explore-seeds.mjs [--seeds 10] [--time-limit 60] [--runs 5000] [--steps 10] [--bug NAME]`:
 * for each bug planted in the buggy proxy (test/kit-servers/buggy-proxy.ts), runs explore with seeds 1..N
 * against a fresh mock in-process and prints, per bug, how many seeds found it within the time limit, the
 * sequences drawn and seconds taken until it was found, and the length it was shrunk to (its shortest is
 * given beside). The TypeScript is bundled by esbuild first (a devDependency). Figures: docs/conformance.md.
 */
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '10' },
    'time-limit': { type: 'string', default: '60' },
    runs: { type: 'string', default: '5000' },
    steps: { type: 'string', default: '10' },
    bug: { type: 'string', multiple: true },
  },
});
// Inside the project, so that the bundle's packages resolve from its node_modules.
const out = new URL('../node_modules/.cache/explore-seeds/explore-seeds.mjs', import.meta.url).pathname;
await build({
  entryPoints: [new URL('../test/kit-servers/explore-seeds.ts', import.meta.url).pathname],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: out,
  logLevel: 'error',
});
const { searchSeed, PLANTED } = await import(out);
const bugs = values.bug ?? Object.keys(PLANTED);
const seeds = Number(values.seeds);
console.log(`explore, seeds 1..${seeds}, ${values['time-limit']} s and ${values.runs} sequences of up to ${values.steps} steps each at most\n`);
console.log('| bug | found | sequences drawn (median, max) | seconds (median, max) | shrunk to (shortest) | reproduced |');
console.log('|---|---|---|---|---|---|');
const median = (list) => (list.length === 0 ? '–' : [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]);
for (const bug of bugs) {
  const results = [];
  for (let seed = 1; seed <= seeds; seed++)
    results.push(await searchSeed(bug, seed, Number(values['time-limit']) * 1000, Number(values.runs), Number(values.steps)));
  const found = results.filter((result) => result.found);
  const runs = found.map((result) => result.runs);
  const seconds = found.map((result) => Math.round(result.seconds * 10) / 10);
  const lengths = [...new Set(found.map((result) => result.length))].sort().join(', ');
  const reproduced = found.every((result) => result.reproduced === 3) ? 'all 3/3' : found.map((result) => `${result.reproduced}/3`).join(' ');
  console.log(
    `| ${bug} | ${found.length}/${seeds} | ${median(runs)}, ${Math.max(0, ...runs)} | ${median(seconds)}, ${Math.max(0, ...seconds)} | ${lengths || '–'} (${PLANTED[bug].shortest}) | ${reproduced} |`,
  );
}
