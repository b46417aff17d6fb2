/**
 * A client generated from the document by the tools frontend developers use
 * (openapi-typescript with its default options, openapi-fetch) compiles and
 * works against the mock: the generated types are today's (a snapshot the
 * project's type check reads through program.ts), and the program lists,
 * creates and deletes through it.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { listCreateDelete } from './program.js';

const generator = fileURLToPath(new URL('./generator/generate.mjs', import.meta.url));

describe('a client generated from /openapi.json with openapi-typescript and openapi-fetch', () => {
  it('is generated from the document as it is today (schema.d.ts, which the type check reads)', async () => {
    const document = await (await createApp().request('/openapi.json')).text();
    const types = execFileSync(process.execPath, [generator], { input: document, encoding: 'utf8', timeout: 60_000 });
    // A function tool's url is required in the generated type, and a create with defaults needs no more than type and name.
    const functionTool = types.slice(types.indexOf('FunctionToolCreate: {'), types.indexOf('ApiRequestToolCreate: {'));
    expect(functionTool).toMatch(/\n {12}url: string;/);
    expect(functionTool).toMatch(/\n {12}timeoutSeconds\?: number;/);
    // The mock's Prefer header is no parameter of the API: no generated method takes it.
    expect(types).not.toMatch(/\bPrefer\b/);
    await expect(types).toMatchFileSnapshot('./schema.d.ts');
  });

  it('lists, creates and deletes a tool against the mock', async () => {
    const app = createApp();
    const outcome = await listCreateDelete(async (request) => app.request(request), 'demo-token');
    expect(outcome.created).toMatchObject({ type: 'function', url: 'https://api.example.com/orders' });
    expect(outcome.listedAfterCreate).toBe(outcome.listedBefore + 1);
    expect(outcome.deleteStatus).toBe(200);
    expect(outcome.listedAfterDelete).toBe(outcome.listedBefore);
  });
});
