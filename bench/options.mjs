/** The bench's command-line flags (`npm run bench -- --duration 10`). */
import { parseArgs } from 'node:util';

export const usage = `Usage: npm run bench -- [options]
  --duration S       seconds per measured case (default 5)
  --connections N    concurrent connections (default 10)
  --rounds N         slices each case's time is cut into, the servers in turn; a ratio is the median of the rounds (default 5)
  --warmup S         seconds each server gets the case's request before it is measured (default 2; 0 skips)
  --startup-runs N   start-ups to take the median of (default 5; 3 with the large state)
  --records N        records in the large state file, and the largest size operations are timed at in process (default 100000; 0 skips both)
  --cases LIST       comma-separated cases to run (default list,get,patch,create,delete; delete needs create)
  --no-durable       leave out the mock with --state-file and the raw server with a durable log (demo seed, write cases, in the same rounds)
  --floor            also run PATCH and create, with the demo seed, against a bare Hono app that only parses, keeps and answers the record (bench/hono-floor.mjs)
  --variants LIST    only weigh the optimisations: the mock as npm start runs it beside variants without one each
                     (comma-separated names from bench/variants.mjs, or all), start-ups alternating, cases in the same slices
  --before DIR       with --variants: also run the build of another checkout (DIR/dist, e.g. the commit before a change),
                     as npm start runs it, in the same slices: before and after side by side
  --calibrate        only measure the machine: p99 of the raw server when it works 0 to 80 µs more per request
  -h, --help         show this help
`;

/** Parsed flags; prints the usage and exits on --help, throws on a bad value. */
export function benchOptions(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      'startup-runs': { type: 'string', default: '5' },
      records: { type: 'string', default: '100000' },
      cases: { type: 'string', default: 'list,get,patch,create,delete' },
      floor: { type: 'boolean', default: false },
      'no-durable': { type: 'boolean', default: false },
      calibrate: { type: 'boolean', default: false },
      variants: { type: 'string' },
      before: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  const known = ['list', 'get', 'patch', 'create', 'delete'];
  const number = (name, min) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${values[name]}")\n${usage}`);
    return value;
  };
  return {
    durationS: number('duration', 1),
    connections: number('connections', 1),
    rounds: number('rounds', 1),
    warmupS: number('warmup', 0),
    startupRuns: number('startup-runs', 1),
    records: number('records', 0),
    floor: values.floor,
    durable: !values['no-durable'],
    calibrate: values.calibrate,
    before: values.before,
    variants: values.variants === undefined ? undefined : values.variants.split(',').map((name) => name.trim()),
    cases: values.cases.split(',').map((name) => {
      if (!known.includes(name.trim())) throw new Error(`--cases: unknown case "${name}"; known: ${known.join(', ')}`);
      return name.trim();
    }),
  };
}
