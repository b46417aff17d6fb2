/**
 * The five operations of one resource as contract cases, from a small table
 * of what the consumer sends and relies on. Each operation that needs a
 * record asks for it with a provider state; its id reaches the request path
 * through `fromProviderState`, so a provider may use its own ids.
 */
import { expect } from 'vitest';
import type { ApiClient, ResourceClient } from '../../../src/client/index.js';
import type { ContractCase } from '../contract-case.js';
import { bearer, jsonBody, jsonContentType, M, pathWithStateId, statusRule } from '../matchers.js';

/** A JSON object that may hold Pact matchers. */
type JsonMap = Record<string, unknown>;

export interface CrudTable {
  /** Path segment under /api/v1. */
  collection: string;
  /** One record in descriptions: "a SIP trunk", "an assistant". */
  one: string;
  plural: string;
  /** The id the consumer test uses where a provider would give its own. */
  exampleId: string;
  /** The fields the consumer reads from a record, with matchers. */
  record: JsonMap;
  create: { body: JsonMap; echoed: JsonMap };
  update: { body: JsonMap };
  /** What DELETE sends: the spec's `{}` example, or nothing (tools). */
  deleteSends: 'empty-object' | 'none';
  client(api: ApiClient): ResourceClient<{ id: string }, never, never>;
}

/** The provider state that makes one record exist, named from the table: "a tool with id {id} exists". */
const exists = (table: CrudTable) => [{ name: `${table.one} with id {id} exists`, params: { id: table.exampleId } }];

/** list, create, get, update and delete of one resource. */
export function crudCases(table: CrudTable): ContractCase[] {
  const { collection, one, plural, exampleId } = table;
  const collectionPath = `/api/v1/${collection}`;
  const itemPath = pathWithStateId(collection, exampleId);
  const ok = { status: 200, rules: statusRule('success'), headers: jsonContentType };
  // The client's generic types are erased here: the table's bodies are checked by the mock's verification.
  const client = (api: ApiClient) => table.client(api) as unknown as ResourceClient<{ id: string }, JsonMap, JsonMap>;
  return [
    {
      description: `a request to list the ${plural}`,
      states: exists(table),
      request: { method: 'GET', path: collectionPath, headers: bearer },
      response: { ...ok, body: M.eachLike(table.record) },
      exercise: async (api) => {
        const records = await client(api).list();
        expect(records.map(({ id }) => id)).toEqual([exampleId]);
      },
    },
    {
      description: `a request to create ${one}`,
      request: { method: 'POST', path: collectionPath, headers: { ...bearer, ...jsonBody }, body: table.create.body },
      response: { ...ok, status: 201, body: { ...table.record, ...table.create.echoed } },
      exercise: async (api) => {
        const created = await client(api).create(table.create.body);
        expect(created).toMatchObject(M.reify(table.create.echoed) as object);
      },
    },
    {
      description: `a request to get ${one}`,
      states: exists(table),
      request: { method: 'GET', path: itemPath, headers: bearer },
      response: { ...ok, body: table.record },
      exercise: async (api) => {
        expect((await client(api).get(exampleId)).id).toBe(exampleId);
      },
    },
    {
      description: `a request to update ${one}`,
      states: exists(table),
      request: { method: 'PATCH', path: itemPath, headers: { ...bearer, ...jsonBody }, body: table.update.body },
      // A PATCH answers the changed record: the fields sent come back as sent.
      response: { ...ok, body: { ...table.record, ...table.update.body } },
      exercise: async (api) => {
        expect(await client(api).update(exampleId, table.update.body)).toMatchObject(table.update.body);
      },
    },
    deleteCase(table, itemPath),
  ];
}

function deleteCase(table: CrudTable, path: ReturnType<typeof pathWithStateId>): ContractCase {
  const sendsBody = table.deleteSends === 'empty-object';
  return {
    description: `a request to delete ${table.one}`,
    states: exists(table),
    request: { method: 'DELETE', path, headers: sendsBody ? { ...bearer, ...jsonBody } : bearer, ...(sendsBody ? { body: {} } : {}) },
    // The spec: an empty JSON object (its success status is not shown); for tools no body is listed.
    response: sendsBody
      ? { status: 200, rules: statusRule('success'), headers: jsonContentType, body: {} }
      : { status: 200, rules: statusRule('success') },
    exercise: async (api) => {
      await expect(table.client(api).remove(table.exampleId)).resolves.toBeUndefined();
    },
  };
}
