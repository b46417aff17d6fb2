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
 *
 * Never more than the stream's own buffer (its high-water mark) and one turn's lines are held: when the stream
 * says it is full (a pipe nobody reads, a terminal paused with Ctrl+S), lines are dropped and counted until it
 * drains, and then one line says how many were dropped. A log nobody reads cannot hold the mock's memory.
 */
export function batchedWriter(stream: NodeJS.WritableStream): (line: string) => void {
  let lines: string[] = [];
  let full = false;
  let dropped = 0;
  const drained = () => {
    full = false;
    if (dropped === 0) return;
    const note = `voice-config-mock: ${dropped} request log line${dropped === 1 ? '' : 's'} dropped: the output was not being read as fast as requests came\n`;
    dropped = 0;
    write(note);
  };
  const write = (text: string) => {
    if (stream.write(text) || full) return;
    full = true;
    stream.once('drain', drained);
  };
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    write(text);
  };
  process.once('exit', flush);
  return (line) => {
    if (full) dropped++;
    else if (lines.push(line) === 1) setImmediate(flush);
  };
}
