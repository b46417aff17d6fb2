/**
 * The request log: one line per answered request, for the terminal the mock
 * runs in (`npm start` prints it; `--quiet` leaves this layer off the app
 * altogether). A line reads
 *
 *   09:14:03.512 DELETE /api/v1/assistants/3f1c… 403 0.4 ms  Demo Org  Forbidden Error
 *
 * time, method, path and query (as sent, so still percent-encoded), status,
 * milliseconds in the app, the caller's organization (`-` when none was
 * known) and, for a 4xx in the problem shape, the problem's title.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { terminalTextCut } from './terminal-text.js';

export interface RequestLogOptions {
  /** Takes one line, ending in a newline (the CLI gathers them into fewer writes). */
  write(line: string): void;
  /** Log the control API (/__mock/) too (default: only the rest). */
  control?: boolean;
  /** ANSI colours for a terminal (default off: plain text for a pipe or a file). */
  color?: boolean;
}

const MAX_PATH_CHARS = 200;
const MAX_NAME_CHARS = 60;

const paint = (color: boolean, code: string, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const statusColor = (status: number) => (status >= 500 ? '31' : status >= 400 ? '33' : status >= 300 ? '36' : '32');

function clockTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** The path and query as the client sent them: taken from the URL, not Hono's path, which is percent-decoded. */
function sentPath(c: Context): string {
  const { url } = c.req;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  // Node's parser refuses C0 controls in a URL, but takes bytes over 0x7f as Latin-1 (C1 controls among them).
  return terminalTextCut(start === -1 ? '/' : url.slice(start), MAX_PATH_CHARS);
}

export function requestLog(options: RequestLogOptions): MiddlewareHandler<AppEnv> {
  const { write, control = false, color = false } = options;
  // One clock text per millisecond, and one name text per organization in a row: under load many lines share them.
  let lastMs = 0;
  let lastTime = '';
  let lastOrg: object | undefined;
  let lastWho = '-';
  return async function logRequest(c, next) {
    if (!control && c.req.path.startsWith('/__mock')) return next();
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastTime = clockTime(new Date(now));
    }
    const { status } = c.res;
    const org = c.get('org');
    if (org !== lastOrg) {
      lastOrg = org;
      // Organization names are chosen by whoever creates a tenant: what the terminal would act on is shown escaped.
      lastWho = org === undefined ? '-' : terminalTextCut(org.name, MAX_NAME_CHARS);
    }
    const title = status >= 400 && status < 500 ? c.get('problemTitle') : undefined;
    const took = `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    const line = color
      ? `${paint(true, '2', lastTime)} ${c.req.method} ${sentPath(c)} ${paint(true, statusColor(status), String(status))} ${paint(true, '2', took)}  ${lastWho}${title ? `  ${paint(true, statusColor(status), title)}` : ''}\n`
      : `${lastTime} ${c.req.method} ${sentPath(c)} ${status} ${took}  ${lastWho}${title ? `  ${title}` : ''}\n`;
    write(line);
  };
}
