/**
 * Runs the CLI bundle through a V8 code cache. Node 20 has no compile cache
 * for ES modules, and parsing and compiling the bundle is a fifth of a
 * start-up; so the CLI is bundled as CommonJS, and `npm run build` writes the
 * code V8 compiled while warming up (`write-code-cache.ts`). A cache that does
 * not fit (another Node version, other V8 flags, a changed bundle) is
 * rejected by V8 and the bundle compiles as usual, only slower.
 */
import { readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** Built next to the launcher in dist/. */
export const bundlePath = fileURLToPath(new URL('./voice-config-mock.cjs', import.meta.url));
export const codeCachePath = fileURLToPath(new URL('./voice-config-mock.code-cache', import.meta.url));

export type CodeCacheUse = 'accepted' | 'rejected' | 'none';

export interface CompiledBundle {
  exports: {
    main(argv: string[]): Promise<void>;
    warmUp(): Promise<void>;
  };
  script: Script;
  codeCache: CodeCacheUse;
}

function readCodeCache(): Buffer | undefined {
  try {
    return readFileSync(codeCachePath);
  } catch {
    return undefined;
  }
}

export function loadBundle({ useCodeCache = true } = {}): CompiledBundle {
  const cachedData = useCodeCache ? readCodeCache() : undefined;
  // Module.wrap gives the bundle the same function scope (require, module, __filename) as require() would.
  const script = new Script(Module.wrap(readFileSync(bundlePath, 'utf8')), { filename: bundlePath, ...(cachedData && { cachedData }) });
  const module = { exports: {} as CompiledBundle['exports'] };
  script.runInThisContext()(module.exports, createRequire(bundlePath), module, bundlePath, fileURLToPath(new URL('.', import.meta.url)));
  const codeCache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';
  return { exports: module.exports, script, codeCache };
}
