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

const LOG_BUFFER_BYTES = 64 * 1024;

/**
 * The request log's lines, gathered and written every 20 ms (under load one write carries many requests, not a system
 * call each) and when the process exits (writes to a terminal, file or pipe are synchronous on Linux and macOS).
 * They wait as bytes in a buffer outside the JavaScript heap: strings kept for 20 ms would outlive several young-
 * generation collections (npm start runs with a small one) and be copied into the old generation, which costs more
 * than making the line.
 */
export function batchedWriter(stream: NodeJS.WriteStream): (line: string) => void {
  let buffer = Buffer.allocUnsafeSlow(LOG_BUFFER_BYTES);
  let used = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (used === 0) return;
    const lines = buffer.subarray(0, used);
    // A new buffer each time: a write the stream could not finish at once keeps the one it was given.
    buffer = Buffer.allocUnsafeSlow(LOG_BUFFER_BYTES);
    used = 0;
    stream.write(lines);
  };
  process.once('exit', flush);
  return (line) => {
    // Three bytes per UTF-16 unit at most; a line is a few hundred characters (the request log cuts paths and names).
    if (used + line.length * 3 > LOG_BUFFER_BYTES) flush();
    used += buffer.write(line, used);
    if (scheduled) return;
    scheduled = true;
    setTimeout(flush, 20);
  };
}
