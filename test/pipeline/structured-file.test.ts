/**
 * The structured-file reader's bounds (docs/scenarios.md "Errors"): nesting is measured looking into each
 * shared value once, so aliases cannot make the check exponential; cycles are refused as too deep.
 */
import { describe, expect, it } from 'vitest';
import { depthOver, parseStructuredText } from '../../src/pipeline/structured-file.ts';

/** A list of two references to a list of two references ... `levels` deep: 2^levels paths, levels + 1 lists. */
function doubling(levels: number): unknown[] {
  let v: unknown[] = [1];
  for (let i = 0; i < levels; i++) v = [v, v];
  return v;
}

describe('depthOver', () => {
  it('measures nesting: lists and mappings below the top, at most max', () => {
    expect(depthOver(1, 0)).toBe(false);
    expect(depthOver([], 0)).toBe(false);
    expect(depthOver([[]], 0)).toBe(true);
    expect(depthOver([[]], 1)).toBe(false);
    expect(depthOver({ a: { b: [1] } }, 1)).toBe(true);
    expect(depthOver({ a: { b: [1] } }, 2)).toBe(false);
  });

  it('looks into each shared value once: 2^40 paths through 41 lists take no time', () => {
    // A walk that followed every path would take 2^40 steps (days).
    expect(depthOver(doubling(40), 40)).toBe(false);
    expect(depthOver(doubling(40), 39)).toBe(true);
  });

  it('judges a shared value seen before by where it is met again: deeper the second time', () => {
    const shared = [[[1]]]; // two levels below it
    // Met first at depth 1 (its deepest list at 3), then at depth 4 under b: its deepest list at 6.
    const doc = { a: shared, b: [[[shared]]] };
    expect(depthOver(doc, 5)).toBe(true);
    expect(depthOver(doc, 6)).toBe(false);
  });

  it('refuses a cycle as endlessly deep', () => {
    const a: unknown[] = [1];
    a.push([a]);
    expect(depthOver(a, 64)).toBe(true);
  });
});

describe('parseStructuredText', () => {
  it('reads aliases of one list shared many times, and refuses a cyclic alias', () => {
    const f = parseStructuredText(`x: &x [1, 2, 3]\ny: [${Array(500).fill('*x').join(', ')}]\n`, 'a.yaml');
    expect((f.data as { y: unknown[] }).y).toHaveLength(500);
    expect(() => parseStructuredText('a: &a [1, *a]\n', 'c.yaml')).toThrow(/c\.yaml:1 /);
  });
});
