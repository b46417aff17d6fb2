// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the ids planted here hold ${…} as text, on purpose.
/** The repro files send ids a target answered, which are the target's text: they are quoted, never run as code. */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Masker } from '../verdict/mask.js';
import type { ReportedFailure } from './report.js';
import { reproShell, reproTest, writeRepros } from './repro.js';

const dir = mkdtempSync(join(tmpdir(), 'repro-quoting-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const planted = join(dir, 'planted');

/** A failure whose last request names a system trunk by an id the target chose. */
function failureWithId(id: string): ReportedFailure {
  const path = `/api/v1/sip-trunks/${id}`;
  return {
    check: 'explore.system-trunk.kept',
    source: 'spec',
    title: 'a system trunk is never deleted',
    basis: '§3 rule 1',
    counted: true,
    detail: 'the delete answered 200',
    steps: [
      { step: 1, command: 'delete the system trunk', as: 'token', method: 'DELETE', path, status: 200, body: {}, answered: '200 {}' },
    ],
    sequence: [],
    reproduced: '3/3',
    flaky: false,
    foundAfterRuns: 1,
    about: {},
  } as unknown as ReportedFailure;
}

/** A webhook org 1 created (`id`, answered by its create), then the other organization's refused delete of it, as the kit sent it. */
function crossDelete(id: string, ...after: object[]): ReportedFailure {
  return {
    ...failureWithId(id),
    check: 'explore.tenancy.cannot-delete',
    steps: [
      {
        step: 1,
        command: 'org 1: create webhook',
        as: 'token',
        method: 'POST',
        path: '/api/v1/webhooks',
        status: 201,
        body: {},
        answered: '201',
        created: id,
      },
      {
        step: 2,
        command: 'other organization: delete record #0',
        as: 'token2',
        method: 'DELETE',
        path: `/api/v1/webhooks/${encodeURIComponent(id)}`,
        status: 403,
        body: {},
        answered: '403',
      },
      ...after,
    ],
  } as unknown as ReportedFailure;
}

/**
 * Runs the repro script `script` against a server on 127.0.0.1 whose answers `respond` gives (status and JSON body),
 * with the tokens set: its exit code, what it printed, and each request it received (`METHOD /path`).
 */
async function runScript(script: string, respond: (method: string, url: string) => { status: number; body: unknown }) {
  const received: string[] = [];
  const server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    const { status, body } = respond(req.method ?? '', req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const env = { ...process.env, BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, TOKEN: 't1', TOKEN2: 't2' };
  const run = await new Promise<{ code: number; out: string }>((resolve) =>
    execFile('bash', [script], { env }, (error, stdout) => resolve({ code: error ? Number(error.code) : 0, out: stdout })),
  );
  await new Promise((resolve) => server.close(resolve));
  return { ...run, received };
}

/** A server that answers creates 201 with `{id}`, and every other request `status` with `{id}`. */
const runAgainst = (script: string, id: string, status: number) =>
  runScript(script, (method) => ({ status: method === 'POST' ? 201 : status, body: { id } }));

describe('repro files', () => {
  it('quote an id that holds shell code in repro.sh: running it runs no command of the id', () => {
    const script = join(dir, 'repro.sh');
    writeFileSync(script, reproShell(failureWithId(`$(touch ${planted})\`touch ${planted}\``)));

    // No server there: curl fails at once, and the script ends; what matters is what the shell ran on the way.
    try {
      execFileSync('bash', [script], {
        env: { ...process.env, BASE_URL: 'http://127.0.0.1:9', TOKEN: 't' },
        stdio: 'pipe',
        timeout: 20_000,
      });
    } catch {}

    expect(existsSync(planted)).toBe(false);
  });

  it('escape an id that holds ${…} in repro.test.ts, so it is text, not code', () => {
    // In the path, the URL encodes the braces as fetch sends them; in a query they stay.
    const source = reproTest(failureWithId('${process.exit(9)}?q=${process.exit(9)}'));

    expect(source).toContain('`/api/v1/sip-trunks/$%7Bprocess.exit(9)%7D?q=\\${process.exit(9)}`');
    expect(source).not.toMatch(/[^\\]\$\{process\.exit/);
  });

  it('send an id with control characters as the kit sent it, masked where it holds a secret, and hold no such character', async () => {
    const token = 'Tk1-sekrit-ALPHA-9q';
    // A token of characters a server escapes, echoed into ids in the ways servers write it back.
    const token2 = 'Zk9x/Q2b+Tr7wL1pq8Vn~==';
    const forms = [
      encodeURIComponent(token2),
      encodeURIComponent(token2).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      JSON.stringify(token2).slice(1, -1).replaceAll('/', '\\/'),
      token2.replace(/[^A-Za-z0-9]/g, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`),
    ];
    const odd = 'abc~\x1B[31mRED\u202Eevil [x]';
    const masker = new Masker([token, token2]);
    const failures = [failureWithId(odd), failureWithId(`${odd}-${token}`), ...forms.map((form) => failureWithId(`id-${form}`))];
    const folders = await writeRepros(join(dir, 'odd'), failures, (text) => masker.text(text));
    const files = folders.flatMap((at) => ['repro.sh', 'repro.test.ts'].map((name) => readFileSync(join(at, name), 'utf8')));
    const folder = folders[0] as string;
    expect(files).toHaveLength(2 * failures.length);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    for (const text of files) expect(text).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    for (const text of files) for (const secret of [token, token2, ...forms]) expect(text).not.toContain(secret);

    const { out: output, received: requests } = await runScript(join(folder, 'repro.sh'), () => ({ status: 200, body: {} }));
    const received = requests.map((request) => request.slice(request.indexOf(' ') + 1));

    // The path as fetch sent it: percent-encoded by the URL, brackets and all (curl's globbing is off).
    expect(received[0]).toBe(new URL(`/api/v1/sip-trunks/${odd}`, 'http://kit.test').pathname);
    // The delete of the system trunk answered 200: the rule is broken, and the script says so.
    expect(output).toContain('REPRODUCED');
  });

  it("reproduce another organization's refused delete that its owner's get shows carried out, and pass where the record stays", async () => {
    const id = '6e65de3a-efea-4b84-9d14-be70b52b06e8';
    const failure = crossDelete(id, {
      step: 2,
      command: 'other organization: delete record #0',
      as: 'token',
      method: 'GET',
      path: `/api/v1/webhooks/${id}`,
      status: 404,
      answered: '404',
    });
    const script = join(dir, 'cross-delete.sh');
    writeFileSync(script, reproShell(failure));
    /** Exit status of the script against a server whose get of the record answers `getStatus`. */
    const exitOn = async (getStatus: number) => {
      const { code } = await runScript(script, (method, url) => {
        const status = method === 'POST' ? 201 : method === 'DELETE' ? (url.endsWith(id) ? 403 : 200) : getStatus;
        return { status, body: status === 404 ? { error: 'not found' } : { id } };
      });
      return code;
    };

    expect(await exitOn(404)).toBe(1);
    expect(await exitOn(200)).toBe(0);
  });

  it('send an id holding / ? # % and .. as the one path segment the kit sent, in repro.sh and repro.test.ts alike', async () => {
    // The target's id, answered by its create, and the later requests as the kit sent them (target/record-path.ts).
    const id = 'rec/../x?y=1#z%';
    const failure = crossDelete(id);
    const script = join(dir, 'odd-id.sh');
    writeFileSync(script, reproShell(failure));
    const { received } = await runAgainst(script, id, 403);

    const segment = encodeURIComponent(id);
    // The delete of the step, then the cleanup's delete of what the script created: both name the record by its id.
    expect(received).toEqual(['POST /api/v1/webhooks', `DELETE /api/v1/webhooks/${segment}`, `DELETE /api/v1/webhooks/${segment}`]);
    const source = reproTest(failure);
    expect(source).toContain('`/api/v1/webhooks/${segment(ids.id1)}`');
    expect(source).not.toContain(segment);
  });

  it('give node an id that looks like an option only on stdin, so it runs no code of the id', async () => {
    const script = join(dir, 'option-id.sh');
    writeFileSync(script, reproShell(crossDelete('kept')));
    const planted2 = join(dir, 'planted-by-option');
    const id = `--eval=require("fs").writeFileSync(${JSON.stringify(planted2)},"x")`;

    const { received } = await runAgainst(script, id, 403);

    expect(existsSync(planted2)).toBe(false);
    expect(received.at(1)).toBe(`DELETE /api/v1/webhooks/${encodeURIComponent(id)}`);
  });

  it('stop with exit 2, sending nothing to it, when the create answers an id no path can carry', async () => {
    const script = join(dir, 'dot-id.sh');
    writeFileSync(script, reproShell(crossDelete('kept')));
    for (const id of ['..', '.', '']) {
      const { code, out, received } = await runAgainst(script, id, 403);
      expect({ id, code, received }).toEqual({ id, code: 2, received: ['POST /api/v1/webhooks'] });
      expect(out).toContain('cannot reproduce');
    }
    const source = reproTest(crossDelete('kept'));
    const segment = new Function(`${/function segment\(s\) \{[\s\S]*?\n\}/.exec(source)?.[0]}; return segment;`)() as (s: string) => string;
    expect(segment('a/b?c')).toBe('a%2Fb%3Fc');
    for (const id of ['..', '.', '']) expect(() => segment(id)).toThrow(/cannot reproduce/);
  });

  it("judge another organization's read by the id as the target gave it, not its encoded form, and an id with a quote too", async () => {
    /** The other organization's get of org 1's record `id`, answered 200 when the kit saw it. */
    const crossRead = (id: string) =>
      ({
        ...crossDelete(id),
        check: 'explore.tenancy.cannot-read',
        steps: [
          ...(crossDelete(id) as unknown as { steps: object[] }).steps.slice(0, 1),
          {
            step: 2,
            command: 'other organization: get record #0',
            as: 'token2',
            method: 'GET',
            path: `/api/v1/webhooks/${encodeURIComponent(id)}`,
            status: 200,
            answered: '200',
          },
        ],
      }) as unknown as ReportedFailure;
    const scriptFor = (name: string, id: string) => {
      const script = join(dir, name);
      writeFileSync(script, reproShell(crossRead(id)));
      return script;
    };

    // A get that answers the record (its id in the text) breaks the rule: exit 1; a 404 keeps it: exit 0.
    const colon = scriptFor('colon-id.sh', 'a:b');
    expect((await runAgainst(colon, 'a:b', 200)).code).toBe(1);
    expect((await runAgainst(colon, 'a:b', 404)).code).toBe(0);
    // An id holding a quote reaches the check whole: a 404 is not taken for a reproduction.
    expect((await runAgainst(scriptFor('quote-id.sh', 'a"b'), 'a"b', 404)).code).toBe(0);
  });
});
