/**
 * What the app's layers hand on to the ones after them through Hono's
 * context (`c.set`, `c.get`): the caller's organization, and on create and
 * update the body's text and whether it passed the body reader's checks (for
 * the journal; the fields themselves are the handler's `c.req.valid('json')`);
 * and the title of a problem answer, for the request log (which would
 * otherwise read the body back).
 */
import type { Organization } from '../state/organizations/registry.js';

export type AppEnv = { Variables: { org: Organization; rawBody: string; bodyChecked: boolean; problemTitle: string } };
