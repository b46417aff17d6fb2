/**
 * Safe against real environments: across a whole run, the only change the kit
 * attempts on a record it did not create is the one delete of the system trunk.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';
import { runSuite } from './suite.js';
import type { Target } from './types.js';

interface Seen {
  method: string;
  path: string;
  status: number;
  createdId?: string;
}

const RESOURCES = ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks'];

async function existingIds(target: Target): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const token of [target.token, target.token2]) {
    for (const resource of RESOURCES) {
      const res = await target.fetch!(`${target.baseUrl}/api/v1/${resource}`, { headers: { authorization: `Bearer ${token}` } });
      for (const record of (await res.json()) as { id: string }[]) ids.add(record.id);
    }
  }
  return ids;
}

function recordingTarget(seen: Seen[], systemTrunkId?: string): Target {
  const app = createApp({ mockState: createMockState() });
  return {
    baseUrl: 'http://mock.test',
    token: 'demo-token',
    token2: 'demo-token-2',
    ...(systemTrunkId ? { systemTrunkId } : {}),
    fetch: async (url, init) => {
      const res = (await app.request(url, init)) as Response;
      const entry: Seen = { method: init.method ?? 'GET', path: new URL(url).pathname, status: res.status };
      if (entry.method === 'POST' && res.ok) entry.createdId = ((await res.clone().json()) as { id: string }).id;
      seen.push(entry);
      return res;
    },
  };
}

describe('safety of a run', () => {
  it('changes no record it did not create, except for the one refused delete of the system trunk', async () => {
    const seen: Seen[] = [];
    const target = recordingTarget(seen);
    const before = await existingIds(target);
    seen.length = 0;

    await runSuite(target);

    const created = new Set(seen.flatMap((entry) => (entry.createdId ? [entry.createdId] : [])));
    const writes = seen.filter((entry) => entry.method === 'PATCH' || entry.method === 'DELETE');
    const onExisting = writes.filter((entry) => before.has(entry.path.split('/').pop()!));
    const onUnknown = writes.filter((entry) => {
      const id = entry.path.split('/').pop()!;
      return !before.has(id) && !created.has(id);
    });

    expect(created.size).toBeGreaterThan(5);
    expect(onExisting).toHaveLength(1);
    expect(onExisting[0]).toMatchObject({ method: 'DELETE', path: expect.stringMatching(/^\/api\/v1\/sip-trunks\//), status: 403 });
    // The other writes hit records the run created, or random ids no record has.
    expect(onUnknown.every((entry) => entry.method === 'DELETE' && [403, 404].includes(entry.status))).toBe(true);
    expect(onUnknown).toHaveLength(RESOURCES.length);
  });

  it('does not try a trunk given by --system-trunk-id that the list shows as ordinary', async () => {
    const seen: Seen[] = [];
    const probeTarget = recordingTarget(seen);
    const trunks = (await (
      await probeTarget.fetch!('http://mock.test/api/v1/sip-trunks', { headers: { authorization: 'Bearer demo-token' } })
    ).json()) as {
      id: string;
      isSystem: boolean;
    }[];
    const ordinary = trunks.find((trunk) => !trunk.isSystem)!;
    seen.length = 0;
    const target = recordingTarget(seen, ordinary.id);

    const report = await runSuite(target);

    expect(seen.filter((entry) => entry.path === `/api/v1/sip-trunks/${ordinary.id}` && entry.method !== 'GET')).toEqual([]);
    expect(report.results.find((result) => result.id === 'sip-trunks.delete.system-refused')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('isSystem: false'),
    });
  });
});
