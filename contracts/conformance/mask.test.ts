/** The masker and the visible escapes: what the kit writes holds no secret and no character that drives a terminal. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEEPEST_SHOWN, MASK, Masker, maskerFor } from './verdict/mask.js';
import { jsonEscaped, visible, visibleStrings } from './verdict/visible.js';

const TOKEN = 'tok-9f2a71c4e0';
const HEADER = 'hdr"value/+ 77';
const masker = () => maskerFor({ baseUrl: 'http://t.test', token: TOKEN, token2: 'tok2-b81d', headers: { 'x-tenant-key': HEADER } });

/** `value` nested `depth` levels deep, alternating objects and arrays. */
function nested(depth: number, value: unknown): unknown {
  let inner = value;
  for (let level = 0; level < depth; level++) inner = level % 2 === 0 ? { level: inner } : [inner];
  return inner;
}

describe('masking text', () => {
  it('masks the tokens and --header values inside longer text, also JSON-escaped or percent-encoded', () => {
    const m = masker();
    expect(m.text(`got "Bearer ${TOKEN}" and tok2-b81d`)).toBe(`got "Bearer ${MASK}" and ${MASK}`);
    expect(m.text(`header ${HEADER}!`)).toBe(`header ${MASK}!`);
    expect(m.text(JSON.stringify({ echoed: `x ${HEADER}` }))).not.toContain('hdr');
    expect(m.text(`q=${encodeURIComponent(HEADER)}`)).toBe(`q=${MASK}`);
    expect(m.text(JSON.stringify(JSON.stringify({ echoed: HEADER })))).not.toContain('hdr');
  });

  it('masks a token with / + = ~ in every way a server writes it back', () => {
    const token = 'ab~Cd/Ef+Gh 12"xyZ==';
    const m = new Masker([token]);
    const every = (pattern: RegExp, write: (char: string) => string) => token.replace(pattern, write);
    const code = (char: string) => (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
    const pct = (char: string) => `%${(char.codePointAt(0) ?? 0).toString(16).padStart(2, '0')}`;
    const forms = [
      token,
      JSON.stringify(token).slice(1, -1),
      JSON.stringify(token).slice(1, -1).replaceAll('/', '\\/'),
      JSON.stringify(JSON.stringify(token).slice(1, -1).replaceAll('/', '\\/')).slice(1, -1),
      every(/[^A-Za-z0-9]/g, (char) => `\\u${code(char)}`),
      every(/[^A-Za-z0-9]/g, (char) => `\\u${code(char).toUpperCase()}`),
      JSON.stringify(every(/[^A-Za-z0-9]/g, (char) => `\\u${code(char)}`)).slice(1, -1),
      encodeURIComponent(token),
      encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      encodeURIComponent(token).replaceAll('~', '%7E'),
      new URLSearchParams({ t: token }).toString().slice(2),
      encodeURI(token),
      encodeURIComponent(encodeURIComponent(token)),
      every(/[^A-Za-z0-9]/g, pct),
      every(/[^A-Za-z0-9]/g, (char) => `&#${char.codePointAt(0)};`),
      every(/[^A-Za-z0-9]/g, (char) => `&#x${code(char)};`),
      // Mixed: a slash escaped for JSON in a percent-encoded rest.
      encodeURIComponent(token).replaceAll('%2F', '\\/'),
    ];
    for (const form of forms) {
      expect(m.text(`said ${form}.`), form).toBe(`said ${MASK}.`);
      expect(m.text(JSON.stringify({ echoed: `q=${form}` })), form).toBe(`{"echoed":"q=${MASK}"}`);
    }
  });

  it('masks a secret written in any mix of the forms of its characters, on generated secrets and texts', () => {
    const alphabet = ['a', 'Z', '7', '/', '+', '=', '~', ' ', '"', '\\', '&', '%', 'é', '😀', ':', '.', '-', '_'];
    const pct = (char: string) => [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    // Letters and digits as they are: no encoder escapes them.
    const unicode = (char: string) =>
      /[A-Za-z0-9]/.test(char)
        ? char
        : Array.from({ length: char.length }, (_, index) => `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`).join('');
    const writers: ((char: string) => string)[] = [
      (char) => char,
      (char) => JSON.stringify(char).slice(1, -1),
      (char) => (char === '/' ? '\\/' : char),
      unicode,
      (char) => unicode(char).replace(/[0-9a-f]{4}/g, (hex) => hex.toUpperCase()),
      (char) => (/[A-Za-z0-9]/.test(char) ? char : pct(char)),
      (char) => (/[A-Za-z0-9]/.test(char) ? char : pct(char).toUpperCase()),
      (char) => (char === ' ' ? '+' : encodeURIComponent(char)),
      (char) => JSON.stringify(JSON.stringify(char).slice(1, -1)).slice(1, -1),
    ];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...alphabet), fc.nat(writers.length - 1)), { minLength: 3, maxLength: 24 }),
        (chosen) => {
          const secret = chosen.map(([char]) => char).join('');
          const written = chosen.map(([char, writer]) => writers[writer]!(char)).join('');
          expect(new Masker([secret]).text(`#(${written})#`)).toBe(`#(${MASK})#`);
        },
      ),
      { seed: 20261129, numRuns: 2000 },
    );
  });

  it('masks a --header with a scheme also as its credentials alone, and Basic credentials decoded', () => {
    const basic = `Basic ${Buffer.from('kit-user:s3cr/et+pw=').toString('base64')}`;
    const m = maskerFor({ baseUrl: 'http://t.test', token: TOKEN, headers: { authorization: basic, 'x-gw': 'Token gw-7f3a' } });
    expect(m.text(`bad ${basic.slice(6)}; user kit-user:s3cr/et+pw=; pw s3cr%2Fet%2Bpw%3D; gw-7f3a`)).toBe(
      `bad ${MASK}; user ${MASK}; pw ${MASK}; ${MASK}`,
    );
  });

  it('masks the start of a secret where a text was cut short', () => {
    const m = masker();
    expect(m.text(`answered {"auth":"Bearer ${TOKEN.slice(0, 7)}…`)).toBe(`answered {"auth":"Bearer ${MASK}…`);
    expect(m.text(`{"h":"${HEADER.slice(0, 5)}… (4000 characters in all)`)).not.toContain('hdr"v');
    // Written as a server writes it (JSON-escaped, percent-encoded), and cut within the form of a character.
    const slashed = new Masker(['Zk9x/Q2b+Tr7wL1pq8Vn==']);
    expect(slashed.text('{"message":"Bearer Zk9x\\/Q2b+Tr… (4000 characters in all)')).toBe(
      `{"message":"Bearer ${MASK}… (4000 characters in all)`,
    );
    expect(slashed.text('?access_token=Zk9x%2FQ2b%2B… (4000 characters in all)')).toBe(`?access_token=${MASK}… (4000 characters in all)`);
    expect(slashed.text('?access_token=Zk9x%2FQ2b%2… (4000 characters in all)')).toBe(`?access_token=${MASK}… (4000 characters in all)`);
    // Two characters say nothing of a secret, and the text after the cut is left as it is.
    expect(m.text('to… ok')).toBe('to… ok');
  });

  it('masks the values of secret-named members written as JSON inside text, escaped once or not at all', () => {
    const m = masker();
    expect(m.text('400 {"password":"hunter2","name":"a"}')).toBe(`400 {"password":"${MASK}","name":"a"}`);
    expect(m.text('"{\\"apiKey\\":\\"k-1\\",\\"n\\":1}"')).toBe(`"{\\"apiKey\\":\\"${MASK}\\",\\"n\\":1}"`);
    expect(m.text('{"x-tenant-key": "short", "secretNumber": 42}')).toBe(`{"x-tenant-key": "${MASK}", "secretNumber": "${MASK}"}`);
    // Cut short inside the value: the rest of it is masked.
    expect(m.text('{"password":"hunter2-and-mo…')).toBe(`{"password":"${MASK}"`);
    // A line cut short inside the value ends there: the lines after it (other results) are not taken for its rest.
    const lines = ['  ✗ a: got 200 {"signingSecret":"whsec_abcdefgh…', '  ✗ b: got 200 {"id":"x"}', '  ✗ c: "end"'];
    expect(m.text(lines.join('\n')).split('\n')).toEqual([`  ✗ a: got 200 {"signingSecret":"${MASK}"`, lines[1], lines[2]]);
  });

  it('masks a secret member whose value is an array or an object, and what it holds wherever else the text shows it', () => {
    const body = { apiKey: ['ARRSECRET-456abc'], password: { v: 'OBJSECRET-55x' }, m: 'echo ARRSECRET-456abc and OBJSECRET-55x' };
    const shown = `200 application/json ${JSON.stringify(body)}`;

    expect(masker().text(shown)).toBe(`200 application/json {"apiKey":"${MASK}","password":"${MASK}","m":"echo ${MASK} and ${MASK}"}`);
    // Written into a JSON string (a body that quotes another), the same.
    const quoted = masker().text(JSON.stringify({ error: JSON.stringify(body) }));
    expect(quoted).not.toMatch(/ARRSECRET|OBJSECRET/);
    expect(quoted).toContain(`\\"apiKey\\":\\"${MASK}\\"`);
    // Cut short inside the array: the rest of its line is masked, and the next line is not taken for it.
    const cut = ['got {"tokens":[{"value":"CUTSECRET-1234…', 'next line {"id":"x"}'];
    expect(masker().text(cut.join('\n')).split('\n')).toEqual([`got {"tokens":"${MASK}"`, cut[1]]);
    // A member that is not a secret keeps its array and object.
    const plain = JSON.stringify({ tags: ['a', 'b'], limits: { rate: 1 } });
    expect(masker().text(plain)).toBe(plain);
    // In a pretty-printed report, the object is masked over its lines, and the report stays JSON.
    const report = JSON.stringify({ password: { v: ['PRETTYSECRET-1'] }, name: 'a' }, null, 2);
    expect(JSON.parse(masker().text(report))).toEqual({ password: MASK, name: 'a' });
  });

  it('finds a member named like a --header in any case, and returns a text with no secret-named member as it was', () => {
    const m = masker();
    expect(m.text('[{"id":"a1","X-Tenant-KEY":"v-1"}]')).toBe(`[{"id":"a1","X-Tenant-KEY":"${MASK}"}]`);
    expect(new Masker([], ['Schlüssel']).text('{"SCHLÜSSEL":"v-2"}')).toBe(`{"SCHLÜSSEL":"${MASK}"}`);
    expect(new Masker([TOKEN]).text('{"name":"a","Authorization":"Basic x"}')).toBe(`{"name":"a","Authorization":"${MASK}"}`);
    // The secret word anywhere in the name, an escape after it, a space before the colon, JSON inside JSON.
    expect(m.text('{"my_Token\\u0041x" : "v-3"}')).toBe(`{"my_Token\\u0041x" : "${MASK}"}`);
    expect(m.text('"{\\"x-apiKey-2\\":\\"k\\"}"')).toBe(`"{\\"x-apiKey-2\\":\\"${MASK}\\"}"`);
    const list = JSON.stringify([{ id: 'auth.missing-token.schemas', name: 'Support line', tags: ['x'], count: 2 }]);
    expect(m.text(list)).toBe(list);
    expect(m.text('no member here: x-tenant-key')).toBe('no member here: x-tenant-key');
  });

  it('skips the member passes only where they would change nothing: the same text as with them, on generated texts', () => {
    const marks = ['"', '\\"', '\\', ':', ' ', ',', '{', '}', '…', '\\u0041', 'a', '7', '%2F', '\\/', '\\u002b', '&#43;'];
    const names = ['token', 'ToKen', 'passw', 'api_key', 'coo', 'kie', 'X-Tenant-Key', 'x-tenant-', 'key', 'name', TOKEN.slice(0, 5)];
    const pieces = [...marks, ...names];
    const withEveryPass = masker();
    // The check is private to the masker; always true, it gives the passes as they ran before it.
    (withEveryPass as unknown as { mayHoldSecretMember(): boolean }).mayHoldSecretMember = () => true;
    const m = masker();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(m.text(text)).toBe(withEveryPass.text(text));
      }),
      { seed: 20261129, numRuns: 5000 },
    );
  });

  it('masks a user name and password written into the base URL', () => {
    const m = maskerFor({ baseUrl: 'http://kit-user:p%40ss-w0rd@t.test', token: TOKEN });
    expect(m.text('cannot reach http://kit-user:p%40ss-w0rd@t.test (p@ss-w0rd)')).toBe(
      `cannot reach http://${MASK}:${MASK}@t.test (${MASK})`,
    );
  });

  it('leaves short values alone: they would mask ordinary words', () => {
    const m = new Masker(['ab']);
    expect(m.text('about')).toBe('about');
  });
});

describe('masking values', () => {
  it('masks secret-named members and what the tokens appear in at any depth, keys included', () => {
    const m = masker();
    const deep = nested(41, { password: 'pw-1', note: `echo ${TOKEN}`, [`k ${TOKEN}`]: 1, tokens: ['a', { b: 'c' }], count: 3 });
    const text = JSON.stringify(m.value(deep));

    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('pw-1');
    expect(text).toContain(`"note":"echo ${MASK}"`);
    expect(text).toContain(`"k ${MASK}":1`);
    expect(text).toContain(`"tokens":["${MASK}",{"b":"${MASK}"}]`);
    expect(text).toContain('"count":3');
  });

  it('learns the values of secret-named members and masks them wherever they appear again', () => {
    const m = masker();
    const masked = m.value({ sent: { password: 'sip-pass-0042' }, received: 'password sip-pass-0042 is too weak' });
    expect(masked).toEqual({ sent: { password: MASK }, received: `password ${MASK} is too weak` });
    // Later values too: the masker remembers.
    expect(m.value(['again sip-pass-0042'])).toEqual([`again ${MASK}`]);
    // Short values of such members are kinds rather than secrets ("bearer"), and are not searched for.
    expect(m.value({ tokenType: 'bearer', text: 'bearer' })).toEqual({ tokenType: MASK, text: 'bearer' });
  });

  it('learns the secrets of JSON written out in text before masking anything, so an earlier string is masked too', () => {
    const report = {
      first: { detail: 'the target answered: 200 {"note":"echo NESTEDSECRET-77q"}' },
      later: { detail: 'the target answered: 400 {"credentials":{"token":["NESTEDSECRET-77q"]}}' },
    };

    const masked = JSON.stringify(masker().value(report));

    expect(masked).not.toContain('NESTEDSECRET');
    expect(masked).toContain(`echo ${MASK}`);
  });

  it('shows nothing deeper than its limit, so writing a report cannot exhaust the stack', () => {
    const masked = masker().value(nested(100_000, TOKEN));
    const text = JSON.stringify(masked);
    expect(text).toContain(`nested deeper than ${DEEPEST_SHOWN} levels`);
    expect(text).not.toContain(TOKEN);
  });

  it('copies only what holds something masked, and never changes the value it was given', () => {
    const untouched = { id: 'r1', tags: ['a', 'b'], at: 3 };
    const given = { plain: untouched, echoed: { note: `seen ${TOKEN}`, list: [1, TOKEN], password: 'p4ssw0rd-1' } };
    const before = structuredClone(given);
    const masked = masker().value(given);
    expect(given).toEqual(before);
    expect(masked.plain).toBe(untouched);
    expect(masked.echoed).not.toBe(given.echoed);
    expect(masked).toEqual({ plain: untouched, echoed: { note: `seen ${MASK}`, list: [1, MASK], password: MASK } });
  });

  it('keeps a "__proto__" member a plain member', () => {
    const masked = masker().value(JSON.parse('{"__proto__": {"polluted": true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    expect(Object.keys(masked)).toEqual(['__proto__']);
  });
});

describe('visible text', () => {
  it('escapes control, bidi, invisible and line-separator characters; keeps line feeds only when asked', () => {
    const sent = 'a\x1b]0;title\x07\r\n\u202e\u2066\u200b\u2028\x9b\x7fz';
    expect(visible(sent)).toBe('a\\x1B]0;title\\x07\\r\\n\\u202E\\u2066\\u200B\\u2028\\x9B\\x7Fz');
    expect(visible(sent, true)).toContain('\\r\n\\u202E');
    expect(visibleStrings({ 'k\x1b': ['v\n'] })).toEqual({ 'k\\x1B': ['v\\n'] });
  });

  it('writes JSON with those characters as \\u escapes: the same data, none of the characters', () => {
    const value = { text: '\u202e\x9b\u2028\x7f' };
    const json = jsonEscaped(JSON.stringify(value, null, 2));
    expect(json).not.toMatch(/[\u202e\x9b\u2028\x7f]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
