/**
 * A proxy in front of the mock that answers, on purpose, in shapes a
 * conformance kit must not take for agreement: refusals turned into 500s or
 * 429s, a list wrapped under a name the kit does not know, lists whose items
 * carry no id the kit can read, a record leaked in a wrapper or inside a
 * refusal, a get that shows nothing written. Nothing in these answers shows
 * that a rule holds, so each rule resting on them must come out "not judged"
 * (or failed, where the answer shows the rule broken), never passed.
 */
import type { FetchLike } from '../../contracts/conformance/types.js';

export const ODD_WAYS = {
  /**
   * Another organization's get, update or delete, refused by the mock with a 4xx, answers 500 instead; the given
   * system trunk's get answers 500 and its delete 429 (with `Retry-After: 0`, so that the kit's tries again cost no
   * wait); the trunk list answers `{"trunks": [...]}`, a wrapper the kit does not read.
   */
  'refusals-as-500': true,
  /** The trunk list answers bare id strings, the assistant, tool and webhook lists records whose id is under `uuid`. */
  'lists-without-ids': true,
  /**
   * A get refused to the caller (no token, another organization's) answers 200 with the record anyway, wrapped as
   * `{"payload": {...}}`, while its owner gets it bare: a leak in a shape the kit does not read as the record.
   */
  'leak-wrapped': true,
  /**
   * A get refused to the caller keeps its status (401, 404) but carries what was asked in its body: the list as the
   * first organization sees it, or the record as its owner sees it.
   */
  'refusal-carries-record': true,
  /** A get of one record answers its id alone, whatever was written to it. */
  'get-shows-only-id': true,
  /**
   * As `lists-without-ids`, and a tool create by the organization that owns the tool `subject` answers that tool, from
   * before the run (an idempotent create handing back an existing record): the kit must not take it for its own, nor
   * delete it.
   */
  'create-answers-existing': true,
  /** The system trunk's delete answers 429 (too many requests), which neither refuses nor accepts it. */
  'rate-limited-system-delete': true,
  /** Another organization's update or delete of a record is carried out (as its owner), and answered 403 all the same. */
  'cross-writes-applied': true,
  /** The trunk list holds its last (oldest) trunk only, and a trunk's delete answers 200 {} and deletes nothing. */
  'capped-trunks-kept': true,
  /** As `capped-trunks-kept`, with the first (newest) trunk only: it holds every live trunk a sequence made, at times. */
  'newest-trunk-kept': true,
  /** An update by the record's owner is answered 202 {} at once and carried out 100 ms later. */
  'updates-later': true,
  /** Every URL a record holds is shown with a trailing slash, and an update answers 204 with no body. */
  'own-form-urls': true,
  /**
   * As `own-form-urls`, with a schema's `type` shown in lower case too, and a create answers 201 with no body, its
   * record's path in `Location`: only a get shows a record.
   */
  'unseen-own-form': true,
  /** A record's get answers 404 for its first 150 ms (a read replica behind the create). */
  'gets-behind': true,
  /**
   * As `updates-later`, and another organization's update or delete is answered 403 and carried out (as its owner)
   * 100 ms later: a target that carries writes out later, refused ones too.
   */
  'writes-later': true,
  /** An update by the record's owner is carried out, and answered 200 with the record as it was before it. */
  'update-answers-before': true,
  /** An update by the record's owner is answered 200 with the record as it is, and not carried out. */
  'updates-ignored': true,
} as const;
export type OddWay = keyof typeof ODD_WAYS;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const TOKENS = ['demo-token', 'demo-token-2'];

/**
 * The mock behind `inner`, answering in the odd way `way`; `subject` is the system trunk (`refusals-as-500`) or the
 * tool from before the run (`create-answers-existing`).
 */
export function oddProxy(inner: FetchLike, way: OddWay, subject?: string): FetchLike {
  const systemTrunkId = subject;
  const existingId = subject;
  const owners = new Map<string, string>();
  const born = new Map<string, number>();
  return async (url, init) => {
    const { pathname } = new URL(url);
    const [, kind, id] = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(pathname) ?? [];
    const method = (init.method ?? 'GET').toUpperCase();
    const token = new Headers(init.headers).get('authorization') ?? '';
    const capped = way === 'capped-trunks-kept' || way === 'newest-trunk-kept';
    if (capped && kind === 'sip-trunks' && id !== undefined && method === 'DELETE') return json(200, {});
    // Only the owner's update (its get answers the record): another organization's is refused as the mock refuses it.
    const later = way === 'updates-later' || way === 'writes-later';
    if (later && id !== undefined && method === 'PATCH' && (await inner(url, { headers: init.headers ?? {} })).ok) {
      setTimeout(() => void inner(url, init), 100);
      return json(202, {});
    }
    const owner = id === undefined ? undefined : owners.get(id);
    if (way === 'writes-later' && owner !== undefined && owner !== token && (method === 'PATCH' || method === 'DELETE')) {
      setTimeout(
        () => void inner(url, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: owner } }),
        100,
      );
      return json(403, { error: 'forbidden' });
    }
    if (way === 'gets-behind' && id !== undefined && method === 'GET' && performance.now() - (born.get(id) ?? 0) < 150)
      return json(404, { error: 'not found' });
    if ((way === 'update-answers-before' || way === 'updates-ignored') && id !== undefined && method === 'PATCH') {
      // Only the owner's update (its get answers the record): another organization's is refused as the mock refuses it.
      const current = await inner(url, { headers: init.headers ?? {} });
      if (current.ok) {
        if (way === 'updates-ignored') return json(200, await current.json());
        const updated = await inner(url, init);
        return updated.ok ? json(200, await current.json()) : updated;
      }
    }
    const answer = await inner(url, init);
    if (way === 'gets-behind' && id === undefined && method === 'POST' && answer.ok) {
      const created = (await answer.clone().json()) as { id?: string };
      if (typeof created.id === 'string') born.set(created.id, performance.now());
    }
    if (way === 'writes-later' && id === undefined && method === 'POST' && answer.ok) {
      const created = (await answer.clone().json()) as { id?: string };
      if (typeof created.id === 'string') owners.set(created.id, token);
    }
    if (way === 'own-form-urls' || way === 'unseen-own-form') {
      if (method === 'PATCH' && answer.ok) return new Response(null, { status: 204 });
      if (way === 'unseen-own-form' && method === 'POST' && id === undefined && answer.status === 201) {
        const created = (await answer.json()) as { id: string };
        return new Response(null, { status: 201, headers: { location: `${pathname}/${created.id}` } });
      }
      if (!answer.headers.get('content-type')?.includes('json')) return answer;
      let text = (await answer.text()).replace(/"url":"([^"]*[^/"])"/g, '"url":"$1/"');
      if (way === 'unseen-own-form' && kind === 'schemas')
        text = text.replace(/"type":"([^"]*)"/g, (_, type: string) => `"type":"${type.toLowerCase()}"`);
      return new Response(text, { status: answer.status, headers: answer.headers });
    }
    if (kind === undefined) return answer;
    if (way === 'get-shows-only-id') {
      if (id === undefined || method !== 'GET' || !answer.ok) return answer;
      return json(200, { id: ((await answer.json()) as { id: string }).id });
    }
    if (way === 'rate-limited-system-delete') {
      const system = kind === 'sip-trunks' && id !== undefined && method === 'DELETE' && answer.status === 403;
      return system ? json(429, { error: 'too many requests' }) : answer;
    }
    if (way === 'leak-wrapped' || way === 'refusal-carries-record') {
      if (method !== 'GET' || answer.status < 400 || answer.status >= 500) return answer;
      if (id === undefined && way === 'leak-wrapped') return answer;
      for (const other of TOKENS) {
        const leaked = await inner(url, { method: 'GET', headers: { authorization: `Bearer ${other}` } });
        if (!leaked.ok) continue;
        if (way === 'leak-wrapped') return json(200, { payload: await leaked.json() });
        return json(answer.status, { error: 'refused', [id === undefined ? 'data' : 'record']: await leaked.json() });
      }
      return answer;
    }
    if (way === 'refusals-as-500') {
      if (id === undefined && method === 'POST' && answer.ok) {
        const created = (await answer.clone().json()) as { id?: string };
        if (typeof created.id === 'string') owners.set(created.id, token);
      }
      if (id !== undefined && id === systemTrunkId)
        return method === 'DELETE'
          ? json(429, { error: 'too many requests' }, { 'retry-after': '0' })
          : json(500, { error: 'internal error' });
      if (owner !== undefined && owner !== token && answer.status >= 400 && answer.status < 500)
        return json(500, { error: 'internal error' });
      if (kind === 'sip-trunks' && id === undefined && method === 'GET' && answer.ok) return json(200, { trunks: await answer.json() });
      return answer;
    }
    if (way === 'cross-writes-applied') {
      if (id === undefined && method === 'POST' && answer.ok) {
        const created = (await answer.clone().json()) as { id?: string };
        if (typeof created.id === 'string') owners.set(created.id, token);
      }
      if (owner === undefined || owner === token || (method !== 'PATCH' && method !== 'DELETE') || answer.status < 400) return answer;
      await inner(url, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: owner } });
      return json(403, { error: 'forbidden' });
    }
    if (capped && kind === 'sip-trunks') {
      if (id === undefined && method === 'GET' && answer.ok) {
        const trunks = (await answer.json()) as unknown[];
        return json(200, way === 'capped-trunks-kept' ? trunks.slice(-1) : trunks.slice(0, 1));
      }
      return answer;
    }
    if (way === 'create-answers-existing' && kind === 'tools' && id === undefined && method === 'POST' && answer.ok) {
      // Only for the organization that owns it: its get answers it with this token.
      const existing = await inner(`${url.replace(/\/$/, '')}/${existingId}`, { headers: { authorization: token } });
      if (existing.ok) return json(201, await existing.json());
    }
    if (id !== undefined || method !== 'GET' || !answer.ok || kind === 'schemas') return answer;
    const records = (await answer.json()) as { id: string }[];
    if (kind === 'sip-trunks')
      return json(
        200,
        records.map((record) => record.id),
      );
    return json(
      200,
      records.map(({ id: uuid, ...rest }) => ({ uuid, ...rest })),
    );
  };
}
