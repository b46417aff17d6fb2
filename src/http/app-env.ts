/**
 * What the app's layers hand on to the ones after them through Hono's
 * context (`c.set`, `c.get`): the caller's organization, and on create and
 * update the body's text and whether it passed the body reader's checks (for
 * the journal; the fields themselves are the handler's `c.req.valid('json')`);
 * the title of a problem answer, for the request log (which would otherwise
 * read the body back); and, where a body is read, the runtime's way to its bytes.
 */
import type { z } from '@hono/zod-openapi';
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

/** What a large body's parser needs of the body's resource (a Resource is one). */
export interface BodyResource {
  kind: string;
  /** Every top-level key some create or update schema of the resource reads. */
  bodyKeys: ReadonlySet<string>;
  createSchemaFor(body: unknown): z.ZodObject;
}

/**
 * A runtime's way to parse a large body's text away from the event loop, with
 * the checks of parseUntrustedJson. What it answers stands for the body as
 * parsed: for a create, a stand-in whose fields were already parsed
 * (parsedElsewhere); for an update, the body with the keys no schema of the
 * resource reads left out beyond the few an answer lists
 * (leaveOutUnknownKeys). Validation judges either as it would the whole
 * body. Undefined when it will not parse this one (a body no smaller for it,
 * or no thread to parse on): the body reader then parses on the loop, in a
 * turn of its own. The server passes Node's (src/server/off-thread-json.ts).
 */
export type LargeBodyParser = (
  text: string,
  maxDepth: number,
  resource: BodyResource,
  operation: 'create' | 'update',
) => Promise<UntrustedJson | undefined>;

export type AppEnv = {
  Variables: { org: Organization; rawBody: string; bodyChecked: boolean; problemTitle: string; bodyBytes: BodyBytes | undefined };
};
