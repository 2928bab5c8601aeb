/** GBA 5e 8.15-8.19 missile fire, with the 8.15 and 8.16 examples. */
import { describe, expect, it } from 'vitest';
import { gba, gbaExact, resolveMissileDetailed } from './api.ts';
import { missile, side } from './helpers.ts';

const cretans = { name: 'Cretan archers', type: 'SK', tq: 4, size: 1, missile: 'A' };
const medians = { name: 'Median cavalry', type: 'LC', tq: 6, size: 4, missile: 'MJ' };

describe('8.15 example: Cretan archers fire at Median cavalry two hexes away', () => {
  const s = missile({ range: 2, a: side(cretans), b: side(medians) });
  it('strength 3 at range 2: a 2 gives 1 hit', () => {
    const r = resolveMissileDetailed(s, { fire: 2 });
    expect(r.strength).toBe(3);
    expect([r.hit, r.hits, r.outcome.b]).toEqual([true, 1, 'hits:1']);
  });
  it('a 6 has no effect', () => {
    expect(resolveMissileDetailed(s, { fire: 6 }).hits).toBe(0);
  });
  it('a 9 has no effect and puts the archers on Missile Low (8.17)', () => {
    const r = resolveMissileDetailed(s, { fire: 9 });
    expect([r.hits, r.supplyAfter]).toEqual([0, 'low']);
    expect(resolveMissileDetailed(s, { fire: 8 }).supplyAfter).toBe('full');
  });
  it('exactly 4 in 10 to hit', () => {
    expect(gbaExact(s).b['hits:1']).toMatchObject({ count: 4, of: 10 });
  });
});

describe('8.16 example: mounted archers (max range 3) firing downhill 4 hexes', () => {
  const s = missile({
    range: 4,
    downhill: true,
    a: side({ type: 'LC', tq: 6, size: 5, missile: 'MA' }),
    b: side(medians),
  });
  it('hit only on a natural 0', () => {
    expect(resolveMissileDetailed(s, { fire: 0 }).hit).toBe(true);
    expect(resolveMissileDetailed(s, { fire: 1 }).hit).toBe(false);
    expect(gbaExact(s).b['hits:1'].p).toBe(0.1);
  });
  it('range 4 on the flat is out of range', () => {
    expect(() =>
      missile({ range: 4, a: side({ type: 'LC', tq: 6, size: 5, missile: 'MA' }), b: side(medians) }),
    ).toThrow(/^range: 4 is beyond the MA range of 3/);
  });
});

describe('8.15 modifiers', () => {
  const ph = { type: 'PH', tq: 7, size: 10 };
  it('+1 against PH/HI armour; +3 instead for arrows adjacent through the front, not for javelins', () => {
    const arrows = missile({ range: 1, a: side(cretans), b: side(ph) });
    expect(resolveMissileDetailed(arrows, { fire: 1 }).modifiedDr).toBe(4);
    const flank = missile({ range: 1, throughFront: false, a: side(cretans), b: side(ph) });
    expect(resolveMissileDetailed(flank, { fire: 1 }).modifiedDr).toBe(2);
    const javelins = missile({
      range: 1,
      a: side({ type: 'LP', tq: 5, size: 5, missile: 'J' }),
      b: side(ph),
    });
    expect(resolveMissileDetailed(javelins, { fire: 1 }).modifiedDr).toBe(2);
  });
  it('+1 woods, +1 a moving archer/slinger/mounted javelinist, +2 skirmisher target: cumulative', () => {
    const s = missile({
      range: 1,
      targetInWoods: true,
      firerMoved: true,
      a: side(medians),
      b: side({ type: 'SK*', tq: 6, size: 1, missile: 'J' }),
    });
    expect(resolveMissileDetailed(s, { fire: 0 }).modifiedDr).toBe(4);
    // MJ strength 3 at range 1: needs 3 - 4 = no roll at all.
    expect(gbaExact(s).b['hits:0'].p).toBe(1);
    const foot = missile({
      range: 1,
      firerMoved: true,
      a: side({ type: 'LP', tq: 5, size: 5, missile: 'J' }),
      b: side(medians),
    });
    expect(resolveMissileDetailed(foot, { fire: 5 }).modifiedDr).toBe(5);
  });
  it('elephants and chariots take 2 hits per success, but not from an elephant', () => {
    const el = { type: 'EL', tq: 6, size: 5, hits: 3 };
    expect(
      resolveMissileDetailed(missile({ range: 1, a: side(cretans), b: side(el) }), { fire: 0 }).hits,
    ).toBe(2);
    const tower = { type: 'EL', tq: 6, size: 5, missile: 'MJ' };
    expect(resolveMissileDetailed(missile({ range: 1, a: side(tower), b: side(el) }), { fire: 0 }).hits).toBe(
      1,
    );
  });
  it('a target reaching its TQ routs (10.14): elephant with 5 hits of TQ 6 and a double hit', () => {
    const s = missile({ range: 1, a: side(cretans), b: side({ type: 'EL', tq: 6, size: 5, hits: 5 }) });
    const d = gbaExact(s);
    expect(d.b.rout).toMatchObject({ count: 6, of: 10 });
    expect(d.a['hits:0'].p).toBe(1);
  });
});

describe('8.17 missile supply and 8.19 leader casualties', () => {
  const peltasts = { type: 'LP', tq: 5, size: 5, missile: 'J' };
  it('javelins go Low on a natural 7, 8 or 9; a Low unit is Missile No after firing; artillery never runs out', () => {
    const s = missile({ range: 1, a: side(peltasts), b: side(medians) });
    expect([6, 7, 8, 9].map((d) => resolveMissileDetailed(s, { fire: d }).supplyAfter)).toEqual([
      'full',
      'low',
      'low',
      'low',
    ]);
    const low = missile({ range: 1, a: side({ ...peltasts, supply: 'low' }), b: side(medians) });
    expect(resolveMissileDetailed(low, { fire: 0 }).supplyAfter).toBe('no');
    const bolts = missile({
      range: 3,
      a: side({ type: 'AT', tq: 5, size: 2, missile: 'B' }),
      b: side(medians),
    });
    expect(resolveMissileDetailed(bolts, { fire: 9 }).supplyAfter).toBe('full');
    expect(resolveMissileDetailed(bolts, { fire: 5 }).hit).toBe(true);
  });
  it('a Missile No unit cannot fire', () => {
    expect(() => missile({ range: 1, a: side({ ...peltasts, supply: 'no' }), b: side(medians) })).toThrow(
      /^a\.units\[0\]\.supply: /,
    );
  });
  it('a leader in the target hex is a casualty on a natural 0 then a second 0: 1 in 100', () => {
    const s = missile({ range: 1, a: side(peltasts), b: { units: [medians], leader: { charisma: 2 } } });
    expect(resolveMissileDetailed(s, { fire: 0, leader: 0 }).leader).toBe('casualty');
    expect(resolveMissileDetailed(s, { fire: 0, leader: 3 }).leader).toBe('ok');
    expect(resolveMissileDetailed(s, { fire: 4 }).leader).toBe('ok');
    expect(gbaExact(s).space).toBe(100);
  });
});

describe('explain', () => {
  it('lists strength, modifiers and the supply note with rule sections', () => {
    const s = missile({
      range: 1,
      targetInWoods: true,
      a: side(cretans),
      b: side({ type: 'EL', tq: 6, size: 5 }),
    });
    const ex = gba.explain(s);
    expect(ex.a).toEqual([
      { label: 'A strength at range 1: hit on modified DR <=', value: 5, rule: 'GBA 8.15 / 9.51' },
    ]);
    expect(ex.b.map((f) => [f.rule, f.value])).toEqual([
      ['GBA 8.15 #1', 1],
      ['GBA 8.15', 2],
    ]);
    expect(ex.notes).toContain('Missile Low on a natural 9 (8.17).');
    expect(ex.notes).toContain('A routing elephant rampages instead (10.2, 11.14).');
  });
});
