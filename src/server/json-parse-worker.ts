/**
 * The thread that large request bodies are parsed on (off-thread-json.ts):
 * the same checks as on the main thread (parseUntrustedJson), and then an
 * object body's keys that no schema of its resource reads are counted and
 * left out beyond the few an answer lists, so that what is handed back is
 * cheap to copy. Parsing a megabyte of 120,000 short keys takes 50–150 ms
 * of CPU in one piece: here it holds up no other request.
 */
import { parentPort } from 'node:worker_threads';
import { parseUntrustedJson, type UntrustedJson } from '../domain/untrusted-json.js';
import { leaveOutUnknownKeys } from '../domain/validate.js';

export interface ParseRequest {
  id: number;
  text: string;
  maxDepth: number;
  readable: readonly string[];
}

/** `here`: the body is no smaller for what was left out, so the main thread parses the text itself (a copy would cost as much). */
export type ParseAnswer = { id: number; leftOut: number } & (UntrustedJson | { ok: 'here' });

/**
 * What the worker hands back, at most, as JSON text: above it, copying the
 * value to the main thread would take as long as parsing there (a tool's map
 * of 60,000 headers, which only the main thread's validation can refuse).
 */
const MAX_HANDED_BACK_CHARS = 64 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function answer({ id, text, maxDepth, readable }: ParseRequest): ParseAnswer {
  const parsed = parseUntrustedJson(text, maxDepth);
  if (!parsed.ok || !isObject(parsed.value)) return { id, leftOut: 0, ...parsed };
  const { body, leftOut } = leaveOutUnknownKeys(parsed.value, new Set(readable));
  if (leftOut === 0 || JSON.stringify(body).length > MAX_HANDED_BACK_CHARS) return { id, leftOut: 0, ok: 'here' };
  return { id, leftOut, ok: true, value: body };
}

parentPort?.on('message', (request: ParseRequest) => parentPort?.postMessage(answer(request)));
