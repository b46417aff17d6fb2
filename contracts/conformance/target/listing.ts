/**
 * Reading a list answer. The schema list is a bare JSON array, as the spec
 * shows it; the shape of the other four lists is not shown, so they are read
 * at --list-pointer, else bare, else through the one array-valued member among
 * `data`, `items`, `results` and `content` of an envelope (which the report notes).
 */
import { isPlainObject } from '../matchers.js';
import { SCHEMA_LIST_PATH } from '../resources.js';
import type { Target } from '../types.js';
import { atPointer } from './pointer.js';

const ENVELOPE_MEMBERS = ['data', 'items', 'results', 'content'];

/** Where a run writes what it read in a way the spec leaves open (the report's `notes`). */
export type Notes = Set<string>;

/** The items of the list answer `body` of `path`; undefined when it holds no list where the kit looks. */
export function listItems(target: Target, path: string, body: unknown, notes?: Notes): unknown[] | undefined {
  return listIn(target, path, body, notes)?.items;
}

/** The items of a list answer and where they were (a JSON pointer, "" for a bare array); undefined when none. */
export function listIn(target: Target, path: string, body: unknown, notes?: Notes): { items: unknown[]; at: string } | undefined {
  const collection = path.split('?')[0]?.replace(/(.)\/$/, '$1');
  if (collection === SCHEMA_LIST_PATH) return Array.isArray(body) ? { items: body, at: '' } : undefined;
  if (target.listPointer !== undefined) {
    const found = atPointer(body, target.listPointer);
    return Array.isArray(found) ? { items: found, at: target.listPointer } : undefined;
  }
  if (Array.isArray(body)) return { items: body, at: '' };
  if (!isPlainObject(body)) return undefined;
  const members = ENVELOPE_MEMBERS.filter((key) => Array.isArray(body[key]));
  if (members.length !== 1) return undefined;
  const member = members[0] as string;
  notes?.add(
    `GET ${collection} answered an object; its list was read from its "${member}" member (give --list-pointer to say where the list is)`,
  );
  return { items: body[member] as unknown[], at: `/${member}` };
}
