/** The GBA RuleSet contract: parsing, declared dice, exact enumeration and explanations. */
import type { InputError } from '../../../src/core/errors.ts';
import { describe, expect, it } from 'vitest';
import { enumerate } from '../../../src/core/exact.ts';
import {
  gba,
  GBA_OUTCOMES,
  gbaExact,
  gbaRules,
  loadGbaCharts,
  DEFAULT_GBA_CHARTS_DATA,
  parseGbaSituation,
} from './api.ts';
import { missile, shock, side } from './helpers.ts';

const errorOf = (x: unknown): InputError => {
  try {
    parseGbaSituation(x);
  } catch (e) {
    return e as InputError;
  }
  throw new Error('no error');
};

describe('parseGbaSituation', () => {
  it('fills defaults (facing front, no hits, full supply, PH two-hex)', () => {
    const s = shock({ a: side({ type: 'PH', tq: 7, size: 10 }), b: side({ type: 'HI', tq: 6, size: 10 }) });
    expect(s.facing).toBe('front');
    expect(s.a.units[0]).toMatchObject({ hits: 0, supply: 'full', twoHex: true, moved: false });
    expect(s.b.units[0]?.twoHex).toBe(false);
  });
  it('throws an InputError with the field path first', () => {
    const e = errorOf({
      rules: 'gba-5',
      mode: 'shock',
      a: side({ type: 'PX', tq: 7, size: 10 }),
      b: side({ type: 'HI', tq: 6, size: 5 }),
    });
    expect(e.name).toBe('InputError');
    expect(e.message).toMatch(/^a\.units\[0\]\.type: /);
    expect(
      errorOf({
        rules: 'gba-5',
        mode: 'shock',
        a: side({ type: 'PH', tq: 7, size: 10, hits: 7 }),
        b: side({ type: 'HI', tq: 6, size: 5 }),
      }).message,
    ).toMatch(/^a\.units\[0\]\.hits: must be below its TQ of 7 \(10\.14\)/);
    expect(errorOf({ rules: 'gba-5', mode: 'melee', a: side(), b: side() }).message).toMatch(/^mode: /);
  });
  it('rule-level checks: archers cannot shock, no column for mounted vs elephant front, SK only vs chariots', () => {
    expect(
      errorOf({
        rules: 'gba-5',
        mode: 'shock',
        a: side({ type: 'LI', tq: 4, size: 5, missile: 'A' }),
        b: side({ type: 'HI', tq: 6, size: 5 }),
      }).message,
    ).toMatch(/^a\.units\[0\]\.type: LI \(A\) cannot shock attack HI \(7\.33\)/);
    expect(
      errorOf({
        rules: 'gba-5',
        mode: 'shock',
        a: side({ type: 'HC', tq: 8, size: 4 }),
        b: side({ type: 'EL', tq: 6, size: 5 }),
      }).message,
    ).toMatch(/^facing: /);
    expect(
      errorOf({
        rules: 'gba-5',
        mode: 'shock',
        a: side({ type: 'SK', tq: 4, size: 1, missile: 'J' }),
        b: side({ type: 'LI', tq: 4, size: 5 }),
      }).message,
    ).toMatch(/^a\.units\[0\]\.type: /);
    expect(() =>
      shock({
        a: side({ type: 'SK', tq: 4, size: 1, missile: 'J' }),
        b: side({ type: 'CH', tq: 5, size: 3 }),
      }),
    ).not.toThrow();
  });
});

describe('dice and exact enumeration', () => {
  const hcVsLi = shock({
    a: side({ type: 'HC', tq: 8, size: 4, moved: true }),
    b: side({ type: 'LI', tq: 5, size: 5, missile: 'J' }),
  });
  it('declares only the dice that can matter, as d10s', () => {
    expect(gba.dice(hcVsLi).map((d) => [d.label, d.sides])).toEqual([
      ['pre-shock TQ check a0 HC (9.13)', 10],
      ['pre-shock TQ check b0 LI (9.13)', 10],
      ['Shock CRT (9.16)', 10],
      ['collapse check b0 LI (9.18)', 10],
    ]);
  });
  it('core enumerate and gbaExact agree count for count', () => {
    for (const s of [
      hcVsLi,
      shock({
        a: side({ type: 'PH', tq: 7, size: 10, hits: 3 }),
        b: side({ type: 'HI', class: 'HO', tq: 7, size: 10, hits: 1, twoHex: true }),
      }),
      shock({
        facing: 'flank',
        a: { units: [{ type: 'HC', tq: 8, size: 4 }], leader: { charisma: 3 } },
        b: side({ type: 'MI', tq: 5, size: 5, hits: 2 }),
      }),
      missile({
        range: 1,
        a: side({ type: 'SK', tq: 4, size: 1, missile: 'A' }),
        b: { units: [{ type: 'EL', tq: 6, size: 5, hits: 4 }], leader: { charisma: 1 } },
      }),
    ]) {
      const { events: _events, ...outcomes } = gbaExact(s);
      expect(outcomes).toEqual(enumerate(gba, s));
    }
  });
  it('HC (moved) vs Indian LI: exact numbers', () => {
    const d = gbaExact(hcVsLi);
    expect(d.space).toBe(10_000);
    expect(d.b.rout.count).toBe(3_200);
    expect(d.a['hits:2'].count).toBe(7_200);
    const total = GBA_OUTCOMES.reduce((n, o) => n + d.a[o].count, 0);
    expect(total).toBe(d.space);
  });
  it('many dice stay exact: PH vs two-hex hoplites with both leaders (7 dice, 10^7 rolls; timed in bench/gba.ts)', () => {
    const s = shock({
      a: {
        units: [{ type: 'PH', tq: 7, size: 10, moved: true }],
        leader: { name: 'Alexander', charisma: 4 },
      },
      b: {
        units: [{ type: 'HI', class: 'HO', tq: 6, size: 10, twoHex: true }],
        leader: { name: 'Memnon', charisma: 3 },
      },
    });
    const d = gbaExact(s);
    expect(d.space).toBe(10 ** gba.dice(s).length);
    expect(GBA_OUTCOMES.reduce((n, o) => n + d.b[o].count, 0)).toBe(d.space);
    expect(d.a.rout.count).toBe(0);
  });
  it('a caller may supply their own charts', () => {
    const raw = structuredClone(DEFAULT_GBA_CHARTS_DATA) as { shockCrt: { rows: string[] } };
    raw.shockCrt.rows = raw.shockCrt.rows.map(() => Array(13).fill('0(0)').join(' '));
    const rules = gbaRules(loadGbaCharts(raw));
    const s = shock({
      a: side({ type: 'HC', tq: 8, size: 4 }),
      b: side({ type: 'LC', tq: 6, size: 4, missile: 'MJ' }),
    });
    expect(rules.exact(s).b['hits:0'].p).toBe(1);
  });
});

describe('describeSide and explain', () => {
  it('describes each unit with its ratings', () => {
    const s = shock({
      a: side({ name: 'Companions', type: 'HC', tq: 8, size: 4 }),
      b: side({ type: 'LI', tq: 5, size: 5, hits: 1, missile: 'J' }),
    });
    expect(gba.describeSide(s, 'a')).toBe('Companions HC (TQ 8, Size 4)');
    expect(gba.describeSide(s, 'b')).toBe('LI (TQ 5, Size 5, J, 1 hits)');
  });
  it('lists the column, size shift, superiority and Charisma with their rule sections', () => {
    const s = shock({
      a: { units: [{ type: 'PH', tq: 7, size: 10, moved: true }], leader: { name: 'Coenus', charisma: 2 } },
      b: side({ type: 'LI', tq: 5, size: 5, missile: 'J' }),
    });
    const ex = gba.explain(s);
    expect(ex.a.map((f) => [f.rule, f.value])).toEqual([
      ['GBA 9.15', 10],
      ['GBA 9.16 step 2', 1],
      ['GBA 9.16 step 1', 2],
      ['GBA 9.16 step 3', 2],
      ['GBA 9.13', 0],
    ]);
    expect(ex.a[1]?.when).toBe('unless a unit routs in the pre-shock check');
    expect(ex.notes.join(' ')).not.toContain('gbohc');
    expect(ex.details?.join(' ')).toContain('gbohc-4d095c6');
  });
});
