/**
 * Every resource of the API: the registry. Routes, OpenAPI, seeding, cascades,
 * snapshots, the state file and the control API iterate it, so a new resource
 * is one module here, registered below (the compiler then asks for its kind in
 * `ResourceKind`). `registerResource` adds one at run time, for a test that
 * tries a kind the mock does not ship.
 */
import type { ResourceKind } from '../resource.js';
import { assistants } from './assistant.js';
import { schemas } from './output-schema.js';
import { sipTrunks } from './sip-trunk.js';
import { tools } from './tool.js';
import { webhooks } from './webhook.js';

export { assistants, schemas, sipTrunks, tools, webhooks };

/**
 * In the order the API documents them, which is also the order the seeder
 * creates them in: a kind is listed after the kinds it references. The order
 * changes no seeded value: each kind draws from its own seeded stream.
 */
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

/** The resources the spec names: the ones the contract kit and the shipped pact cover. The mock serves every resource. */
export const specResources = (): AnyResource[] => resources.filter((def) => def.namedBySpec);

/**
 * Adds a resource at run time, as if its module were registered above; `first`
 * puts it at the head of the list (the order the seeder creates kinds in).
 * What reads the registry when its module loads (the zod enums of kinds, the
 * scenario and snapshot schemas) sees it only when loaded afterwards: register,
 * then `await import(...)` the rest of the mock.
 */
export function registerResource(def: { kind: string; path: string }, options: { first?: boolean } = {}): void {
  const kind = def.kind as ResourceKind;
  if (Object.hasOwn(resourceByKind, kind) || resources.some((known) => known.path === def.path))
    throw new Error(`A resource of kind ${def.kind} or path ${def.path} is registered already.`);
  const list = resources as unknown as AnyResource[];
  const added = def as unknown as AnyResource;
  if (options.first) list.unshift(added);
  else list.push(added);
  (resourceByKind as Record<ResourceKind, AnyResource>)[kind] = added;
  resourceKinds.splice(0, resourceKinds.length, ...list.map((known) => known.kind));
}
