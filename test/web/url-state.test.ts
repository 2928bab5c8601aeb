/** A link carries the situation files of the page: base64url JSON in the hash, damaged links refused. */
import { describe, expect, it } from 'vitest';
import { decodeJson, encodeJson } from '../../src/web/base64url.ts';
import { hashToMatchups, hashToTab, matchupsToHash } from '../../src/web/url-state.ts';

const SITUATION = {
  rules: 'dbm-3.2',
  mode: 'close',
  a: { element: 'Reg Bd(O)', rear: ['Reg Bd(O)'] },
  b: { element: 'Irr Kn(S)' },
};

describe('base64url JSON', () => {
  it('round-trips any JSON, non-ASCII included, using only URL-safe characters', () => {
    const value = { name: 'Blades \u2013 Kr\u00e4fte \u{1F3B2}', n: [1, 2.5, null, true] };
    const text = encodeJson(value);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeJson(text)).toEqual(value);
  });

  it('writes "{}" as e30 (RFC 4648 base64url, no padding)', () => {
    expect(encodeJson({})).toBe('e30');
  });

  it('refuses text that is not base64url JSON', () => {
    expect(() => decodeJson('abc+/')).toThrow('not base64url text');
    expect(() => decodeJson(encodeJson('x').slice(0, 2))).toThrow();
    expect(() => decodeJson(btoa('{oops').replace(/=+$/, ''))).toThrow('not JSON');
  });
});

describe('page hash', () => {
  it('holds one situation as #s=..., and a compared one as &vs=...', () => {
    const second = { ...SITUATION, b: { element: 'Irr Kn(S)', overlaps: 1 } };
    expect(matchupsToHash([SITUATION])).toBe(`#s=${encodeJson(SITUATION)}`);
    expect(hashToMatchups(matchupsToHash([SITUATION]))).toEqual([SITUATION]);
    expect(hashToMatchups(matchupsToHash([SITUATION, second]))).toEqual([SITUATION, second]);
  });

  it('is empty for no situation and reads an empty hash as none', () => {
    expect(matchupsToHash([])).toBe('');
    expect(hashToMatchups('')).toEqual([]);
    expect(hashToMatchups('#')).toEqual([]);
  });

  it('names the damaged part of a link', () => {
    expect(() => hashToMatchups(`#s=${encodeJson(SITUATION)}&vs=%%%`)).toThrow(
      `the link's "vs" part is damaged`,
    );
  });

  it('keeps the tab shown: &tab=2 for the second matchup, nothing for the first', () => {
    const second = { ...SITUATION, b: { element: 'Irr Kn(S)', overlaps: 1 } };
    const hash = matchupsToHash([SITUATION, second], 1);
    expect(hash).toBe(`#s=${encodeJson(SITUATION)}&vs=${encodeJson(second)}&tab=2`);
    expect([hashToMatchups(hash), hashToTab(hash, 2)]).toEqual([[SITUATION, second], 1]);
    expect(matchupsToHash([SITUATION, second], 0)).not.toContain('tab');
    // One matchup has no second tab, whatever the link says.
    expect(matchupsToHash([SITUATION], 1)).toBe(`#s=${encodeJson(SITUATION)}`);
    expect(hashToTab(`#s=${encodeJson(SITUATION)}&tab=2`, 1)).toBe(0);
    expect(hashToTab('#tab=7', 2)).toBe(0);
  });
});
