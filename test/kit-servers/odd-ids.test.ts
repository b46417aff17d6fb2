/**
 * Ids that hold `/`, `..`, `?`, `#` and `%`: verify and explore address a record by its id as one encoded path
 * segment (contracts/conformance/target/record-path.ts). Sent as it is, `<id>/../x?y=1#z%` names another address
 * (`/api/v1/schemas/x?y=1`), and a cleanup's DELETE could reach another record. The target is the mock behind a
 * proxy that shows every record id with that tail and takes an id back only from one percent-decoded path segment;
 * any other request to a record path is noted as misaddressed (a kit-made unknown id, a bare UUID, is not).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExploreCommand } from '../../contracts/conformance/explore/cli.js';
import { resourceKinds } from '../../src/domain/resources/index.js';
import { createApp } from '../../src/http/app.js';
import { createMockState, type MockState } from '../../src/state/mock-state.js';
import { serveFetch } from './buggy-proxy.js';
import { judgeServer } from './judge.js';

const TAIL = '/../x?y=1#z%';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const RECORD_PATH = /^\/api\/v1\/([a-z-]+)\/(.+)$/;

const dir = mkdtempSync(join(tmpdir(), 'kit-odd-ids-'));
const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The mock behind the proxy; `misaddressed` collects every request to a record path that names no id it showed.
 * `plain`: collections whose own answers keep the mock's ids (the spec gives schema ids a UUID's form, which
 * explore checks on every schema list it reads).
 */
async function oddIdTarget(plain: readonly string[] = [], createdToolId?: string) {
  const mockState = createMockState();
  const app = createApp({ mockState });
  const misaddressed: string[] = [];
  const served = await serveFetch(async (url, init) => {
    const { pathname, search } = new URL(url);
    let path = pathname;
    // A path no record has: what a URL makes of one that carried `.` or `..` as an id.
    if (/^\/api\/v1\/?$/.test(pathname)) misaddressed.push(`${init?.method ?? 'GET'} ${pathname}`);
    const match = RECORD_PATH.exec(pathname);
    if (match) {
      const [, kind, segment = ''] = match;
      const id = segment.includes('/') ? undefined : decodeURIComponent(segment);
      if (id?.endsWith(TAIL)) path = `/api/v1/${kind}/${encodeURIComponent(id.slice(0, -TAIL.length))}`;
      else if (id === undefined || !/^[0-9a-f-]{36}$/.test(id)) misaddressed.push(`${init?.method ?? 'GET'} ${pathname}${search}`);
    }
    // Ids a request body names (a trunk's assistant) go back to the mock's own.
    const body = typeof init?.body === 'string' ? init.body.split(TAIL).join('') : init?.body;
    const answer = await app.request(`http://mock.test${path}${search}`, { ...init, ...(body !== undefined ? { body } : {}) });
    const kept = plain.includes(/^\/api\/v1\/([a-z-]+)/.exec(pathname)?.[1] ?? '');
    let text = kept ? await answer.text() : (await answer.text()).replace(UUID, (id) => `${id}${TAIL}`);
    // `createdToolId`: a tool's create answers only that id (its list and get still show the tool under its own).
    if (createdToolId !== undefined && init?.method === 'POST' && pathname === '/api/v1/tools' && answer.status === 201)
      text = JSON.stringify({ id: createdToolId });
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    const location = headers.get('location');
    if (location)
      headers.set(
        'location',
        location.replace(UUID, (id) => `${id}${encodeURIComponent(TAIL)}`),
      );
    return new Response(text, { status: answer.status, headers });
  });
  closing.push(served.close);
  return { ...served, mockState, misaddressed };
}

/** Every organization's record ids, by kind. */
const recordIds = (mockState: MockState) =>
  mockState.organizations
    .list()
    .map((org) => Object.fromEntries(resourceKinds.map((kind) => [kind, mockState.store.list(org.id, kind).map((record) => record.id)])));

describe('a target whose ids hold /, .., ?, # and %', () => {
  it('verify reads, changes and deletes each record it made by its id, leaves none behind and touches no other', async () => {
    const target = await oddIdTarget();
    const before = recordIds(target.mockState);
    const { json, outcome } = await judgeServer({ ...target, received: [] }, ['demo-token', 'demo-token-2']);

    expect(target.misaddressed).toEqual([]);
    for (const kind of ['schemas', 'tools', 'assistants', 'webhooks', 'sip-trunks']) {
      expect(outcome(`${kind}.get-after-create`), kind).toBe('passed');
      expect(outcome(`${kind}.get-after-update`), kind).toBe('passed');
      expect(outcome(`${kind}.get-after-delete`), kind).toBe('passed');
    }
    expect(json.leftovers).toEqual([]);
    expect(recordIds(target.mockState)).toEqual(before);
  });

  it('verify never sends an id no path can carry, lists the record it named for a person, and judges the rest', async () => {
    for (const id of ['..', '.', '']) {
      const target = await oddIdTarget([], id);
      const { json, outcome } = await judgeServer({ ...target, received: [] }, ['demo-token', 'demo-token-2']);

      expect(target.misaddressed, JSON.stringify(id)).toEqual([]);
      expect(outcome('tools.get-after-create')).toBe('not judged');
      expect(outcome('schemas.get-after-create')).toBe('passed');
      const listed = json.leftovers.filter((entry) => entry.path === '/api/v1/tools' && entry.id === id);
      expect(listed.length, JSON.stringify(json.leftovers)).toBeGreaterThan(0);
      expect(listed[0]?.note).toContain('cannot be sent as one segment of a path');
    }
  });

  it('explore sends every step to the record it means, and deletes what it made', async () => {
    const target = await oddIdTarget(['schemas']);
    const before = recordIds(target.mockState);
    const report = join(dir, 'explore.json');
    let out = '';
    const io = { out: (text: string) => (out += text), err: (text: string) => (out += text) };

    const code = await runExploreCommand(
      [
        ...['--base-url', target.url, '--token', 'demo-token', '--token2', 'demo-token-2'],
        ...['--seed', '7', '--runs', '40', '--steps', '8', '--report', `json=${report}`],
      ],
      io,
    );

    expect(target.misaddressed).toEqual([]);
    const json = JSON.parse(readFileSync(report, 'utf8'));
    expect(
      json.failures.map((failure: { check: string; detail: string }) => `${failure.check}: ${failure.detail}`),
      out,
    ).toEqual([]);
    expect(code, out).toBe(0);
    expect(json).toMatchObject({ outcome: 'passed', leftovers: [] });
    expect(recordIds(target.mockState)).toEqual(before);
  });
});
