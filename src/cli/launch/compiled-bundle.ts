/**
 * Runs a command's bundle (`dist/commands/<name>.cjs`) through a V8 code
 * cache. Node 20 has no compile cache for ES modules, and parsing and
 * compiling the bundle is a good part of a start-up (`npm run bench --
 * --variants no-code-cache`); so each command is bundled as CommonJS, and
 * `npm run build` writes the code V8 compiled while warming up the commands
 * whose bundle has a warm-up (`serve`: `write-code-cache.ts`).
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

/** Built in dist/commands/, beside the launcher. */
export function bundlePath(name: string): string {
  return fileURLToPath(new URL(`./commands/${name}.cjs`, import.meta.url));
}

/** Where the cache of a command's bundle for this process's node flags lives. */
export function codeCachePath(name: string, nodeFlags: string[] = process.execArgv): string {
  const suffix = nodeFlags.join(' ').replace(/[^\w=.-]+/g, '_');
  return fileURLToPath(new URL(`./commands/${name}${suffix ? `.${suffix}` : ''}.code-cache`, import.meta.url));
}

/** What the cache file says about the bundle it was made from, and the Node (the V8) that made it. */
export function bundleStamp(name: string): string {
  const { size, mtimeMs } = statSync(bundlePath(name));
  // Whole milliseconds: finer parts do not survive every copy or file system.
  return `${size}:${Math.round(mtimeMs)}:${process.version}`;
}

export type CodeCacheUse = 'accepted' | 'rejected' | 'stale' | 'none';

export interface CompiledBundle {
  exports: {
    run(argv: string[]): Promise<number | undefined>;
    /** Only in the bundles the build makes a code cache for. */
    warmUp?(): Promise<void>;
  };
  script: Script;
  codeCache: CodeCacheUse;
}

/** The cache bytes when the file was made from this bundle; 'stale' when from another; undefined when there is none. */
export function readCodeCache(name: string): Buffer | 'stale' | undefined {
  let file: Buffer;
  try {
    file = readFileSync(codeCachePath(name));
  } catch {
    return undefined;
  }
  const newline = file.indexOf(10);
  if (newline === -1 || file.subarray(0, newline).toString('latin1') !== bundleStamp(name)) return 'stale';
  return file.subarray(newline + 1);
}

export function loadBundle(name: string, { useCodeCache = true } = {}): CompiledBundle {
  const cache = useCodeCache ? readCodeCache(name) : undefined;
  const bundle = bundlePath(name);
  const cachedData = cache instanceof Buffer ? cache : undefined;
  // Module.wrap gives the bundle the same function scope (require, module, __filename) as require() would.
  const script = new Script(Module.wrap(readFileSync(bundle, 'utf8')), {
    filename: bundle,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    ...(cachedData && { cachedData }),
  });
  const module = { exports: {} as CompiledBundle['exports'] };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  const codeCache = cache === 'stale' ? 'stale' : cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  return { exports: module.exports, script, codeCache };
}
