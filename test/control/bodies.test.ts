/**
 * Control API bodies are read with the API's checks: nesting, prototype keys,
 * malformed JSON and content types are refused before anything changes, and
 * a record nested as deep as the API allows still goes in and round-trips.
 */
import { describe, expect, it } from 'vitest';
import { jsonHeaders, send } from '../fuzz/send.js';
import { controlledMock } from './helpers.js';

/** A tool whose parameter's items are `levels` lists, one inside the other (tool parameters take any JSON Schema). */
function deepTool(levels: number) {
  return JSON.parse(deepToolText(levels));
}

/** The same as text: thousands of levels are more than JSON.stringify's stack takes, so hostile bodies are built as text. */
function deepToolText(levels: number, id?: string) {
  const items = `${'['.repeat(levels)}${']'.repeat(levels)}`;
  return `{${id ? `"id":"${id}",` : ''}"type":"endCall","name":"deep-${levels}","parameters":{"type":"object","properties":{"x":{"type":"array","items":${items}}}}}`;
}

/** Most bodies here are JSON text sent as bytes through the shared raw sender: the hostile ones are text no client would build. */
const JSON_TYPE = jsonHeaders(null, 'application/json');
const sendJson = (app: Parameters<typeof send>[0], method: string, path: string, text: string) =>
  send(app, { method, path, headers: JSON_TYPE, body: Buffer.from(text) });
const postTenant = (app: Parameters<typeof send>[0], contentType: string, text: string) =>
  send(app, { method: 'POST', path: '/__mock/tenants', headers: jsonHeaders(null, contentType), body: Buffer.from(text) });

describe('control API bodies', () => {
  it('refuses a deeply nested record before storing it, so reads of the tools and the state keep working', async () => {
    const { app, api, orgId } = controlledMock();
    const before = (await api('demo-token', 'GET', '/tools')).body;
    const body = `{"orgId":"${orgId('demo-token')}","kind":"tools","record":${deepToolText(6000)}}`;
    const res = await sendJson(app, 'POST', '/__mock/records', body);
    expect(res.status).toBe(400);
    expect(res.contentType).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toMatch(/nested more than 33 levels deep/);
    expect((await api('demo-token', 'GET', '/tools')).body).toEqual(before);
    expect((await app.request('/__mock/state')).status).toBe(200);
  });

  it('refuses a deeply nested snapshot and keeps the state as it was', async () => {
    const { app, control } = controlledMock();
    const saved = await control.exportState();
    // The deep tool goes first in the first organization's tools.
    const text = JSON.stringify(saved).replace('"tools":[', `"tools":[${deepToolText(3000, '7b0f4a8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')},`);
    const res = await sendJson(app, 'PUT', '/__mock/state', text);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/nested more than 37 levels deep/);
    const after = await control.exportState();
    expect(after.organizations).toEqual(saved.organizations);
    expect(after.telephony).toEqual(saved.telephony);
  });

  it('takes a record nested as deep as the API allows, and it survives a snapshot round trip', async () => {
    const { app, api, control, orgId } = controlledMock();
    // The tool is level 1 and its innermost list level 4 + n: with 28 lists, as deep as an API body may be (32).
    const record = deepTool(28);
    expect((await api('demo-token', 'POST', '/tools', { ...record, name: 'via-api' })).status).toBe(201);
    expect((await api('demo-token', 'POST', '/tools', deepTool(29))).status).toBe(400);
    const inserted = await sendJson(app, 'POST', '/__mock/records', JSON.stringify({ orgId: orgId('demo-token'), kind: 'tools', record }));
    expect(inserted.status).toBe(201);
    const saved = await control.exportState();
    await control.reset({ scenario: 'empty' });
    await control.importState(saved);
    expect((await api('demo-token', 'GET', `/tools/${inserted.body.id}`)).body.parameters.properties).toEqual(record.parameters.properties);
  });

  it('refuses prototype keys instead of dropping them', async () => {
    const { app, orgId } = controlledMock();
    const body = `{"orgId":"${orgId('demo-token')}","kind":"schemas","record":{"name":"x","__proto__":{"polluted":true}}}`;
    const res = await sendJson(app, 'POST', '/__mock/records', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('says where malformed JSON breaks and which content type to send', async () => {
    const { app } = controlledMock();
    const malformed = await sendJson(app, 'POST', '/__mock/tenants', '{"name": "x",}');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/not valid JSON \(.*position/);
    const wrongType = await postTenant(app, 'application/x-www-form-urlencoded', 'name=x');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.detail).toMatch(/Content-Type: application\/json \(got application\/x-www-form-urlencoded\)/);
  });

  it('takes a POST without a body as {}, with or without a JSON content type', async () => {
    const { app } = controlledMock();
    const bare = await send(app, { method: 'POST', path: '/__mock/reset', headers: [] });
    expect(bare.status).toBe(200);
    expect(bare.body.organizations).toHaveLength(2);
    const empty = await sendJson(app, 'POST', '/__mock/reset', '');
    expect(empty.status).toBe(200);
    expect(empty.body.organizations).toHaveLength(2);
  });

  it('validates a POST without a body or a Content-Type as {}, so a route with required fields lists them instead of acting on nothing', async () => {
    const { app, control } = controlledMock();
    const expected: Record<string, string> = {
      '/__mock/records': '/orgId',
      '/__mock/faults': '/status',
      '/__mock/calls': '/orgId',
      '/__mock/provider-states': '/state',
    };
    for (const [path, pointer] of Object.entries(expected)) {
      const res = await send(app, { method: 'POST', path, headers: [] });
      expect(res.status, path).toBe(400);
      expect(res.contentType, path).toMatch(/^application\/problem\+json/);
      expect(res.body.type, path).toBe('urn:voice-config-mock:problem:validation');
      expect(
        res.body.errors.map((error: { pointer: string }) => error.pointer),
        path,
      ).toContain(pointer);
    }
    expect(await control.faults()).toEqual([]);
  });

  it('takes every JSON content type the API takes', async () => {
    const { app } = controlledMock();
    for (const type of ['application/json;', 'application/json ; charset=utf-8', 'application/x1+json', 'application/vnd.a_b+json']) {
      const res = await postTenant(app, type, '{"name":"t"}');
      expect(res.status, type).toBe(201);
    }
  });
});
