/**
 * What the app's layers hand on to the ones after them through Hono's
 * context (`c.set`, `c.get`): the caller's organization, and on create and
 * update the body's text and whether it passed the body reader's checks (for
 * the journal; the fields themselves are the handler's `c.req.valid('json')`);
 * the title of a problem answer, for the request log (which would otherwise
 * read the body back); and, where a body is read, the runtime's way to its bytes.
 */
import type { Context } from 'hono';
import type { UntrustedJson } from '../domain/untrusted-json.js';
import type { Organization } from '../state/organizations/registry.js';

/**
 * A runtime's quicker way to a body's bytes, when it already holds them
 * whole; undefined sends the reader the ordinary way (`c.req.arrayBuffer()`).
 * The server passes Node's (src/server/buffered-body.ts); the app itself
 * reads nothing of a runtime's own, so the browser entry serves it as well.
 */
export type BodyBytes = (c: Context) => Promise<Uint8Array | undefined>;

/**
 * A runtime's way to parse a large body's text away from the event loop, as
 * parseUntrustedJson would, leaving out the keys no schema of the resource
 * reads beyond the few an answer lists (leaveOutUnknownKeys; `readable` names
 * the others). Undefined when it cannot parse now: the body reader then parses
 * on the loop, in a turn of its own. The server passes Node's
 * (src/server/off-thread-json.ts).
 */
export type LargeBodyParser = (text: string, maxDepth: number, readable: ReadonlySet<string>) => Promise<UntrustedJson | undefined>;

export type AppEnv = {
  Variables: { org: Organization; rawBody: string; bodyChecked: boolean; problemTitle: string; bodyBytes: BodyBytes | undefined };
};
