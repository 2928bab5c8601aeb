/**
 * The page's state in its URL hash, so a link reproduces the page: `#s=<situation>` and, when a second
 * matchup is compared, `&vs=<situation>`; each is base64url of the situation-file JSON (the format
 * `debellator odds --situation` reads). `&tab=2` when the second matchup's tab is the one shown.
 */
import { decodeJson, encodeJson } from './base64url.ts';

/** The hash of one or two matchups, `active` being the index of the tab shown (0 or 1). */
export function matchupsToHash(matchups: readonly unknown[], active = 0): string {
  const [first, second] = matchups;
  if (first === undefined) return '';
  const tab = second !== undefined && active === 1 ? '&tab=2' : '';
  return `#s=${encodeJson(first)}${second === undefined ? '' : `&vs=${encodeJson(second)}`}${tab}`;
}

/** The situations a hash holds (not yet validated), or [] when it holds none. Throws on a damaged link. */
export function hashToMatchups(hash: string): unknown[] {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const out: unknown[] = [];
  for (const key of ['s', 'vs']) {
    const text = params.get(key);
    if (text === null) break;
    try {
      out.push(decodeJson(text));
    } catch (e) {
      throw new Error(`the link's "${key}" part is damaged (${(e as Error).message})`);
    }
  }
  return out;
}

/** The tab a hash shows (0-based) among `count` matchups: the first unless it says `tab=2`. */
export function hashToTab(hash: string, count: number): number {
  const tab = new URLSearchParams(hash.replace(/^#/, '')).get('tab');
  return tab === '2' && count > 1 ? 1 : 0;
}
