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

/**
 * A cache bounded by what its entries weigh (bytes, or any measure) rather than by their number: when the
 * weights put in pass `budget`, the entries put in first are forgotten until they are within it again
 * (the last one put in always stays).
 */
export class WeighedCache<K, V> {
  private readonly entries = new Map<K, { readonly value: V; readonly weight: number }>();
  private total = 0;

  constructor(private readonly budget: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** The weights of the entries kept. */
  get weight(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  set(key: K, value: V, weight: number): V {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [k, e] of this.entries) {
      if (this.total <= this.budget || k === key) break;
      this.entries.delete(k);
      this.total -= e.weight;
    }
    return value;
  }
}
