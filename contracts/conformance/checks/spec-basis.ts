/**
 * The spec's own sentences that the kit's `spec` checks rest on, quoted short
 * (one sentence or table cell each) and kept in this one table, so a reader of
 * a report can see the words a check was judged by. A check without such a
 * sentence behind it is `documented` or `assumed`, never `spec`.
 */
export const SPEC_QUOTES = {
  idsAreUuids: '§2: "All identifiers (`id`) are strings in UUID format."',
  schemaList: '§4 List schemas, success response: "JSON array of schema records (section 2), all schemas of the caller\'s organization"',
  isSystemFlag: '§2 SIP trunk: "`isSystem` (boolean): when true the trunk is a system trunk and cannot be deleted."',
  systemDeleteRefused: '§3 rule 1: "When a SIP trunk has isSystem=true, then a delete of it is refused."',
  ordinaryDeleteRemoves:
    '§3 rule 2: "When a SIP trunk without isSystem=true is deleted, then the trunk is removed and its configuration at the telephony provider is cleaned up."',
  everyOperationTakesToken: '§5: "Every operation takes the header `Authorization: Bearer <ACCESS_TOKEN>`."',
  tokenNamesOrganization: '§5: "The token is the caller\'s auth token; it identifies the organization whose resources are listed."',
  deleteAnswersEmptyObject: '§4, the delete\'s success response: "Empty JSON object"',
  deleteExampleEmptyObject: '§4 Delete SIP trunk, request: "the example request sends an empty JSON object with JSON content type"',
  deleteToolNoBody: '§4 Delete tool, request: "Path parameter id; no body"',
} as const;

/** The quoted table row of one schema-record field (§2). */
export const schemaFieldQuote = (row: string): string => `§2 Schema record: "${row}"`;

/** The §2 rows of the schema record, as the spec's table writes them. */
export const SCHEMA_FIELD_ROWS: Record<string, string> = {
  id: 'id | string (uuid) | Identifier.',
  name: 'name | string | Display name.',
  type: 'type | string | Kind of schema. Value "Free" is the only one that appears.',
  description: 'description | string | Free text describing what is extracted.',
  properties: 'properties | object | Map from a property name (string) to a type name (string), such as "string" or "integer".',
  isLocked: 'isLocked | boolean | Flag on the record.',
  createdAt: 'createdAt | string, ISO 8601 UTC timestamp | Creation time.',
  updatedAt: 'updatedAt | string, ISO 8601 UTC timestamp | Last change time.',
};
