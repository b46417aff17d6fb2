/**
 * The request body as text. On Node, a body with a Content-Length is read
 * straight from the IncomingMessage: asking the Request for it
 * (`c.req.text()`) makes the Node adapter build a WHATWG Request with a
 * ReadableStream first. Anywhere else (a browser, or a chunked body that the
 * size limit has already streamed) the Request serves it.
 */
import type { Context } from 'hono';

/** The part of Node's IncomingMessage this needs (no Node types in code that also runs in browsers). */
interface IncomingBody {
  readableDidRead: boolean;
  setEncoding(encoding: 'utf8'): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  once(event: 'end', listener: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
}

export function bodyText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingBody } | undefined)?.incoming;
  if (!incoming || incoming.readableDidRead || c.req.header('content-length') === undefined) return c.req.text();
  incoming.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let text = '';
    incoming.on('data', (chunk) => {
      text += chunk;
    });
    incoming.once('end', () => resolve(text));
    incoming.once('error', reject);
  });
}
