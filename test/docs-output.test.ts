/**
 * What the pages say the mock answers and prints is what it answers and prints: api.md's validation example is the
 * answer to the body it names, and the README's banner is the command's own. Figures that drift with every change
 * (how long `npm test` takes) are not stated; the browser bundle's size has its own test (e2e/browser-bundle-size).
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { pageText, readmeBlock } from './helpers/readme.js';

describe('docs/api.md', () => {
  it("shows the validation answer the mock gives to the body it names, word for word and in the mock's order", async () => {
    const text = pageText('docs/api.md');
    const body = /`POST \/api\/v1\/tools` with the body\n`(\{.*\})` answers:/.exec(text)?.[1];
    expect(body, 'api.md names the body of its validation example').toBeDefined();
    const shown = JSON.parse(readmeBlock('json', 'problem:validation', 'docs/api.md') ?? 'null');
    const res = await createApp().request('/api/v1/tools', {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token', 'content-type': 'application/json' },
      body: body ?? '',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(shown);
  });
});

describe('README.md', () => {
  it('shows the banner the command prints', async () => {
    const readme = pageText('README.md');
    const from = readme.indexOf('voice-config-mock listening on');
    const shown = readme.slice(from, readme.indexOf('```', from));
    const child = spawn(process.execPath, ['dist/voice-config-mock.cjs', '--port', '0'], {
      cwd: new URL('..', import.meta.url),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Press Ctrl+C')) resolve();
      });
    });
    child.kill('SIGTERM');
    const url = /listening on (\S+)/.exec(out)?.[1] ?? '';
    expect(out.replaceAll(url, 'http://127.0.0.1:4010').trimEnd()).toBe(shown.trimEnd());
  });

  it('states no duration for the test run, which depends on the machine', () => {
    for (const page of ['README.md', 'CONTRIBUTING.md'])
      expect(pageText(page)).not.toMatch(/npm test[^\n]*about \w+ minutes|about \w+ minutes\):\n+```sh\nnpm test/);
  });
});
