/**
 * The page's state in its URL hash, so a link reproduces the page: `#s=<situation>` and, when a second
 * matchup is compared, `&vs=<situation>`; each is base64url of the situation-file JSON (the format
 * `debellator odds --situation` reads).
 */
import { decodeJson, encodeJson } from './base64url.ts';

export function matchupsToHash(matchups: readonly unknown[]): string {
  const [first, second] = matchups;
  if (first === undefined) return '';
  return `#s=${encodeJson(first)}${second === undefined ? '' : `&vs=${encodeJson(second)}`}`;
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
