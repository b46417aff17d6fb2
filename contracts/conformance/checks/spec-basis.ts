/**
 * The spec rules the kit's `spec` checks rest on, each cited by section and
 * rule and stated in the kit's own words (never the spec's sentences), kept in
 * this one table so that a report names the rule a check was judged by. A
 * check without such a rule behind it is `documented` or `assumed`, never `spec`.
 */
export const SPEC_RULES = {
  idsAreUuids: '§2 identifiers: every record id is a string holding a UUID',
  schemaList: '§4 List schemas: the answer is a bare JSON array holding every schema record of the organization the token names',
  isSystemFlag: '§2 SIP trunk: a trunk flagged isSystem (a boolean) is a system trunk, and it may not be deleted',
  systemDeleteRefused: '§3 rule 1: deleting a trunk whose isSystem is true must be refused',
  ordinaryDeleteRemoves: '§3 rule 2: deleting a trunk that is not a system trunk removes it (and cleans up its provider configuration)',
  everyOperationTakesToken: '§5 authentication: each operation needs a bearer token in the Authorization header',
  tokenNamesOrganization: '§5 authentication: the bearer token selects the organization, and only that organization’s records are listed',
  deleteAnswersEmptyObject: '§4 deletes of trunks, assistants and webhooks: success answers {} (an empty JSON object)',
  deleteExampleEmptyObject: '§4 deletes of trunks, assistants and webhooks: the example request carries {} as a JSON body',
  deleteToolNoBody: '§4 Delete tool: the request is the id in the path, with no body',
} as const;

/** The rule of one schema-record field (§2 schema record). */
export const schemaFieldRule = (field: string): string =>
  `§2 schema record, field ${field}: ${SCHEMA_FIELD_RULES[field] ?? 'a member every schema record carries'}`;

/** What §2 requires of each field of a schema record, in the kit's words. */
export const SCHEMA_FIELD_RULES: Record<string, string> = {
  id: 'a string holding a UUID',
  name: 'a string, the name people see',
  type: 'a string naming the kind of schema ("Free" is the one value shown)',
  description: 'a string of free text',
  properties: 'an object whose every value is a string naming a type',
  isLocked: 'a boolean',
  createdAt: 'a string, an ISO 8601 timestamp in UTC',
  updatedAt: 'a string, an ISO 8601 timestamp in UTC',
};
