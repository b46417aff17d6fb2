import { describe, expect, it } from 'vitest';
import { compareWritten, shownAsWritten } from './written-values.js';

describe('compareWritten', () => {
  it('holds a masked member to the ends of the value sent, at any depth, where the record showed it masked before', () => {
    const before = { name: 'lookup', headers: { 'X-Api-Key': '********abcd' } };
    const written = { name: 'lookup', headers: { 'X-Api-Key': `sk_${'o'.repeat(20)}abcd` } };
    const sent = { name: 'lookup_v2', headers: { 'X-Api-Key': `sk_${'n'.repeat(20)}WXYZ` } };

    const rotated = compareWritten({ name: 'lookup_v2', headers: { 'X-Api-Key': '********WXYZ' } }, sent, { before, written });
    const kept = compareWritten({ name: 'lookup_v2', headers: { 'X-Api-Key': '********abcd' } }, sent, { before, written });
    // Shown plain before, a member that comes back masked was not written as sent.
    const maskedName = compareWritten({ name: '********', headers: { 'X-Api-Key': '********WXYZ' } }, sent, { before, written });

    expect(rotated).toEqual({ differs: [], same: ['name'], unchanged: [], masked: ['headers.X-Api-Key'], ownForm: [] });
    expect(kept.differs).toEqual(['headers.X-Api-Key']);
    expect(maskedName.differs).toEqual(['name']);
  });

  it('judges neither way a member the record showed, before, in a form of its own that is not a mask', () => {
    const written = { url: 'https://hooks.example.test/a', secret: `whsec_${'o'.repeat(24)}` };
    const sent = { url: 'https://hooks.example.test/b', secret: `whsec_${'n'.repeat(24)}` };
    for (const form of ['REDACTED', '[hidden]', 'xxxxxxxxabcd', '<set>']) {
      const before = { url: written.url, secret: form };

      const seen = compareWritten({ url: sent.url, secret: form }, sent, { before, written });

      expect(seen, form).toEqual({ differs: [], same: ['url'], unchanged: [], masked: [], ownForm: ['secret'] });
      expect(shownAsWritten(seen)).toBe(true);
    }
  });

  it('fails a member shown as it was written, or not at all, where the write should have changed it', () => {
    const written = { url: 'https://hooks.example.test/a', secret: 'REDACTED-looking but plain' };
    const sent = { url: 'https://hooks.example.test/b', secret: 'new' };

    // Shown as written before (plain), the member is held to the value sent.
    const unchanged = compareWritten({ url: written.url, secret: written.secret }, sent, { before: written, written });
    // Not written at the create, so no form of the server's own is known: compared exactly.
    const unwritten = compareWritten({ url: sent.url, secret: 'other' }, sent, {
      before: { url: written.url, secret: 'x' },
      written: { url: written.url },
    });
    const dropped = compareWritten({ url: sent.url }, sent, { before: written, written });

    expect(unchanged.differs).toEqual(['url', 'secret']);
    expect(unwritten.differs).toEqual(['secret']);
    expect(dropped.differs).toEqual(['secret']);
  });

  it('takes a shown value equal to the one sent, and members the server adds, whatever the record showed before', () => {
    const seen = compareWritten(
      { name: 'b', tags: ['x', 'y'], limits: { rate: 5, burst: 10 } },
      { name: 'b', tags: ['x', 'y'], limits: { rate: 5 } },
      { before: { name: 'SHOWN-OTHERWISE' }, written: { name: 'a' } },
    );

    expect(seen).toEqual({ differs: [], same: ['name', 'tags[0]', 'tags[1]', 'limits.rate'], unchanged: [], masked: [], ownForm: [] });
  });

  it('sees no evidence of the write in members the record already showed at the values sent, nor in an empty object sent', () => {
    // A server that shows URLs with a trailing slash and ignores the update: the URL is its own form, and `enabled`
    // was true before the update as after it.
    const written = { url: 'https://hooks.example.test/a', enabled: true, headers: { 'X-Env': 'test' }, tags: [] };
    const before = { url: 'https://hooks.example.test/a/', enabled: true, headers: { 'X-Env': 'test' }, tags: [] };
    const sent = { url: 'https://hooks.example.test/b', enabled: true, headers: {}, tags: [] };

    const ignored = compareWritten(before, sent, { before, written });
    const carriedOut = compareWritten(
      { ...before, url: 'https://hooks.example.test/b/', enabled: false },
      { ...sent, enabled: false },
      { before, written },
    );

    expect(ignored).toEqual({ differs: [], same: [], unchanged: ['enabled', 'headers', 'tags'], masked: [], ownForm: ['url'] });
    expect(shownAsWritten(ignored)).toBe(false);
    expect(carriedOut.same).toEqual(['enabled']);
    expect(shownAsWritten(carriedOut)).toBe(true);
  });

  it('sees no evidence in members shown only masked or in a form of their own', () => {
    const seen = compareWritten({ secret: 'REDACTED' }, { secret: 'new' }, { before: { secret: 'REDACTED' }, written: { secret: 'old' } });

    expect(seen.ownForm).toEqual(['secret']);
    expect(shownAsWritten(seen)).toBe(false);
  });
});
