/**
 * Which requests make a page fetch faker first: those that may generate data
 * were not written down. A reset back to the written-down seed does not; in
 * doubt, faker is fetched (a request that finds it missing would fail).
 */
import { describe, expect, it } from 'vitest';
import { mayNeedFaker } from '../../src/browser/faker-on-demand.js';
import { createMockState } from '../../src/state/mock-state.js';

const request = (method: string, path: string, body?: unknown) =>
  new Request(`http://127.0.0.1${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

describe('faker on demand in a page', () => {
  const mockState = createMockState();
  const [first] = mockState.organizations.list();

  it.each([
    ['GET', '/api/v1/assistants', undefined],
    ['POST', '/api/v1/assistants', { name: 'A' }],
    ['GET', '/__mock/tenants', undefined],
    ['DELETE', '/__mock/tenants/x', undefined],
    ['POST', '/__mock/reset', undefined],
    ['POST', '/__mock/reset', {}],
    ['POST', '/__mock/reset', { seed: 1 }],
    ['POST', '/__mock/reset', { scenario: 'default' }],
    ['POST', '/__mock/reset', { orgId: first?.id }],
    ['POST', '/__mock/reset', { orgId: 'no-such-organization' }],
    ['POST', '/__mock/reset', '{not json'],
    ['POST', '/__mock/reset', { seed: 'two' }],
    ['POST', '/__mock/reset', { scenario: 'no-such-scenario' }],
  ])('%s %s %j goes without faker', async (method, path, body) => {
    expect(await mayNeedFaker(request(method, path, body), mockState)).toBe(false);
  });

  it.each([
    ['POST', '/__mock/reset', { seed: 2 }],
    ['POST', '/__mock/reset', { scenario: 'empty' }],
    ['POST', '/__mock/reset', { orgId: first?.id, seed: 1 }],
    ['POST', '/__mock/reset', { orgId: first?.id, scenario: 'default' }],
    ['POST', '/__mock/tenants', {}],
    ['POST', '/__mock/calls', { orgId: first?.id, assistantId: 'a' }],
    ['POST', '/__mock/faults', {}],
  ])('%s %s %j fetches faker first', async (method, path, body) => {
    expect(await mayNeedFaker(request(method, path, body), mockState)).toBe(true);
  });

  it('fetches faker for a bare reset of a mockState seeded from another seed', async () => {
    expect(await mayNeedFaker(request('POST', '/__mock/reset'), createMockState({ seed: 2 }))).toBe(true);
  });
});
