/**
 * The client's types, derived from the same zod descriptions the mock
 * validates with. Type-only imports: nothing of zod or the mock reaches a
 * browser bundle of the client.
 */
import type { z } from '@hono/zod-openapi';
import type { ResourceKind } from '../domain/resource.js';
import type * as definitions from '../domain/resources/index.js';

/** The three shapes of one resource: a record as responses show it, a create body and an update (PATCH) body. */
export interface ResourceTypes<Def extends { record: z.ZodType; createInput: z.ZodType; updateInput: z.ZodType }> {
  record: z.infer<Def['record']>;
  create: z.input<Def['createInput']>;
  update: z.input<Def['updateInput']>;
}

/** The types of the resource of kind `K`, from its module (src/domain/resources/index.ts exports each under its kind). */
export type TypesOf<K extends ResourceKind> = ResourceTypes<(typeof definitions)[K]>;

export type SipTrunkTypes = TypesOf<'sipTrunks'>;
export type AssistantTypes = TypesOf<'assistants'>;
export type SchemaTypes = TypesOf<'schemas'>;
export type ToolTypes = TypesOf<'tools'>;
export type WebhookTypes = TypesOf<'webhooks'>;

/** Request bodies, as a caller writes them (defaults may be left out). */
export type SipTrunkCreate = SipTrunkTypes['create'];
export type SipTrunkUpdate = SipTrunkTypes['update'];
export type AssistantCreate = AssistantTypes['create'];
export type AssistantUpdate = AssistantTypes['update'];
export type SchemaCreate = SchemaTypes['create'];
export type SchemaUpdate = SchemaTypes['update'];
export type ToolCreate = ToolTypes['create'];
export type ToolUpdate = ToolTypes['update'];
export type WebhookCreate = WebhookTypes['create'];
export type WebhookUpdate = WebhookTypes['update'];

/** A fetch-like function: `globalThis.fetch`, or an in-process app's `request`. */
export type FetchLike = (url: string, init: RequestInit) => Response | Promise<Response>;
