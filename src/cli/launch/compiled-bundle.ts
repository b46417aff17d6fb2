/**
 * Runs the CLI bundle through a V8 code cache. Node 20 has no compile cache
 * for ES modules, and parsing and compiling the bundle is a good part of a
 * start-up (`npm run bench -- --variants no-code-cache`); so the CLI is
 * bundled as CommonJS, and `npm run build` writes the code V8 compiled while
 * warming up (`write-code-cache.ts`).
 *
 * V8 takes a cache only under the node flags it was made with; the build
 * makes one, for npm start's (the installed command compiles as usual).
 * It checks a changed source only by its length, so each cache starts with
 * the size and modification time of the bundle it was made from, and one made
 * from another bundle is never handed to V8. Without a usable cache the
 * bundle compiles as usual, only slower.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, Script } from 'node:vm';

/** Built next to the launcher in dist/. */
export const bundlePath = fileURLToPath(new URL('./voice-config-mock.cjs', import.meta.url));

/** Where the cache for this process's node flags lives. */
export function codeCachePath(nodeFlags: string[] = process.execArgv): string {
  const suffix = nodeFlags.join(' ').replace(/[^\w=.-]+/g, '_');
  return fileURLToPath(new URL(`./voice-config-mock${suffix ? `.${suffix}` : ''}.code-cache`, import.meta.url));
}

/** What the cache file says about the bundle it was made from, and the Node (the V8) that made it. */
export function bundleStamp(): string {
  const { size, mtimeMs } = statSync(bundlePath);
  // Whole milliseconds: finer parts do not survive every copy or file system.
  return `${size}:${Math.round(mtimeMs)}:${process.version}`;
}

export type CodeCacheUse = 'accepted' | 'rejected' | 'stale' | 'none';

export interface CompiledBundle {
  exports: {
    main(argv: string[]): Promise<void>;
    warmUp(): Promise<void>;
  };
  script: Script;
  codeCache: CodeCacheUse;
}

/** The cache bytes when the file was made from this bundle; 'stale' when from another; undefined when there is none. */
export function readCodeCache(): Buffer | 'stale' | undefined {
  let file: Buffer;
  try {
    file = readFileSync(codeCachePath());
  } catch {
    return undefined;
  }
  const newline = file.indexOf(10);
  if (newline === -1 || file.subarray(0, newline).toString('latin1') !== bundleStamp()) return 'stale';
  return file.subarray(newline + 1);
}

export function loadBundle({ useCodeCache = true } = {}): CompiledBundle {
  const cache = useCodeCache ? readCodeCache() : undefined;
  const cachedData = cache instanceof Buffer ? cache : undefined;
  // Module.wrap gives the bundle the same function scope (require, module, __filename) as require() would.
  const script = new Script(Module.wrap(readFileSync(bundlePath, 'utf8')), {
    filename: bundlePath,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    ...(cachedData && { cachedData }),
  });
  const module = { exports: {} as CompiledBundle['exports'] };
  script.runInThisContext()(module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
  const codeCache = cache === 'stale' ? 'stale' : cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  return { exports: module.exports, script, codeCache };
}
