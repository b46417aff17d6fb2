/**
 * The compiled mock serving a state loaded from a file, without saving it
 * back: the large data set's in-memory cost, apart from what `--state-file`
 * spends writing the file after every change. Same app, store and server as
 * `npm start`; only the persistence is left out.
 * Usage: node bench/serve-loaded.mjs --port N --state PATH [--max-records N] [--quiet]
 * (It has no request log: --quiet is taken, as the mock's flags are passed on as they are.)
 */
import { parseArgs } from 'node:util';
import { loadStateFile } from '../dist/src/state/persistence/state-file.js';
import { startServer } from '../dist/src/server/server.js';
import { createMockState } from '../dist/src/state/mock-state.js';

const { values } = parseArgs({ options: { port: { type: 'string' }, state: { type: 'string' }, 'max-records': { type: 'string' }, quiet: { type: 'boolean' } } });
const maxRecords = values['max-records'];
const mockState = createMockState({ scenario: 'empty', ...(maxRecords ? { limits: { recordsPerKind: Number(maxRecords) } } : {}) });
await loadStateFile(mockState, values.state);
const server = await startServer({ port: Number(values.port), mockState });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => server.close().finally(() => process.exit(0)));
