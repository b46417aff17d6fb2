/** What the command line writes to the terminal besides the banner: its version, and the request log's lines. */
import { readFileSync } from 'node:fs';

/** The version in the package's package.json, found upwards from this file (the bundle in dist/, or tsc's output in dist/src/cli/). */
export function ownVersion(): string {
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 5; depth++) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'voice-config-mock' && manifest.version) return manifest.version;
    } catch {
      // No package.json here: look one folder up.
    }
    dir = new URL('..', dir);
  }
  return 'unknown';
}

/**
 * The request log's lines, gathered and written every 20 ms (under load one write carries many requests, not a system
 * call each) and when the process exits (writes to a terminal, file or pipe are synchronous on Linux and macOS).
 */
export function batchedWriter(stream: NodeJS.WriteStream): (line: string) => void {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const lines = pending;
    pending = '';
    stream.write(lines);
  };
  process.once('exit', flush);
  return (line) => {
    pending += line;
    if (scheduled) return;
    scheduled = true;
    setTimeout(flush, 20);
  };
}
