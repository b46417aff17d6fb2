/**
 * The thread that large request bodies are parsed on (off-thread-json.ts),
 * with the same checks as on the main thread (parseUntrustedJson). Then, so
 * that what is handed back is cheap to copy: a create's fields are parsed as
 * the main thread would (the resource's ignored keys dropped, parseFields
 * with the schema its variant picks), and only what that found goes back; an
 * update's schema depends on the record it changes, so its body goes back
 * with the keys no schema reads counted and left out beyond the few an
 * answer lists. Parsing a megabyte of 120,000 short keys, or a map of 60,000
 * entries, takes tens of milliseconds of CPU in one piece: here it holds up
 * no other request.
 */
import { parentPort } from 'node:worker_threads';
import type { Problem } from '../domain/problem-list.js';
import { resources } from '../domain/resources/index.js';
import { parseUntrustedJson, type UntrustedJson } from '../domain/untrusted-json.js';
import { leaveOutUnknownKeys, parseFields, withoutIgnoredKeys } from '../domain/validate.js';

export interface ParseRequest {
  id: number;
  text: string;
  maxDepth: number;
  kind: string;
  operation: 'create' | 'update';
  /** The resource's `bodyKeys`, for a kind this thread's registry does not hold (one a test registered). */
  readable: readonly string[];
}

/** A create's fields as parseFields found them; `standIn` holds the variant key, which picks the same schema again. */
export interface ParsedFields {
  standIn: Record<string, unknown>;
  value: Record<string, unknown>;
  problems: Problem[];
  more: number;
  stopped: boolean;
}

/**
 * `fields`: a create parsed here; `leftOut`: an update's body with that many unknown keys left out; `here`: the
 * answer would be no smaller than the body, so the main thread parses the text itself (a copy costs as much).
 */
export type ParseAnswer = { id: number } & (
  | Extract<UntrustedJson, { ok: false }>
  | { ok: 'fields'; fields: ParsedFields }
  | { ok: true; value: Record<string, unknown>; leftOut: number }
  | { ok: 'here' }
);

/** What the worker hands back, at most, as JSON text: above it, copying the value over costs about what parsing it there would. */
const MAX_HANDED_BACK_CHARS = 64 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function answer({ id, text, maxDepth, kind, operation, readable }: ParseRequest): ParseAnswer {
  const parsed = parseUntrustedJson(text, maxDepth);
  if (!parsed.ok) return { id, ...parsed };
  if (!isObject(parsed.value)) return { id, ok: 'here' };
  const def = resources.find((resource) => resource.kind === kind);
  const { body, leftOut } = leaveOutUnknownKeys(parsed.value, def?.bodyKeys ?? new Set(readable));
  if (operation === 'create' && def) {
    const fields = withoutIgnoredKeys(body, def);
    const found = parseFields(def.createSchemaFor(fields), fields);
    if (JSON.stringify(found.value).length > MAX_HANDED_BACK_CHARS) return { id, ok: 'here' };
    const key = def.variants?.key;
    const standIn = key !== undefined && Object.hasOwn(fields, key) ? { [key]: fields[key] } : {};
    const { problems, more, stopped } = found.problems;
    return { id, ok: 'fields', fields: { standIn, value: found.value, problems, more, stopped } };
  }
  if (leftOut === 0 || JSON.stringify(body).length > MAX_HANDED_BACK_CHARS) return { id, ok: 'here' };
  return { id, ok: true, value: body, leftOut };
}

parentPort?.on('message', (request: ParseRequest) => parentPort?.postMessage(answer(request)));
