/** Organization ids as the control API takes them: owned here, below the routes, so state modules can filter by them too. */
import { organizationId } from '../domain/fields.js';

/** An organization id as every control route takes one (the call and outbox routes too). */
export const orgId = organizationId.openapi({ description: 'An organization id (GET /__mock/tenants lists them).' });
/** An organization id that narrows what a route looks at: an unknown one matches nothing (an empty answer, not a 404). */
export const orgFilter = orgId
  .optional()
  .openapi({ description: 'Only what belongs to this organization. A filter: an unknown id matches nothing (an empty answer, not 404).' });
