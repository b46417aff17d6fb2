/**
 * `npm run build:code-cache`: compiles the CLI bundle without a cache, warms
 * it up like a start-up and writes the code V8 compiled. Run it with the same
 * node flags as `npm start`: V8 rejects a cache made under other flags.
 */
import { writeFileSync } from 'node:fs';
import { codeCachePath, loadBundle } from './compiled-bundle.js';

const { exports, script } = loadBundle({ useCodeCache: false });
await exports.warmUp();
writeFileSync(codeCachePath, script.createCachedData());
