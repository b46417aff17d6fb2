/** The flags for what the spec leaves open: --header, --list-pointer, --id-pointer, --openapi. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseVerifyArgs, UsageError, verifyUsage } from './args.js';

const base = ['--base-url', 'http://127.0.0.1:4010', '--token', 't'];

describe('verify flags', () => {
  it('reads repeated --header flags, names in lower case', () => {
    const args = parseVerifyArgs([...base, '--header', 'X-Api-Version: 2', '--header', 'X-Tenant:acme']);

    expect(args.headers).toEqual({ 'x-api-version': '2', 'x-tenant': 'acme' });
  });

  it.each([
    [['--header', 'no colon'], '--header takes "Name: value"'],
    [['--header', 'Authorization: Bearer x'], 'give the token with --token'],
    [['--list-pointer', 'data'], '--list-pointer takes a JSON pointer such as /data'],
    [['--id-pointer', 'data.id'], '--id-pointer takes a JSON pointer'],
    [['--openapi', '/no/such/openapi.json'], '--openapi: cannot read /no/such/openapi.json (ENOENT)'],
    [['--settle-ms', 'soon'], '--settle-ms must be a whole number from 0 to 600000'],
    [['--settle-ms', '600001'], '--settle-ms must be a whole number from 0 to 600000'],
  ])('refuses %j', (extra, message) => {
    expect(() => parseVerifyArgs([...base, ...extra])).toThrow(UsageError);
    expect(() => parseVerifyArgs([...base, ...extra])).toThrow(message);
  });

  it('reads --settle-ms, 0 included, and leaves it unset (the kit’s default) without it', () => {
    expect(parseVerifyArgs([...base, '--settle-ms', '0']).settleMs).toBe(0);
    expect(parseVerifyArgs([...base, '--settle-ms', '10000']).settleMs).toBe(10_000);
    expect(parseVerifyArgs(base).settleMs).toBeUndefined();
    expect(verifyUsage).toContain('--settle-ms N');
  });

  it('reads --openapi as a file now, or keeps a URL to fetch when the run starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flags-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, '{"openapi":"3.1.0","paths":{}}');

    expect(parseVerifyArgs([...base, '--openapi', file]).openapi).toEqual({ document: { openapi: '3.1.0', paths: {} }, from: file });
    expect(parseVerifyArgs([...base, '--openapi', 'https://docs.example.com/openapi.json']).openapi).toEqual({
      url: 'https://docs.example.com/openapi.json',
    });
    expect(parseVerifyArgs([...base, '--list-pointer', '/data', '--id-pointer', '/data/id'])).toMatchObject({
      listPointer: '/data',
      idPointer: '/data/id',
    });
  });

  it('lists every new flag in --help', () => {
    for (const flag of ['--openapi FILE|URL', '--list-pointer PTR', '--id-pointer PTR', '--header "Name: value"']) {
      expect(verifyUsage).toContain(flag);
    }
  });
});
