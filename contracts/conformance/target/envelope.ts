/**
 * Reading a list answer's envelope: every member beside the records, at any
 * depth, is either a paging member the kit understands (a next link or cursor,
 * a has-more flag, a total, page numbers, an offset, a size, a link it does not
 * need) or unknown. A list whose envelope holds an unknown member is not known
 * whole (paging.ts), unless a total the kit found equals the records it read:
 * the kit never takes a shape it does not understand for "one page, all there".
 *
 * The member names the reading knows, and what each means, are in
 * envelope-members.ts.
 */
import { isPlainObject } from '../matchers.js';
import { CONTAINERS, ROLES, type Role } from './envelope-members.js';

/** What the envelope says of paging, and what in it the kit does not understand. */
export interface EnvelopeReading {
  /** The next page: a URL or cursor (string), or a page number (number), and where it was found. */
  next?: { value: string | number; at: string };
  /** A next member present and empty (`null`, ""): the envelope says there is no next page. */
  noNext?: boolean;
  more?: boolean;
  /** A last-page flag (Spring's `last`): true on the last page. */
  isLast?: boolean;
  total?: number;
  /** The page answered, counted from 1, when the envelope numbers its pages. */
  page?: number;
  /** 0 when the envelope counts its pages from 0 (so the next page's number is `page`, not `page + 1`). */
  pageBase?: 0 | 1;
  pages?: number;
  offset?: number;
  /** How many records a page holds, as the envelope states it. */
  size?: number;
  /** Pointers of members the kit does not understand. */
  unknown: string[];
}

/** Reads `body`'s members beside the records at `listAt` (a pointer such as `/data`, or "" for a bare array). */
export function readEnvelope(body: unknown, listAt: string): EnvelopeReading {
  const reading: EnvelopeReading = { unknown: [] };
  if (!isPlainObject(body)) return reading;
  let zeroBased: number | undefined;
  const visit = (value: Record<string, unknown>, at: string, depth: number) => {
    for (const [key, inner] of Object.entries(value)) {
      const pointer = `${at}/${key}`;
      if (pointer === listAt) continue;
      const role = ROLES[key];
      if (key === 'next' && isPlainObject(inner)) {
        visit(inner, pointer, depth + 1);
        continue;
      }
      if (role === undefined || ((role === 'known' || role === 'size') && isPlainObject(inner))) {
        if (isPlainObject(inner) && (CONTAINERS.has(key) || role !== undefined) && depth < 4) visit(inner, pointer, depth + 1);
        else reading.unknown.push(pointer);
        continue;
      }
      if (isPlainObject(inner) && CONTAINERS.has(key) && depth < 4) {
        visit(inner, pointer, depth + 1);
        continue;
      }
      take(role, inner, pointer);
    }
  };
  const take = (role: Role, value: unknown, pointer: string) => {
    const number = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    switch (role) {
      case 'next':
        if ((typeof value === 'string' && value !== '') || number !== undefined)
          reading.next ??= { value: value as string | number, at: pointer };
        else if (value === null || value === '' || value === false) reading.noNext = true;
        else if (value !== undefined) reading.unknown.push(pointer);
        return;
      case 'more':
        if (typeof value === 'boolean') reading.more ??= value;
        else reading.unknown.push(pointer);
        return;
      case 'last':
        if (typeof value === 'boolean') reading.isLast ??= value;
        // A string is a link to the last page.
        else if (typeof value !== 'string' && value !== null) reading.unknown.push(pointer);
        return;
      case 'total':
        if (number !== undefined) reading.total ??= number;
        else if (value !== null) reading.unknown.push(pointer);
        return;
      // A number the kit reads, or null (nothing said); any other value ("2", an object) is a shape it does not know.
      // A size that is not a number says nothing of where the list ends.
      case 'size':
        if (number !== undefined) reading.size ??= number;
        return;
      case 'page':
      case 'page0':
      case 'pages':
      case 'offset':
        if (number === undefined) {
          if (value !== null) reading.unknown.push(pointer);
        } else if (role === 'page') reading.page ??= number;
        else if (role === 'page0') zeroBased ??= number;
        else if (role === 'pages') reading.pages ??= number;
        else reading.offset ??= number;
        return;
      default:
        return;
    }
  };
  visit(body, '', 0);
  if (reading.page === undefined && zeroBased !== undefined) {
    reading.page = zeroBased + 1;
    reading.pageBase = 0;
  }
  return reading;
}

/** Whether an envelope shows any sign of paging at all (a next page, a has-more flag, page numbers, an offset, a page size or a total). */
export function showsPaging(reading: EnvelopeReading): boolean {
  return (
    reading.next !== undefined ||
    reading.more !== undefined ||
    reading.isLast !== undefined ||
    reading.page !== undefined ||
    reading.pages !== undefined ||
    reading.offset !== undefined ||
    reading.size !== undefined ||
    reading.total !== undefined ||
    reading.noNext === true
  );
}
