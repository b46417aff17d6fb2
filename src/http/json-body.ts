/**
 * Reads a create or update body once, safely, before validation:
 * the content type must be JSON and the bytes UTF-8 (JSON's one encoding
 * between systems: bytes that are not UTF-8 are refused rather than read
 * with replacement characters; a charset parameter, which RFC 8259 says has
 * no effect, is ignored); the text must parse, without `__proto__` or
 * `constructor.prototype` keys (prototype pollution) and without absurd
 * nesting (which would overflow the stack later); the top level must be an
 * object. Server-owned keys (`id`, timestamps, flags) are dropped here, so
 * validation sees only what a client may set. The fields are handed on as
 * `c.req.valid('json')`; the domain validates them (src/domain/validate.ts).
 * A body over 64 KiB is parsed away from the event loop where the runtime
 * can (LargeBodyParser), and what comes back stands for the whole body.
 */
import type { Context } from 'hono';
import { MAX_RECORD_DEPTH, parseUntrustedJson, type UntrustedJson } from '../domain/untrusted-json.js';
import { type IgnoredKeys, withoutIgnoredKeys } from '../domain/validate.js';
import type { BodyReader } from './add-route.js';
import type { AppEnv, BodyResource, LargeBodyParser } from './app-env.js';
import { LARGE_BODY_CHARS, largeBodyTurn } from './large-bodies.js';
import { type ProblemKind, problemResponse } from './problem.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** The body as text; `utf8` is false when its bytes are not UTF-8 (the text then has replacement characters, for the journal). */
async function readBodyText(c: Context<AppEnv>): Promise<{ text: string; utf8: boolean }> {
  const body = Number(c.req.header('content-length')) > PIECEMEAL_BYTES ? c.req.raw.body : null;
  if (body) return readInPieces(body);
  // Otherwise the runtime's adapter reads the bytes (@hono/node-server from the IncomingMessage, without building a Request).
  return decodedBody((await c.get('bodyBytes')?.(c)) ?? (await c.req.arrayBuffer()));
}

/** A body's bytes as text, and whether they were UTF-8 (if not, the text has replacement characters, for the journal). */
export function decodedBody(bytes: Uint8Array | ArrayBuffer): { text: string; utf8: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), utf8: true };
  } catch {
    return { text: lenientUtf8.decode(bytes), utf8: false };
  }
}

/** Bodies over this many bytes are decoded as their pieces arrive: one copy and one decode of 64 MiB held the loop 300 ms. */
const PIECEMEAL_BYTES = 4 * 1024 * 1024;

async function readInPieces(body: ReadableStream<Uint8Array>): Promise<{ text: string; utf8: boolean }> {
  const parts: string[] = [];
  let decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  const decode = (piece?: Uint8Array) => {
    try {
      return decoder.decode(piece, { stream: piece !== undefined });
    } catch {
      // Not UTF-8: the rest is read with replacement characters, for the journal; the body is refused.
      utf8 = false;
      decoder = new TextDecoder('utf-8');
      return decoder.decode(piece, { stream: piece !== undefined });
    }
  };
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(decode(value));
  }
  parts.push(decode());
  return { text: parts.join(''), utf8 };
}

const isJson = (contentType: string | undefined): contentType is string => contentType !== undefined && JSON_TYPE.test(contentType);

/** Why a body is refused, as its problem answer says. */
export interface BodyRefusal {
  kind: ProblemKind;
  detail: string;
}

/** The checks every JSON body passes before its text is parsed, in the order a client fixes them: content type, then encoding. */
function typeOrEncodingRefusal(contentType: string | undefined, utf8: boolean): BodyRefusal | undefined {
  if (!isJson(contentType)) return { kind: 'unsupported-media-type', detail: wrongTypeDetail(contentType) };
  if (!utf8) return { kind: 'malformed-json', detail: 'The body is not valid UTF-8; send JSON text encoded as UTF-8.' };
  return undefined;
}

function refusedUnparsed(c: Context, contentType: string | undefined, utf8: boolean): Response | undefined {
  const refusal = typeOrEncodingRefusal(contentType, utf8);
  return refusal && problemResponse(c, refusal.kind, refusal.detail);
}

/**
 * Why a create or update body is refused before its text is parsed (none sent at all, not JSON, not UTF-8), or
 * undefined: the first checks of the body reader below, and of any other way the runtime answers these routes.
 */
export function unparsedBodyRefusal(contentType: string | undefined, text: string, utf8: boolean): BodyRefusal | undefined {
  if (!contentType && text.length === 0) {
    return { kind: 'validation', detail: 'This request needs a JSON object body, sent with Content-Type: application/json.' };
  }
  return typeOrEncodingRefusal(contentType, utf8);
}

/** A parsed create or update body's fields, without the keys the resource ignores in bodies, or why it has none. */
export function parsedBodyFields(
  parsed: UntrustedJson,
  ignored: IgnoredKeys,
): { ok: true; fields: BodyFields } | ({ ok: false } & BodyRefusal) {
  if (!parsed.ok) return { ok: false, kind: parsed.kind, detail: parsed.message };
  const body = parsed.value;
  if (!isJsonObject(body)) return { ok: false, kind: 'validation', detail: `The body must be a JSON object; got ${describe(body)}.` };
  return { ok: true, fields: withoutIgnoredKeys(body, ignored) };
}

/** The checks every JSON body passes, API and control alike: those of `refusedUnparsed`, then the text itself. */
function parseChecked(
  c: Context,
  contentType: string | undefined,
  text: string,
  utf8: boolean,
  maxDepth: number,
): { ok: true; value: unknown } | { ok: false; refusal: Response } {
  const refusal = refusedUnparsed(c, contentType, utf8);
  if (refusal) return { ok: false, refusal };
  const parsed = parseUntrustedJson(text, maxDepth);
  return parsed.ok ? parsed : { ok: false, refusal: problemResponse(c, parsed.kind, parsed.message) };
}

/** What a resource drops from bodies, and what a large body parsed off the loop needs to know of it (LargeBodyParser). */
type Ignored = IgnoredKeys & BodyResource;

/** The fields of a create or update body as a client sent them, not yet validated: the domain validates them. */
export type BodyFields = Record<string, unknown>;

/** `parseLarge`: the runtime's way to parse a large body away from the loop (the server passes Node's); without it, or when it cannot, a large body is parsed on the loop in a turn of its own. */
export function jsonBody(ignored: Ignored, operation: 'create' | 'update', parseLarge?: LargeBodyParser): BodyReader<BodyFields> {
  /** `onLoop`: parsed here, so its validation is costly too and takes a turn of its own. */
  const parseLargeText = async (text: string): Promise<{ parsed: UntrustedJson; onLoop: boolean }> => {
    const away = await parseLarge?.(text, MAX_RECORD_DEPTH, ignored, operation);
    if (away) return { parsed: away, onLoop: false };
    await largeBodyTurn();
    return { parsed: parseUntrustedJson(text, MAX_RECORD_DEPTH), onLoop: true };
  };
  return async function readJsonBody(c, next) {
    const contentType = c.req.header('content-type');
    const { text, utf8 } = await readBodyText(c);
    c.set('rawBody', text);
    const refusal = unparsedBodyRefusal(contentType, text, utf8);
    if (refusal) return problemResponse(c, refusal.kind, refusal.detail);
    const { parsed, onLoop } =
      text.length > LARGE_BODY_CHARS ? await parseLargeText(text) : { parsed: parseUntrustedJson(text, MAX_RECORD_DEPTH), onLoop: false };
    const read = parsedBodyFields(parsed, ignored);
    if (!read.ok) return problemResponse(c, read.kind, read.detail);
    c.req.addValidatedData('json', read.fields);
    c.set('bodyChecked', true);
    // Parsing and validating a large body on the loop are two turns: each blocks the loop half as long. What a
    // worker handed back is small (LargeBodyParser) and waits for no turn.
    if (onLoop) await largeBodyTurn(true);
    await next();
  };
}

/** What a route can tell of a large body's text before it is parsed: its answer, when that refuses the body. */
export type TextCheck = (c: Context, text: string, pause: () => Promise<void>) => Promise<Response | undefined>;

/** Bodies over this many characters get the route's `TextCheck` first (a parse of 4 MiB takes tens of milliseconds). */
const PRECHECK_CHARS = 4 * 1024 * 1024;

/** Lets the loop poll for other requests (setImmediate where there is one, as large-bodies.ts). */
const pause = () => new Promise<void>((resolve) => (globalThis.setImmediate ? globalThis.setImmediate(resolve) : setTimeout(resolve, 0)));

/** What a route makes of a parsed control body: the value it hands on, or its answer (a validation problem). */
export type BodyCheck<T> = (c: Context, value: unknown) => { ok: true; value: T } | { ok: false; refusal: Response };

/**
 * Control API bodies get the same checks as API bodies, nested as deep as
 * `maxDepth` allows (a record inside a snapshot sits under its
 * envelope). A POST without a body stands for `{}`. The value parsed here
 * goes to the route's `check` (its schema), in a turn of its own when the
 * body is large, and what that hands on is `c.req.valid('json')`.
 */
export function controlJsonBody(maxDepth: number): BodyReader<undefined>;
export function controlJsonBody<T extends object>(maxDepth: number, check: BodyCheck<T>, precheck?: TextCheck): BodyReader<T>;
export function controlJsonBody<T extends object>(maxDepth: number, check?: BodyCheck<T>, precheck?: TextCheck): BodyReader<T | undefined> {
  return async function readControlBody(c, next) {
    const contentType = c.req.header('content-type');
    const { text, utf8 } = await readBodyText(c);
    let value: unknown = {};
    // A text too large to parse in one turn unnoticed is first looked at in slices, with the loop free between them.
    if (precheck && text.length > PRECHECK_CHARS && utf8 && isJson(contentType)) {
      const refusal = await precheck(c, text, pause);
      if (refusal) return refusal;
    }
    if (text.length > 0) {
      if (text.length > LARGE_BODY_CHARS) await largeBodyTurn();
      const parsed = parseChecked(c, contentType, text, utf8, maxDepth);
      if (!parsed.ok) return parsed.refusal;
      value = parsed.value;
    }
    if (text.length > LARGE_BODY_CHARS) await largeBodyTurn(true);
    if (check) {
      const checked = check(c, value);
      if (!checked.ok) return checked.refusal;
      c.req.addValidatedData('json', checked.value);
    }
    await next();
  };
}

/** The answer to a body sent as another type than JSON (also the example of a 415 in the OpenAPI document). */
export const wrongTypeDetail = (contentType: string | undefined): string =>
  `Send the body as JSON with Content-Type: application/json (got ${contentType ?? 'no Content-Type'}).`;

const isJsonObject = (value: unknown): value is BodyFields => typeof value === 'object' && value !== null && !Array.isArray(value);

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}
