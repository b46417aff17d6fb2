/**
 * A snapshot's bounded lists counted in its text, before it is parsed, a
 * slice at a time. Parsing a state of tens of megabytes is one call that
 * nobody can interrupt (seconds, for 64 MiB of zeros), and every other
 * client waits for it; a state whose lists are over their bounds (the
 * organizations, the trunk configurations, an organization's records of a
 * kind) is refused on these counts alone, with the problems `checkState`
 * would give, and the loop is free between two slices.
 *
 * The scan follows the JSON structure without building anything. It looks
 * only for the lists the bounds name, by their keys as written: a text that
 * is no JSON, or that spells those keys with escapes, finds nothing here and
 * is parsed and checked as any other (and refused there).
 */
import { counted } from '../../domain/english.js';
import { ProblemList } from '../../domain/problem-list.js';
import type { Problem } from '../../domain/resource.js';
import { resourceKinds } from '../../domain/resources/index.js';
import { MAX_SNAPSHOT_DEPTH, SNAPSHOT_BOUNDS } from './snapshot-schema.js';

/** Characters looked at between two pauses: a few milliseconds of work (a loaded machine took 30 ms for 1 Mi). */
const SLICE_CHARS = 1 << 18;

type Role = 'top' | 'organizations' | 'telephony' | 'organization' | 'records' | 'kind' | 'other';

interface Frame {
  role: Role;
  array: boolean;
  /** Elements begun so far (lists). */
  count: number;
  /** A list expects its next element; an object its next key. */
  expecting: boolean;
  /** The key of the member being read (objects the scan follows). */
  key: string | undefined;
  /** Where the frame is, for the problem a list over its bound gives. */
  path: Problem['path'];
}

const KINDS = new Set<string>(resourceKinds);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** What a container opened as the value of `key` in `parent` (or as one of its elements) is to the scan. */
function roleOf(parent: Frame | undefined, array: boolean): { role: Role; path: Problem['path'] } {
  if (parent === undefined) return { role: array ? 'other' : 'top', path: [] };
  if (parent.role === 'top' && array && (parent.key === 'organizations' || parent.key === 'telephony')) {
    return { role: parent.key, path: [parent.key] };
  }
  if (parent.role === 'organizations' && !array) return { role: 'organization', path: ['organizations', parent.count - 1] };
  if (parent.role === 'organization' && !array && parent.key === 'records') return { role: 'records', path: [...parent.path, 'records'] };
  if (parent.role === 'records' && array && parent.key !== undefined && KINDS.has(parent.key)) {
    return { role: 'kind', path: [...parent.path, parent.key] };
  }
  return { role: 'other', path: [] };
}

const follows = (role: Role) => role === 'top' || role === 'organization' || role === 'records';

/**
 * The problems of lists over their bounds in a snapshot's text, as `checkState` words them, or undefined when
 * the text shows none (it is then parsed and checked whole). `pause` lets the loop run between slices.
 */
export async function overBoundsInText(text: string, pause: () => Promise<void>): Promise<ProblemList | undefined> {
  const stack: Frame[] = [];
  const lists: Problem[] = [];
  const records: Problem[] = [];
  let nextPause = SLICE_CHARS;
  for (let index = 0; index < text.length; index += 1) {
    if (index >= nextPause) {
      await pause();
      nextPause = index + SLICE_CHARS;
    }
    const code = text.charCodeAt(index);
    if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x3a) continue; // white space, :
    const frame = stack[stack.length - 1];
    if (code === 0x2c) {
      // ,
      if (frame) frame.expecting = true;
      continue;
    }
    if (code === 0x5d || code === 0x7d) {
      // ] }
      const closed = stack.pop();
      if (closed?.role === 'organizations' || closed?.role === 'telephony' || closed?.role === 'kind') {
        const max = closed.role === 'kind' ? SNAPSHOT_BOUNDS.recordsPerKind : SNAPSHOT_BOUNDS[closed.role];
        const what = closed.role === 'organizations' ? 'organization' : closed.role === 'telephony' ? 'trunk configuration' : 'record';
        if (closed.count > max)
          (closed.role === 'kind' ? records : lists).push({
            path: closed.path,
            message: `At most ${counted(max, what)} (got ${closed.count}).`,
          });
      }
      continue;
    }
    // A value (or a key) begins.
    const isKey = frame !== undefined && !frame.array && frame.expecting;
    if (frame?.array && frame.expecting) {
      frame.count += 1;
      frame.expecting = false;
    }
    if (code === QUOTE) {
      let end = index + 1;
      while (end < text.length) {
        const inner = text.charCodeAt(end);
        if (inner === BACKSLASH) end += 2;
        else if (inner === QUOTE) break;
        else end += 1;
      }
      if (isKey && frame) {
        frame.key = follows(frame.role) && end - index <= 32 ? text.slice(index + 1, end) : undefined;
        frame.expecting = false;
      }
      index = end;
      continue;
    }
    if (isKey && frame) return undefined; // a key that is no string: no JSON; the parse says so
    if (code === 0x5b || code === 0x7b) {
      // [ {
      // Deeper than a snapshot may nest: the parse refuses it (and a frame per level would cost memory here).
      if (stack.length >= MAX_SNAPSHOT_DEPTH) return undefined;
      const array = code === 0x5b;
      const { role, path } = roleOf(frame, array);
      stack.push({ role, array, count: 0, expecting: true, key: undefined, path });
    }
    // Other values (numbers, true, false, null) are passed over character by character.
  }
  if (lists.length > 0) return ProblemList.of(lists);
  return records.length > 0 ? ProblemList.of(records) : undefined;
}
