/**
 * Caches of the hot paths (combat tables, layouts, line-ups) are Maps bounded by size: when full, the
 * entry put in first is forgotten (Map keeps insertion order). Forgetting only costs a rebuild, never a
 * different answer.
 */

/** Put `key -> value` in `map`, first forgetting its oldest entry if it holds `cap` already. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, cap: number): V {
  if (map.size >= cap && !map.has(key)) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}
