/**
 * The client's types, derived from the same zod descriptions the mock
 * validates with. Type-only imports: nothing of zod or the mock reaches a
 * browser bundle of the client.
 */
import type { z } from '@hono/zod-openapi';
import type { assistants } from '../domain/resources/assistant.js';
import type { schemas } from '../domain/resources/output-schema.js';
import type { sipTrunks } from '../domain/resources/sip-trunk.js';
import type { tools } from '../domain/resources/tool.js';
import type { webhooks } from '../domain/resources/webhook.js';

/** The three shapes of one resource: a record as responses show it, a create body and an update (PATCH) body. */
export interface ResourceTypes<Def extends { record: z.ZodType; createInput: z.ZodType; updateInput: z.ZodType }> {
  record: z.infer<Def['record']>;
  create: z.input<Def['createInput']>;
  update: z.input<Def['updateInput']>;
}

export type SipTrunkTypes = ResourceTypes<typeof sipTrunks>;
export type AssistantTypes = ResourceTypes<typeof assistants>;
export type SchemaTypes = ResourceTypes<typeof schemas>;
export type ToolTypes = ResourceTypes<typeof tools>;
export type WebhookTypes = ResourceTypes<typeof webhooks>;

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
