/**
 * Every resource of the API. Routes, OpenAPI, seeding, cascades, snapshots
 * and the control API iterate this list: a sixth resource is one module
 * here, registered below (the compiler then asks for its kind in
 * `ResourceKind`).
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

/** The kinds, as a zod enum takes them (the control API's `kind`, a snapshot's `records`). */
export const resourceKinds = resources.map((def) => def.kind) as [ResourceKind, ...ResourceKind[]];
