/**
 * Sets of a battle line's columns as bits (fight.ts Battle): 32 columns a word, column c at bit c & 31
 * of word c >> 5, one set per side where the set is a side's, stored from `at` in a typed array with
 * others. The kernel's passes over the columns go through the columns in a set (which fronts stand,
 * which columns are in contact, where elements wait behind the line) instead of testing every column:
 * `Math.clz32` finds the next one. A pass that walks a set goes through its columns in the order of the
 * columns (lowest first), or in the reverse order where the pass does. The kernel's passes write `lowest`
 * and `highest` out where they walk a set (`(w << 5) + 31 - Math.clz32(bits & -bits)`): called, they were
 * not always inlined by V8 once its inlining budget for the pass was spent (a call for every column
 * found, in army battles' profiles); the functions here are their definition and what the tests walk.
 */

/** Words of a set of `width` columns. */
export const wordsFor = (width: number): number => Math.max(1, (width + 31) >> 5);

/** Is column c in the set stored from `at`? */
export const inSet = (m: Int32Array, at: number, c: number): boolean =>
  ((m[at + (c >> 5)]! >>> (c & 31)) & 1) === 1;

/** Put column c in the set stored from `at`, or take it out (`on` false). */
export function putInSet(m: Int32Array, at: number, c: number, on: boolean): void {
  const w = at + (c >> 5);
  const bit = 1 << (c & 31);
  m[w] = on ? m[w]! | bit : m[w]! & ~bit;
}

/** The lowest column of a word's bits (a word not 0), counted from the word's first column `base`. */
export const lowest = (bits: number, base: number): number => base + 31 - Math.clz32(bits & -bits);

/** The highest column of a word's bits (a word not 0), counted from the word's first column `base`. */
export const highest = (bits: number, base: number): number => base + 31 - Math.clz32(bits);

/** The bit of column c in its word. */
export const bitOf = (c: number): number => 1 << (c & 31);
