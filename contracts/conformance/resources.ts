/**
 * What the spec says about each resource's delete, in the kit's own words.
 * Only the deletes of trunks, assistants and webhooks have a documented
 * success body; only some deletes list their error statuses.
 */

export interface ResourceFacts {
  /** Plural name used in check ids (`sip-trunks`). */
  name: string;
  /** One record, in words (`SIP trunk`). */
  noun: string;
  /** Collection path; the spec gives `/api/v1/<name>/{id}` for the documented deletes. */
  path: string;
  /** The spec documents `{}` as this delete's success body. */
  deleteAnswersEmptyObject: boolean;
  /** The spec's example delete request sends `{}` as JSON; the tool delete sends no body. */
  deleteSendsEmptyObject: boolean;
  /** Error statuses the spec lists for this delete (empty: none listed). */
  deleteErrors: number[];
  /** Section that documents this delete, for check bases. */
  deleteSection: string;
  /** Boolean flags the spec says every record of this kind carries (the schema list's fields are checked apart). */
  flags: string[];
}

export const resourceFacts: ResourceFacts[] = [
  {
    name: 'sip-trunks',
    noun: 'SIP trunk',
    path: '/api/v1/sip-trunks',
    deleteAnswersEmptyObject: true,
    deleteSendsEmptyObject: true,
    deleteErrors: [403, 404],
    deleteSection: '§4 Delete SIP trunk',
    flags: ['isSystem'],
  },
  {
    name: 'assistants',
    noun: 'assistant',
    path: '/api/v1/assistants',
    deleteAnswersEmptyObject: true,
    deleteSendsEmptyObject: true,
    deleteErrors: [403],
    deleteSection: '§4 Delete assistant',
    flags: [],
  },
  {
    name: 'schemas',
    noun: 'schema',
    path: '/api/v1/schemas',
    deleteAnswersEmptyObject: false,
    deleteSendsEmptyObject: true,
    deleteErrors: [],
    deleteSection: '§4 (schema delete exists by name only)',
    flags: [],
  },
  {
    name: 'tools',
    noun: 'tool',
    path: '/api/v1/tools',
    deleteAnswersEmptyObject: false,
    deleteSendsEmptyObject: false,
    deleteErrors: [404],
    deleteSection: '§4 Delete tool',
    flags: [],
  },
  {
    name: 'webhooks',
    noun: 'webhook',
    path: '/api/v1/webhooks',
    deleteAnswersEmptyObject: true,
    deleteSendsEmptyObject: true,
    deleteErrors: [404],
    deleteSection: '§4 Delete webhook',
    flags: [],
  },
];

/** The schema list's path: the one list whose path and payload the spec shows. */
export const SCHEMA_LIST_PATH = '/api/v1/schemas';

/**
 * Whether the spec shows this operation (§4's table: the schema list and the
 * deletes that list errors or a body); every other path the kit uses is assumed.
 */
export function shownInSpec(method: string, path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  if (method === 'GET') return bare === SCHEMA_LIST_PATH;
  return (
    method === 'DELETE' &&
    resourceFacts.some((facts) => (facts.deleteErrors.length > 0 || facts.deleteAnswersEmptyObject) && bare.startsWith(`${facts.path}/`))
  );
}

/** The body the kit sends on a delete of this resource: what the spec's example request sends. */
export function deleteBody(facts: ResourceFacts): Record<string, never> | undefined {
  return facts.deleteSendsEmptyObject ? {} : undefined;
}

/** A random UUID: no implementation holds a record with it, so deleting it changes nothing. */
export function unknownId(): string {
  return globalThis.crypto.randomUUID();
}
