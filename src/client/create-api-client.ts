/**
 * A typed client of the configuration API, for browsers and Node alike: it
 * needs only a fetch function. Types come from the mock's own resource
 * descriptions, so a field the API does not have is a compile error.
 */
import type { ResourceKind } from '../domain/resource.js';
import type { Transport } from './http.js';
import { type ResourceClient, type ResourceClientOptions, resourceClient } from './resource-client.js';
import type { FetchLike, TypesOf } from './types.js';

/**
 * Every resource the client calls, by kind: its path under /api/v1 and what
 * its DELETE sends. Plain data, so a browser bundle of the client carries
 * none of the mock's code; a kind missing here is a compile error.
 */
export const clientResources = {
  sipTrunks: { path: 'sip-trunks', deleteBody: 'empty-object' },
  assistants: { path: 'assistants', deleteBody: 'empty-object' },
  schemas: { path: 'schemas', deleteBody: 'empty-object' },
  tools: { path: 'tools', deleteBody: 'none' },
  webhooks: { path: 'webhooks', deleteBody: 'empty-object' },
} as const satisfies Record<ResourceKind, ResourceClientOptions>;

/** Where the API is and who calls it. */
export interface ApiClientOptions {
  /** Address of the service, without `/api/v1`, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>`; leave out to send no Authorization header. */
  token?: string;
  /** Default `globalThis.fetch`; an in-process Hono app's `request` works too. */
  fetch?: FetchLike;
  /** Extra headers sent with every call (a version header, a request id); a call's own `headers` win over them. */
  headers?: Readonly<Record<string, string>>;
}

type Client<T extends { record: unknown; create: unknown; update: unknown }> = ResourceClient<T['record'], T['create'], T['update']>;

/** The client: one object per resource (`sipTrunks`, `assistants`, `schemas`, `tools`, `webhooks`), each with list, create, get, update and remove. */
export type ApiClient = { [K in ResourceKind]: Client<TypesOf<K>> };

/** Creates a client of the API at `baseUrl`, calling it with `token`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport: Transport = {
    baseUrl: options.baseUrl,
    token: options.token,
    // Bound so a browser's fetch is not called with the client as `this`.
    fetch: options.fetch ?? ((url, init) => globalThis.fetch(url, init)),
    headers: options.headers,
  };
  const entries = Object.entries(clientResources).map(([kind, options]) => [kind, resourceClient(transport, options)]);
  return Object.fromEntries(entries) as ApiClient;
}
