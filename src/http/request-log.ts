/**
 * The request log: one line per answered request, for the terminal the mock
 * runs in (`npm start` prints it; `--quiet` leaves this layer off the app
 * altogether). A line reads
 *
 *   09:14:03.512 DELETE /api/v1/assistants/3f1c… 403 0.4 ms  Demo Org  Forbidden Error
 *
 * time, method, path and query (as sent, so still percent-encoded), status,
 * milliseconds in the app, the caller's organization (`-` when none was
 * known) and, for a 4xx in the problem shape, the problem's title. Lines are
 * gathered and written once per turn of the event loop: under load that is
 * one write for many requests, not a system call each.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './auth.js';

export interface RequestLogOptions {
  /** Takes one or more whole lines, each ending in a newline. */
  write(lines: string): void;
  /** Log the control API (/__mock/) too (default: only the rest). */
  control?: boolean;
  /** ANSI colours for a terminal (default off: plain text for a pipe or a file). */
  color?: boolean;
}

const MAX_PATH_CHARS = 200;
const MAX_NAME_CHARS = 60;
const PROBLEM_TYPE = 'application/problem+json';

const paint = (color: boolean, code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const statusColor = (status: number) => (status >= 500 ? '31' : status >= 400 ? '33' : status >= 300 ? '36' : '32');
// Organization names are chosen by whoever creates a tenant: no control character of theirs reaches the terminal.
const printable = (text: string, max: number) => {
  const clean = text.replace(/\p{Cc}/gu, '?');
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

function clockTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** The path and query as the client sent them: taken from the URL, not Hono's path, which is percent-decoded. */
function sentPath(c: Context): string {
  const { url } = c.req;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return printable(start === -1 ? '/' : url.slice(start), MAX_PATH_CHARS);
}

/** The title of a 4xx problem answer, read from a copy of its body (only 4xx answers are read). */
async function problemTitle(res: Response): Promise<string | undefined> {
  if (res.status < 400 || res.status >= 500 || !res.headers.get('content-type')?.startsWith(PROBLEM_TYPE)) return undefined;
  try {
    const title = ((await res.clone().json()) as { title?: unknown }).title;
    return typeof title === 'string' ? printable(title, MAX_NAME_CHARS) : undefined;
  } catch {
    return undefined;
  }
}

export function requestLog(options: RequestLogOptions): MiddlewareHandler<AppEnv> {
  const color = options.color === true;
  let pending: string[] = [];
  const flush = () => {
    const lines = pending.join('');
    pending = [];
    options.write(lines);
  };
  const print = (line: string) => {
    if (pending.push(line) === 1) setImmediate(flush);
  };
  return async function logRequest(c, next) {
    if (!options.control && c.req.path.startsWith('/__mock')) return next();
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const { status } = c.res;
    const org = c.get('org')?.name;
    const title = await problemTitle(c.res);
    const parts = [
      paint(color, '2', clockTime(new Date())),
      c.req.method,
      sentPath(c),
      paint(color, statusColor(status), String(status)),
      paint(color, '2', `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`),
      ` ${org === undefined ? '-' : printable(org, MAX_NAME_CHARS)}`,
      ...(title ? [` ${paint(color, statusColor(status), title)}`] : []),
    ];
    print(`${parts.join(' ')}\n`);
  };
}
