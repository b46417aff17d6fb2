/**
 * Valid bodies at the edges of what each field allows (see
 * arbitraries/at-bounds.ts): a create takes them and answers 201, an update
 * answers 200, and the record shows each value as its schema gives it back.
 * Here the fuzz of hostile bodies cannot help: it checks that the mock
 * refuses well, not that it accepts everything its own schema allows (a
 * 500 for names of 91–100 characters once hid in that gap).
 */
import type { z } from '@hono/zod-openapi';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededFaker } from '../../src/domain/faker.js';
import type { Resource } from '../../src/domain/resource.js';
import { resources } from '../../src/domain/resources/index.js';
import { freshMock } from '../helpers/client.js';
import { bodyAtBounds } from './arbitraries/at-bounds.js';
import { expectValidState } from './invariants.js';
import { fuzzParameters, fuzzTimeout } from './settings.js';

/** A fresh organization's valid create body, drawn from the resource's own fake factory. */
const validBody = (def: Resource, seed: number) => def.createInput.parse(def.fake(seededFaker(seed), {}, seed)) as Record<string, unknown>;

/**
 * The record shows each field of the body as the request schema gives it
 * back (trimmed, defaults filled), unless it is hidden or shown another way.
 */
function expectShown(def: Resource, schema: z.ZodType, body: unknown, record: any): void {
  const shown = new Set(def.shownKeys);
  const hidden = new Set<string>([...(def.writeOnly ?? []), ...Object.keys(def.responseOnly ?? {})]);
  const parsed = schema.parse(body) as Record<string, unknown>;
  const keys = Object.keys(parsed).filter((key) => shown.has(key) && !hidden.has(key));
  const pick = (from: Record<string, unknown>) => Object.fromEntries(keys.map((key) => [key, from[key]]));
  expect(pick(record)).toEqual(pick(parsed));
}

const createAndUpdate = (def: Resource) =>
  fc
    .integer({ min: 1, max: 1_000_000 })
    .map((seed) => validBody(def, seed))
    // A tool's fields depend on its type: the base's variant decides the create and the update schema.
    .chain((base) =>
      fc.record({
        base: fc.constant(base),
        create: bodyAtBounds(createSchema(def, base), base),
        update: bodyAtBounds(updateSchema(def, base), base),
      }),
    );

const createSchema = (def: Resource, base: Record<string, unknown>) => def.createSchemaFor(base);
const updateSchema = (def: Resource, base: Record<string, unknown>) => def.updateSchemaFor({ id: '', ...base });

describe.each(resources)('valid bodies at their edges on $path', (def) => {
  it(
    'are taken by create (201) and update (200), shown as sent and read back the same',
    async () => {
      const { mockState, call } = freshMock();
      let count = 0;
      await fc.assert(
        fc.asyncProperty(createAndUpdate(def), async ({ base, create, update }) => {
          // A name must be unique for some kinds; a fresh one per run keeps this about edges, not conflicts.
          const name = (def.unique as readonly string[] | undefined)?.includes('name') ? { name: `edge_${count++}` } : {};
          const created = await call('POST', `/api/v1/${def.path}`, { body: { ...create, ...name } });
          expect(created.status, JSON.stringify(created.body).slice(0, 500)).toBe(201);
          expectShown(def, createSchema(def, base), { ...create, ...name }, created.body);

          const path = `/api/v1/${def.path}/${created.body.id}`;
          const updated = await call('PATCH', path, { body: { ...update, ...name } });
          expect(updated.status, JSON.stringify(updated.body).slice(0, 500)).toBe(200);
          expectShown(def, updateSchema(def, base), { ...update, ...name }, updated.body);
          expect((await call('GET', path)).body).toEqual(updated.body);
          expectValidState(mockState);
          // Deleted again, so a long run neither meets the record limit nor checks an ever larger state.
          expect((await call('DELETE', path)).status).toBe(200);
        }),
        fuzzParameters(25),
      );
    },
    fuzzTimeout,
  );
});
