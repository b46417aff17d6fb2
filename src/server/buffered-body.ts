/**
 * On Node, a small body usually arrives in the same packet as its headers,
 * and by the next turn of the event loop Node's parser holds all of it.
 * Taking it then with one `read()` skips the stream machinery that
 * @hono/node-server's reader goes through for every body (a flowing
 * stream, 'data' and 'end' events, four listeners), and the check phase of
 * that turn answers every write the loop read. It earns its place by what
 * `npm run bench -- --variants no-buffered-body` shows (docs/BENCHMARKS.md).
 *
 * Only for a body the size limit has already judged by its Content-Length.
 * A chunked body (counted by the size limit as it streams), one still
 * arriving after that turn, a closed connection, and a request that did not
 * come through Node's server at all (`app.request`, the browser) get
 * `undefined`: the caller reads those through @hono/node-server. Duck-typed
 * (Node's IncomingMessage is reached through Hono's `c.env`); the server
 * hands it to the app as `AppOptions.bodyBytes`, so src/http stays free of Node.
 */
import type { Context } from 'hono';

/** The parts of Node's IncomingMessage read here. */
export interface NodeRequest {
  readonly complete: boolean;
  readonly destroyed: boolean;
  readonly readableDidRead: boolean;
  readonly readableEncoding: string | null;
  readonly headers: Record<string, string | string[] | undefined>;
  read(): Uint8Array | null;
}

const EMPTY = new Uint8Array(0);

function nodeRequestOf(c: Context): NodeRequest | undefined {
  const incoming = (c.env as { incoming?: Partial<NodeRequest> } | undefined)?.incoming;
  if (incoming === undefined || typeof incoming.read !== 'function' || typeof incoming.complete !== 'boolean') return undefined;
  return incoming as NodeRequest;
}

const readable = (incoming: NodeRequest) =>
  incoming.complete && !incoming.destroyed && !incoming.readableDidRead && incoming.readableEncoding === null;

export async function bufferedBody(c: Context): Promise<Uint8Array | undefined> {
  const incoming = nodeRequestOf(c);
  if (incoming === undefined || incoming.headers['content-length'] === undefined) return undefined;
  // The request event fires when the headers are parsed, before Node's parser has taken the body in.
  if (!incoming.complete) await new Promise((resolve) => setImmediate(resolve));
  return takeBufferedBody(incoming);
}

/** The whole body, when Node's parser holds all of it and nobody has read any; else undefined (read it as a stream). */
export function takeBufferedBody(incoming: NodeRequest): Uint8Array | undefined {
  if (!readable(incoming)) return undefined;
  return incoming.read() ?? EMPTY;
}
