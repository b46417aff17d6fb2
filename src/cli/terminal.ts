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
 * The request log's lines, gathered and written once per turn of the event loop (under load one write carries the
 * lines of every request answered in that turn, not a system call each) and when the process exits (writes to a
 * terminal, file or pipe are synchronous on Linux and macOS). Not kept longer: strings that outlive a few young-
 * generation collections (npm start runs with a small one) are copied into the old generation, and measured, lines
 * kept for 20 ms cost the mock three times what lines written each turn do (docs/BENCHMARKS.md).
 */
export function batchedWriter(stream: NodeJS.WriteStream): (line: string) => void {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    stream.write(text);
  };
  process.once('exit', flush);
  return (line) => {
    if (lines.push(line) === 1) setImmediate(flush);
  };
}
