/**
 * A typed client of the configuration API, for browsers and Node alike: it
 * needs only a fetch function. Types come from the mock's own resource
 * descriptions, so a field the API does not have is a compile error.
 */
import type { Transport } from './http.js';
import { type ResourceClient, resourceClient } from './resource-client.js';
import type { AssistantTypes, FetchLike, SchemaTypes, SipTrunkTypes, ToolTypes, WebhookTypes } from './types.js';

/** Where the API is and who calls it. */
export interface ApiClientOptions {
  /** Address of the service, without `/api/v1`, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; leave out to send no Authorization header. */
  token?: string;
  /** Default `globalThis.fetch`; an in-process Hono app's `request` works too. */
  fetch?: FetchLike;
}

type Client<T extends { record: unknown; create: unknown; update: unknown }> = ResourceClient<T['record'], T['create'], T['update']>;

/** The client: one object per resource, each with list, create, get, update and remove. */
export interface ApiClient {
  sipTrunks: Client<SipTrunkTypes>;
  assistants: Client<AssistantTypes>;
  schemas: Client<SchemaTypes>;
  tools: Client<ToolTypes>;
  webhooks: Client<WebhookTypes>;
}

/** Creates a client of the API at `baseUrl`, calling it with `token`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport: Transport = {
    baseUrl: options.baseUrl,
    token: options.token,
    // Bound so a browser's fetch is not called with the client as `this`.
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
  };
  return {
    sipTrunks: resourceClient(transport, { path: 'sip-trunks', deleteBody: 'empty-object' }),
    assistants: resourceClient(transport, { path: 'assistants', deleteBody: 'empty-object' }),
    schemas: resourceClient(transport, { path: 'schemas', deleteBody: 'empty-object' }),
    tools: resourceClient(transport, { path: 'tools', deleteBody: 'none' }),
    webhooks: resourceClient(transport, { path: 'webhooks', deleteBody: 'empty-object' }),
  };
}
