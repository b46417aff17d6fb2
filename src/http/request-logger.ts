/**
 * The request log's lines, apart from any framework: whatever answers a request (the Hono app's middleware,
 * src/http/request-log.ts, or a server answering without it) hands the logger what it saw, and the line comes out
 * the same. A line reads
 *
 *   09:14:03.512 DELETE /api/v1/assistants/3f1c… 403 0.4 ms  Demo Org  Forbidden Error
 *
 * time, method, path and query (as sent, so still percent-encoded), status, milliseconds in the app, the caller's
 * organization (`-` when none was known) and, for a 4xx in the problem shape, the problem's title.
 */
import { terminalTextCut } from './terminal-text.js';

export interface RequestLogOptions {
  /**
   * Takes one line, ending in a newline. Called once per answered request, on the request's own turn: the
   * taker gathers lines into fewer writes (the CLI's src/cli/terminal.ts batchedWriter: a line waits at most 25 ms).
   */
  write(line: string): void;
  /** Log the control API (/__mock/) too (default: only the rest). */
  control?: boolean;
  /** ANSI colours for a terminal (default off: plain text for a pipe or a file). */
  color?: boolean;
}

/** What one answered request shows in its line. */
export interface RequestLogEntry {
  method: string;
  /**
   * The path and query as the client sent them (still percent-encoded): Node's request target (`req.url`), or a
   * whole URL (its scheme and host are left out). The logger escapes and cuts it for the terminal.
   */
  sentPath: string;
  status: number;
  /** Milliseconds from the request reaching the app to its answer. */
  ms: number;
  /** The caller's organization, when authentication found one. */
  org: { name: string } | undefined;
  /** The problem's title of an answer in the problem shape (shown for a 4xx only). */
  problemTitle: string | undefined;
}

export interface RequestLogger {
  /** Whether a request to `path` (as routed, percent-decoded or not) gets a line: the control API only with `control`. */
  enabled(path: string): boolean;
  /** Formats the entry's line and hands it to `write`. */
  line(entry: RequestLogEntry): void;
}

const MAX_PATH_CHARS = 200;
const MAX_NAME_CHARS = 60;
/** A failing writer's message, as told on stderr. */
const MAX_REASON_CHARS = 200;
const CONTROL_PREFIX = '/__mock';

const RESET = '\x1b[0m';
const DIM = '\x1b[2m';
const statusColor = (status: number) => (status >= 500 ? '\x1b[31m' : status >= 400 ? '\x1b[33m' : status >= 300 ? '\x1b[36m' : '\x1b[32m');

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));

function clockTime(date: Date): string {
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${three(date.getMilliseconds())}`;
}

/** `0.4 ms` under 10 ms (one decimal: whole tenths, which V8 turns into text from a cache, not `toFixed`), `12 ms` from there. */
function took(ms: number): string {
  if (ms >= 10) return `${Math.round(ms)} ms`;
  const tenths = Math.round(ms * 10);
  return `${Math.floor(tenths / 10)}.${tenths % 10} ms`;
}

/** The path and query of a request target or URL: `http://host/path` loses its scheme and host. */
function pathOfTarget(target: string): string {
  if (target.charCodeAt(0) === 47 /* / */) return target;
  const scheme = target.indexOf('//');
  const start = scheme === -1 ? -1 : target.indexOf('/', scheme + 2);
  return start === -1 ? '/' : target.slice(start);
}

export function createRequestLogger(options: RequestLogOptions): RequestLogger {
  const { write, control = false, color = false } = options;
  // One clock text per millisecond, and one name text per organization in a row: under load many lines share them.
  let lastMs = 0;
  let lastTime = '';
  let lastOrg: object | undefined;
  let lastWho = '-';
  return {
    enabled: (path) => control || !path.startsWith(CONTROL_PREFIX),
    line({ method, sentPath, status, ms, org, problemTitle }) {
      const now = Date.now();
      if (now !== lastMs) {
        lastMs = now;
        lastTime = clockTime(new Date(now));
      }
      if (org !== lastOrg) {
        lastOrg = org;
        // Organization names are chosen by whoever creates a tenant: what the terminal would act on is shown escaped.
        lastWho = org === undefined ? '-' : terminalTextCut(org.name, MAX_NAME_CHARS);
      }
      // Node's parser refuses C0 controls in a URL, but takes bytes over 0x7f as Latin-1 (C1 controls among them).
      const path = terminalTextCut(pathOfTarget(sentPath), MAX_PATH_CHARS);
      const title = status >= 400 && status < 500 ? problemTitle : undefined;
      if (!color) {
        write(`${lastTime} ${method} ${path} ${status} ${took(ms)}  ${lastWho}${title ? `  ${title}` : ''}\n`);
        return;
      }
      const hue = statusColor(status);
      write(
        `${DIM}${lastTime}${RESET} ${method} ${path} ${hue}${status}${RESET} ${DIM}${took(ms)}${RESET}  ${lastWho}${title ? `  ${hue}${title}${RESET}` : ''}\n`,
      );
    },
  };
}

/** Loggers requestLoggerOf made, so that one handed on (the server's, to its app) is not wrapped twice. */
const guarded = new WeakSet<RequestLogger>();

/**
 * The logger given, or one made from its options: a server's app and its direct routes share one, so their lines go
 * out in order. A line that cannot be written never changes an answer: the request was answered (a change made, and
 * saved) before its line, so a `write` or `line` that throws is told once on stderr and the request is answered as
 * it would have been.
 */
export function requestLoggerOf(options: RequestLogOptions | RequestLogger): RequestLogger {
  if ('line' in options && guarded.has(options)) return options;
  const inner = 'line' in options ? options : createRequestLogger(options);
  let told = false;
  const logger: RequestLogger = {
    enabled: (path) => inner.enabled(path),
    line(entry) {
      try {
        inner.line(entry);
      } catch (error) {
        if (told) return;
        told = true;
        const why = terminalTextCut(error instanceof Error ? error.message : String(error), MAX_REASON_CHARS);
        console.error(
          `voice-config-mock: the request log could not write a line (${why}); requests are answered all the same, and later failures of the log are not told.`,
        );
      }
    },
  };
  guarded.add(logger);
  return logger;
}
