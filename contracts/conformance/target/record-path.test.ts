/** A record's path: its id as one encoded segment, or no path at all for an id a URL cannot carry. */
import { describe, expect, it } from 'vitest';
import { parseVerifyArgs } from '../args.js';
import { UsageError } from '../args-values.js';
import { whyNotJudged } from '../checks/unanswered.js';
import { parseExploreArgs } from '../explore/args.js';
import { idOfSegment, isAddressable, recordPath, UnaddressableId, whyUnaddressable } from './record-path.js';

describe('recordPath', () => {
  it('sends an id as one segment, whatever it holds, and a plain id as it is', () => {
    expect(recordPath('/api/v1/tools', '3f1c2b7e-0d7b-4c55-9a4e-1f2d3c4b5a69')).toBe('/api/v1/tools/3f1c2b7e-0d7b-4c55-9a4e-1f2d3c4b5a69');
    for (const id of ['../sip-trunks/abc', 'a?b=1', 'a#b', '100%', 'a b', 'x/y']) {
      const path = recordPath('/api/v1/tools', id);
      const url = new URL(path, 'http://target.test');
      // The URL a client sends keeps the collection and one segment, which decodes back to the id.
      expect(url.pathname.split('/').slice(0, -1).join('/')).toBe('/api/v1/tools');
      expect(decodeURIComponent(url.pathname.split('/').at(-1) ?? '')).toBe(id);
      expect(url.search + url.hash).toBe('');
      expect(idOfSegment(path.split('/').at(-1) ?? '')).toBe(id);
    }
    // A segment that is not valid percent-encoding names no id the kit could have sent.
    expect(idOfSegment('%E0%A4%A')).toBeUndefined();
  });

  it('refuses an id no URL can carry, and a check that needed it is not judged, for the target’s id, not the kit', () => {
    for (const id of ['', '.', '..', 'a\ud800b']) expect(() => recordPath('/api/v1/tools', id)).toThrow(UnaddressableId);
    const why = whyNotJudged(new UnaddressableId('the target\'s id ".." cannot be sent as one segment of a path'));
    expect(why).toContain('cannot be sent as one segment');
    expect(why).not.toContain('an error of the kit');
  });
});

describe('ids a path cannot carry, where the kit is given one', () => {
  it('tells an addressable id from anything else a list item may hold under its id', () => {
    expect(['3f1c', 'a/b', '%'].every(isAddressable)).toBe(true);
    expect(['', '.', '..', 'a\ud800', 7, null, undefined].some(isAddressable)).toBe(false);
  });

  it('refuses such a --system-trunk-id as a usage error in verify and explore, naming it', () => {
    const flags = ['--base-url', 'http://target.test', '--token', 'a', '--token2', 'b', '--system-trunk-id'];
    for (const parse of [parseVerifyArgs, parseExploreArgs])
      for (const id of ['..', '']) {
        const thrown = (() => {
          try {
            parse([...flags, id]);
          } catch (error) {
            return error;
          }
        })();
        expect(thrown).toBeInstanceOf(UsageError);
        expect((thrown as Error).message).toBe(`--system-trunk-id: ${whyUnaddressable(id, 'the id')}`);
      }
    expect(parseVerifyArgs([...flags, 'a/b']).systemTrunkId).toBe('a/b');
  });
});
