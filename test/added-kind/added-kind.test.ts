/**
 * docs/ARCHITECTURE.md's "Add a resource", kept as a test: a sixth kind
 * (phone numbers, a mock-only resource) is registered at run time through the
 * same registry the shipped kinds are in, at its head (so the seeder creates
 * it first), and the mock is loaded after it. It is served, validated,
 * documented, seeded without shifting the other kinds' records, tenant-bound,
 * exported and loaded again, and kept in the state file; the contract kit
 * leaves it alone, as a real service has no such resource.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerResource, resources, specResources } from '../../src/domain/resources/index.js';
import { phoneNumbers } from './phone-number.js';

registerResource(phoneNumbers, { first: true });

// What reads the registry as it loads (the zod enums of kinds, the scenario and snapshot schemas) loads after the kind is in it.
const { runSuite } = await import('../../contracts/conformance/index.js');
const { createApp } = await import('../../src/http/app.js');
const { createMockState } = await import('../../src/state/mock-state.js');
const { exportState } = await import('../../src/state/snapshot/snapshot.js');
const { startServer } = await import('../../src/server/server.js');
const { freshMock, OTHER_TOKEN, TOKEN } = await import('../helpers/client.js');
const { seedDefaultFromFaker, mockStateWithoutOrganizations } = await import('../helpers/faker-draws.js');

const kind = phoneNumbers.kind;
const collection = `/api/v1/${phoneNumbers.path}`;
type Json = Record<string, any>;

describe('a kind added through the registry', () => {
  it('is in the registry, first, and not among the resources the spec names', () => {
    expect(resources[0]?.kind).toBe(kind);
    expect(specResources().map((def) => def.kind)).not.toContain(kind);
  });

  it('is served: list, create, get, update, delete', async () => {
    const { call } = freshMock();
    expect((await call('GET', collection)).body).toEqual([]);
    const created = await call('POST', collection, { body: { number: '+14155550100', label: ' Front desk ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ number: '+14155550100', label: 'Front desk', sipTrunkId: null });
    const id = created.body.id as string;
    expect((await call('GET', `${collection}/${id}`)).body).toEqual(created.body);
    const patched = await call('PATCH', `${collection}/${id}`, { body: { label: 'Sales' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, number: '+14155550100', label: 'Sales' });
    expect((await call('GET', collection)).body.map((r: Json) => r.id)).toEqual([id]);
    expect(await call('DELETE', `${collection}/${id}`, { body: {} })).toMatchObject({ status: 200, body: {} });
    expect((await call('GET', `${collection}/${id}`)).status).toBe(404);
  });

  it('is validated: its fields, its unique number and its reference', async () => {
    const { call } = freshMock();
    const bad = await call('POST', collection, { body: { number: '0800 123', label: '' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/number/);
    expect((await call('POST', collection, { body: { number: '+14155550101', label: 'A' } })).status).toBe(201);
    expect((await call('POST', collection, { body: { number: '+14155550101', label: 'B' } })).status).toBe(409);
    const trunks = (await call('GET', '/api/v1/sip-trunks', { token: OTHER_TOKEN })).body as Json[];
    const foreign = await call('POST', collection, { body: { number: '+14155550102', label: 'C', sipTrunkId: trunks[0]?.id } });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    expect(foreign.status).toBeLessThan(500);
    const own = (await call('GET', '/api/v1/sip-trunks')).body as Json[];
    const linked = await call('POST', collection, { body: { number: '+14155550103', label: 'D', sipTrunkId: own[0]?.id } });
    expect(linked.status).toBe(201);
    // Deleting the trunk clears the reference, as for the shipped kinds.
    expect((await call('DELETE', `/api/v1/sip-trunks/${own[0]?.id}`, { body: {} })).status).toBe(200);
    expect((await call('GET', `${collection}/${linked.body.id}`)).body.sipTrunkId).toBeNull();
  });

  it('keeps organizations apart', async () => {
    const { call } = freshMock();
    const mine = await call('POST', collection, { body: { number: '+14155550104', label: 'Mine' } });
    const path = `${collection}/${mine.body.id}`;
    expect((await call('GET', collection, { token: OTHER_TOKEN })).body).toEqual([]);
    expect((await call('GET', path, { token: OTHER_TOKEN })).status).toBe(404);
    expect((await call('PATCH', path, { token: OTHER_TOKEN, body: { label: 'Theirs' } })).status).toBe(404);
    expect((await call('DELETE', path, { token: OTHER_TOKEN, body: {} })).status).toBe(404);
    // The same number is free in the other organization.
    expect((await call('POST', collection, { token: OTHER_TOKEN, body: { number: '+14155550104', label: 'Theirs' } })).status).toBe(201);
    expect((await call('GET', path)).body.label).toBe('Mine');
  });

  it('is documented: its five operations, its schemas and request examples the server accepts', async () => {
    const { call } = freshMock();
    const document = (await call('GET', '/openapi.json')).body as Json;
    const operations = (path: string) => Object.keys(document.paths[path] ?? {}).filter((key) => key !== 'parameters');
    expect(operations(collection).sort()).toEqual(['get', 'post']);
    expect(operations(`${collection}/{id}`).sort()).toEqual(['delete', 'get', 'patch']);
    const apiOperations = Object.entries(document.paths as Json)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([, item]) => Object.keys(item).filter((key) => key !== 'parameters'));
    expect(apiOperations).toHaveLength(resources.length * 5);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['PhoneNumber', 'PhoneNumberCreate', 'PhoneNumberUpdate']),
    );
    expect(document.info.description).toMatch(/^Phone numbers, SIP trunks/);
    const example =
      document.paths[collection].post.requestBody.content['application/json'].example ??
      Object.values(document.paths[collection].post.requestBody.content['application/json'].examples as Json)[0]?.value;
    expect((await call('POST', collection, { body: example })).status).toBe(201);
  });

  it('is seeded from its own stream: the demo seed gives the other kinds the records it gives without it', () => {
    const demo = createMockState();
    // The default scenario, with phone numbers too, drawn from faker (the written-down draws know no phone numbers).
    const withKind = mockStateWithoutOrganizations();
    seedDefaultFromFaker(withKind, undefined, (plan) => ({ ...plan, counts: { ...plan.counts, [kind]: 3 } }));
    const orgIds = demo.organizations.list().map((org) => org.id);
    expect(withKind.organizations.list().map((org) => org.id)).toEqual(orgIds);
    for (const orgId of orgIds) {
      expect(withKind.store.count(orgId, kind)).toBe(3);
      for (const def of resources.filter((def) => def.kind !== kind)) {
        expect(withKind.store.list(orgId, def.kind), def.kind).toEqual(demo.store.list(orgId, def.kind));
      }
    }
  });

  it('is exported and loaded back through the control API', async () => {
    const { call, mockState } = freshMock();
    const created = await call('POST', collection, { body: { number: '+14155550105', label: 'Kept' } });
    const snapshot = (await call('GET', '/__mock/state', { token: null })).body as Json;
    expect(JSON.stringify(snapshot)).toContain('+14155550105');
    expect((await call('POST', '/__mock/reset', { token: null, body: {} })).status).toBe(200);
    expect((await call('GET', `${collection}/${created.body.id}`)).status).toBe(404);
    expect((await call('PUT', '/__mock/state', { token: null, body: snapshot })).status).toBe(200);
    expect((await call('GET', `${collection}/${created.body.id}`)).body).toEqual(created.body);
    expect({ ...exportState(mockState), savedAt: snapshot.savedAt }).toEqual(snapshot);
  });

  it('has a Pact provider state made from its documented example, for a pact of its own', async () => {
    const { call } = freshMock();
    const id = '6f1d3c2b-9a8e-4f7d-b6c5-a4e3d2c1b0a9';
    const setup = await call('POST', '/__mock/provider-states', {
      token: null,
      headers: { authorization: `Bearer ${TOKEN}` },
      body: { state: 'a phone number with id {id} exists', params: { id }, action: 'setup' },
    });
    expect(setup.status).toBe(200);
    expect(setup.body).toMatchObject({ id, token: TOKEN });
    expect((await call('GET', `${collection}/${id}`)).body).toMatchObject({ id, number: expect.stringMatching(/^\+\d+$/) });
  });

  describe('in the state file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcm-added-kind-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is kept across a restart', async () => {
      const stateFile = join(dir, 'state.json');
      const first = await startServer({ port: 0, stateFile });
      const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
      const created = await fetch(`${first.url}${collection}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ number: '+14155550106', label: 'Restart' }),
      });
      expect(created.status).toBe(201);
      const record = (await created.json()) as Json;
      await first.close();
      const second = await startServer({ port: 0, stateFile });
      try {
        const again = await fetch(`${second.url}${collection}/${record.id}`, { headers });
        expect(again.status).toBe(200);
        expect(await again.json()).toEqual(record);
      } finally {
        await second.close();
      }
    });
  });

  it('is left alone by the contract kit, which covers the resources the spec names', async () => {
    const app = createApp();
    const asked = new Set<string>();
    const fetch = (url: string, init: RequestInit) => {
      const path = /\/api\/v1\/([^/?]+)/.exec(url)?.[1];
      if (path) asked.add(path);
      return app.request(url, init);
    };
    await runSuite({ baseUrl: 'http://mock.test', token: TOKEN, token2: OTHER_TOKEN, fetch }, { readOnly: true });
    expect([...asked].sort()).toEqual(
      specResources()
        .map((def) => def.path)
        .sort(),
    );
  });
});
