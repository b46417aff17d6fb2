/**
 * The lists of resources kept apart from the mock's own: the typed client's
 * table (every resource), the conformance kit's (read through its public
 * entry, by the paths a read-only run asks for: the kit is written from the
 * spec and imports nothing of the mock) and the Pact consumer's tables (the
 * resources the spec names, no other). A resource added to the mock and
 * forgotten in one of them fails here, naming it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSuite } from '../contracts/conformance/index.js';
import { resourceTables } from '../contracts/pact/cases/resource-tables.js';
import { clientResources } from '../src/client/create-api-client.js';
import { resources, specResources } from '../src/domain/resources/index.js';
import { createApp } from '../src/http/app.js';

const mockPaths = resources.map((def) => def.path).sort();
const specPaths = specResources()
  .map((def) => def.path)
  .sort();

describe('every list of resources outside the mock', () => {
  it('the typed client has each of the mock’s resources', () => {
    expect(
      Object.values(clientResources)
        .map(({ path }) => path)
        .sort(),
    ).toEqual(mockPaths);
    expect(Object.keys(clientResources).sort()).toEqual(resources.map((def) => def.kind).sort());
  });

  it('docs/api.md has a row of operations for each', () => {
    const page = readFileSync(new URL('../docs/api.md', import.meta.url), 'utf8');
    const rows = [...page.matchAll(/^\| [^|]+ \| `GET \/api\/v1\/([a-z-]+)` \|/gm)].map((match) => match[1]);
    expect(rows.sort()).toEqual(mockPaths);
  });

  it('the Pact consumer has a table for each the spec names', () => {
    expect(resourceTables.map((table) => table.collection).sort()).toEqual(specPaths);
  });

  it('the conformance kit checks each the spec names', async () => {
    const app = createApp();
    const asked = new Set<string>();
    const fetch = (url: string, init: RequestInit) => {
      const collection = /\/api\/v1\/([^/?]+)/.exec(url)?.[1];
      if (collection) asked.add(collection);
      return app.request(url, init);
    };
    await runSuite({ baseUrl: 'http://mock.test', token: 'demo-token', token2: 'demo-token-2', fetch }, { readOnly: true });
    expect([...asked].sort()).toEqual(specPaths);
  });
});
