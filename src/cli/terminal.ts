/** What the command line writes to the terminal besides the banner: its version, and the request log's lines. */
import { spawn } from 'node:child_process';
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

/** A batch is written as soon as it holds this many characters, without waiting for its time. */
export const BATCH_CHARS = 64 * 1024;
/**
 * The longest a line waits to be written: under load, one write carries every line answered meanwhile. Each write
 * wakes the log's reader, which costs the writer too: at 5 ms the pipe's writes were about 5 µs of a 170 µs request
 * (profiled), at 25 ms about 1.4 (docs/BENCHMARKS.md). A person reading a terminal sees no difference.
 */
export const FLUSH_MS = 25;

/**
 * The request log's lines, gathered and written at most `flushMs` after the first of a batch (under load one write
 * carries the lines of every request answered meanwhile, not a system call each: a write to a pipe or a terminal
 * wakes its reader, and that, once a turn of the loop, was most of what the log cost), or as soon as a batch
 * reaches `batchChars`, and when the process exits (writes to a terminal, file or pipe are tried at once on Linux
 * and macOS). Lines keep their order: a batch is one write, batches go in turn.
 *
 * Bounded: never more than the stream's own buffer (its high-water mark), one batch past it, and the batch being
 * gathered (under `batchChars` and one line) are held. When the stream says it is full (a pipe nobody reads, a
 * terminal paused with Ctrl+S), lines are dropped and counted until it drains, and then one line says how many
 * were dropped. When it is gone (the reader quit: EPIPE; the caller handles the stream's error), every later line
 * is dropped. A log nobody reads can neither hold the mock's memory nor make it wait.
 */
export function batchedWriter(stream: NodeJS.WritableStream, batchChars = BATCH_CHARS, flushMs = FLUSH_MS): (line: string) => void {
  let lines: string[] = [];
  let chars = 0;
  let full = false;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const drained = () => {
    full = false;
    if (dropped === 0) return;
    const note = `voice-config-mock: ${dropped} request log line${dropped === 1 ? '' : 's'} dropped: the output was not being read as fast as requests came\n`;
    dropped = 0;
    write(note);
  };
  const write = (text: string) => {
    if (stream.write(text) || full) return;
    // Full: what was just written waits in the stream's buffer; nothing more goes there until it drains.
    full = true;
    stream.once('drain', drained);
  };
  const flush = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (lines.length === 0) return;
    const batch = lines;
    lines = [];
    chars = 0;
    // Each line is one request's and ends in its one newline.
    if (full) dropped += batch.length;
    else write(batch.length === 1 ? (batch[0] as string) : batch.join(''));
  };
  process.once('exit', flush);
  return (line) => {
    if (full) {
      dropped++;
      return;
    }
    // Not holding the process open: what is left when it exits is written by the exit handler.
    if (lines.push(line) === 1) timer = setTimeout(flush, flushMs).unref();
    chars += line.length;
    if (chars >= batchChars) flush();
  };
}

const ESC = String.fromCharCode(27);
/** A colour or style code (ANSI SGR and the like). */
const ANSI_ESCAPE = new RegExp(`${ESC}\\[[0-9;]*[A-Za-z]`, 'g');
/** The start of one, cut off at the end of a chunk. */
const CUT_ESCAPE = new RegExp(`${ESC}(\\[[0-9;]*)?$`);

/** Marks the child `withoutColour` runs, which runs the command itself. */
const PLAIN_CHILD = 'VOICE_CONFIG_MOCK_PLAIN_CHILD';

/**
 * Runs this command again as a child and passes its output on without ANSI colour codes (NO_COLOR): for output
 * that native code writes straight to the terminal, out of this process's reach. Resolves the child's exit code.
 * In the child itself (or where the command is no script) it does nothing and resolves undefined.
 */
export function withoutColour(argv: string[]): Promise<number | undefined> {
  const script = process.argv[1];
  if (process.env[PLAIN_CHILD] || !script) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, script, ...argv], {
      env: { ...process.env, [PLAIN_CHILD]: '1' },
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    const plain = (into: NodeJS.WriteStream) => {
      let held = '';
      return (chunk: Buffer) => {
        const text = held + chunk.toString('utf8');
        // An escape cut at the end of a chunk waits for the rest.
        const cut = CUT_ESCAPE.exec(text);
        held = cut ? cut[0] : '';
        into.write((cut ? text.slice(0, cut.index) : text).replace(ANSI_ESCAPE, ''));
      };
    };
    child.stdout.on('data', plain(process.stdout));
    child.stderr.on('data', plain(process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });
}
