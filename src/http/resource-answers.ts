/**
 * What each of a resource's five routes does once its input is read and its
 * caller known: the operation, and its answer as JSON text. Free of the
 * framework, for every way the runtime answers these routes (the app's
 * routes, resource-routes.ts, and the server's direct routes, direct-routes.ts).
 */
import type { Resource, StoredRecord } from '../domain/resource.js';
import type { MockState } from '../state/mock-state.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from '../state/operations.js';
import type { Organization } from '../state/organizations/registry.js';
import type { BodyFields } from './json-body.js';

/** A resource route's answer on success: its status and its body as JSON text. */
export interface ResourceAnswer {
  status: 200 | 201;
  json: string;
}

/**
 * The five answers of a resource. A refusal is thrown (DomainError, TelephonyFailure), as the operations throw it.
 */
export function resourceAnswers(def: Resource, mockState: MockState) {
  const scope = (org: Organization) => mockState.context(org.id);
  const asResponse = (record: StoredRecord) => JSON.stringify(def.toResponse(record, { fresh: false }));
  return {
    list: (org: Organization): ResourceAnswer => ({ status: 200, json: listRecords(scope(org), def) }),
    create: (org: Organization, fields: BodyFields): ResourceAnswer => ({
      status: 201,
      json: JSON.stringify(def.toResponse(createRecord(scope(org), def, fields), { fresh: true })),
    }),
    get: (org: Organization, id: string): ResourceAnswer => ({ status: 200, json: asResponse(getRecord(scope(org), def, id)) }),
    update: (org: Organization, id: string, fields: BodyFields): ResourceAnswer => ({
      status: 200,
      json: asResponse(updateRecord(scope(org), def, id, fields)),
    }),
    remove: (org: Organization, id: string): ResourceAnswer => {
      deleteRecord(scope(org), def, id);
      return { status: 200, json: '{}' };
    },
  };
}

export type ResourceAnswers = ReturnType<typeof resourceAnswers>;
