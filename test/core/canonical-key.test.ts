/** Cache keys derived from the whole value (core/canonical-key.ts). */
import { describe, expect, it } from 'vitest';
import { canonicalKey } from '../../src/core/canonical-key.ts';

describe('canonicalKey', () => {
  it('is JSON with sorted keys, at every depth', () => {
    expect(canonicalKey({ b: 1, a: [{ d: 'x', c: null }] })).toBe('{"a":[{"c":null,"d":"x"}],"b":1}');
    expect(canonicalKey({ b: 1, a: 2 })).toBe(canonicalKey({ a: 2, b: 1 }));
    expect(canonicalKey([1, 'a', true, false, null])).toBe('[1,"a",true,false,null]');
    expect(canonicalKey('a"b')).toBe('"a\\"b"');
  });

  it('orders keys as the built-in sort does (UTF-16 code units): digits as text, capitals first', () => {
    const o = { b: 1, '10': 2, '2': 3, B: 4, é: 5, 'a"': 6, _: 7 };
    const sorted = Object.keys(o).sort();
    expect(canonicalKey(o)).toBe(
      `{${sorted.map((k) => `${JSON.stringify(k)}:${JSON.stringify(o[k as keyof typeof o])}`).join(',')}}`,
    );
    expect(sorted).toEqual(['10', '2', 'B', '_', 'a"', 'b', 'é']);
  });

  it('any field that differs gives another key, however deep', () => {
    const lineUp = {
      spec: { version: 'dbm-3.2', houseRules: {} },
      setting: { boundLimit: 30, battlefield: { distance: 600, terrain: { per: 'file' } } },
      own: { element: 'Reg Bd(O)', count: 8, depth: 2 },
    };
    const key = canonicalKey(lineUp);
    // A new field nobody thought of listing.
    expect(canonicalKey({ ...lineUp, own: { ...lineUp.own, general: true } })).not.toBe(key);
    expect(
      canonicalKey({
        ...lineUp,
        setting: { ...lineUp.setting, battlefield: { ...lineUp.setting.battlefield, distance: 400 } },
      }),
    ).not.toBe(key);
    // Array order matters; a number is not its string.
    expect(canonicalKey([1, 2])).not.toBe(canonicalKey([2, 1]));
    expect(canonicalKey({ a: 1 })).not.toBe(canonicalKey({ a: '1' }));
  });

  it('keeps differences JSON loses: non-finite numbers, undefined in arrays, typed arrays', () => {
    expect(canonicalKey([NaN, Infinity, -Infinity])).toBe('[NaN,Infinity,-Infinity]');
    expect(canonicalKey(Infinity)).not.toBe(canonicalKey(null));
    expect(canonicalKey(Infinity)).not.toBe(canonicalKey('Infinity'));
    expect(canonicalKey([undefined])).toBe('[undefined]');
    expect(canonicalKey([undefined])).not.toBe(canonicalKey([null]));
    expect(canonicalKey(Uint8Array.of(1, 2))).toBe('Uint8Array[1,2]');
    expect(canonicalKey(Uint8Array.of(1, 2))).not.toBe(canonicalKey(Float64Array.of(1, 2)));
    expect(canonicalKey(Uint8Array.of(1, 2))).not.toBe(canonicalKey([1, 2]));
  });

  it('an undefined property is an absent one (optional fields); -0 is 0', () => {
    expect(canonicalKey({ a: 1, b: undefined })).toBe(canonicalKey({ a: 1 }));
    expect(canonicalKey(-0)).toBe('0');
  });

  it('refuses what is not plain data', () => {
    expect(() => canonicalKey(new Map())).toThrow(TypeError);
    expect(() => canonicalKey({ f: () => 1 })).toThrow('a function is not plain data');
    expect(() => canonicalKey(new Date(0))).toThrow('a Date is not plain data');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => canonicalKey(loop)).toThrow('refers to itself');
    // The same object twice (not a cycle) is fine.
    const shared = { x: 1 };
    expect(canonicalKey([shared, shared])).toBe('[{"x":1},{"x":1}]');
    expect(canonicalKey(Object.create(null) as object)).toBe('{}');
  });
});
