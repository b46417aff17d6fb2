/**
 * A small program a frontend developer would write with a client generated
 * from /openapi.json (openapi-typescript + openapi-fetch): list, create and
 * delete. The project's type check covers it, with `schema.d.ts` generated
 * from the document (test/openapi-client/openapi-client.test.ts keeps that
 * file equal to what the document generates today).
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

type ToolCreate = components['schemas']['ToolCreate'];

/** A function tool needs a url; the generated types say so (a type-level test: this line must stay an error). */
// @ts-expect-error a function tool without url is not a ToolCreate
export const functionToolWithoutUrl: ToolCreate = { type: 'function', name: 'no_url' };
/** An end-call tool needs only its type and name: defaults make no field required. */
export const endCallTool: ToolCreate = { type: 'endCall', name: 'hang_up' };

export interface Outcome {
  listedBefore: number;
  created: { id: string; type: string; url: string | null };
  listedAfterCreate: number;
  deleteStatus: number;
  listedAfterDelete: number;
}

/** Lists tools, creates a function tool, deletes it again; `fetch` reaches the mock. */
export async function listCreateDelete(fetch: (request: Request) => Promise<Response>, token: string): Promise<Outcome> {
  const client = createClient<paths>({ baseUrl: 'http://mock.invalid', fetch, headers: { authorization: `Bearer ${token}` } });
  const before = await client.GET('/api/v1/tools');
  if (!before.data) throw new Error(`list failed: ${JSON.stringify(before.error)}`);
  // Written in place, as openapi-fetch wants: its body type drops fields typed `null` (a type does not take them), so an
  // annotated ToolCreate holding `destination?: null` would not fit it. Leaving such fields out is what the document asks.
  const created = await client.POST('/api/v1/tools', {
    body: { type: 'function', name: 'lookup_order_generated', url: 'https://api.example.com/orders' },
  });
  if (!created.data) throw new Error(`create failed: ${JSON.stringify(created.error)}`);
  // The answer is a union over the tool types: narrowing on `type` gives a function tool's url as a string.
  const tool = created.data;
  const url = tool.type === 'function' ? tool.url : null;
  const afterCreate = await client.GET('/api/v1/tools');
  const removed = await client.DELETE('/api/v1/tools/{id}', { params: { path: { id: tool.id } } });
  const afterDelete = await client.GET('/api/v1/tools');
  return {
    listedBefore: before.data.length,
    created: { id: tool.id, type: tool.type, url },
    listedAfterCreate: afterCreate.data?.length ?? -1,
    deleteStatus: removed.response.status,
    listedAfterDelete: afterDelete.data?.length ?? -1,
  };
}
