/**
 * JSON <-> base64url (RFC 4648 section 5, no padding), UTF-8 safe: how a situation travels in the page's
 * URL hash. Uses only btoa/atob and TextEncoder, present in browsers and Node 20.
 */

export function encodeJson(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decode what encodeJson wrote. Throws an Error with a one-line message on anything else. */
export function decodeJson(text: string): unknown {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url text');
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new Error('not JSON');
  }
}
