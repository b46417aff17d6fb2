/**
 * Every resource of the API. Routes, OpenAPI, seeding and cascades iterate
 * this list: a sixth resource is one module here and one line below.
 */
import type { ResourceKind } from '../resource.js';
import { assistants } from './assistant.js';
import { schemas } from './output-schema.js';
import { sipTrunks } from './sip-trunk.js';
import { tools } from './tool.js';
import { webhooks } from './webhook.js';

export { assistants, schemas, sipTrunks, tools, webhooks };

/** In the order the API documents them (and the seeder creates them: referenced kinds first). */
export const resources = [sipTrunks, schemas, tools, assistants, webhooks] as const;

export type AnyResource = (typeof resources)[number];

export const resourceByKind: Readonly<Record<ResourceKind, AnyResource>> = {
  sipTrunks,
  schemas,
  tools,
  assistants,
  webhooks,
};
