/** GBA 5e 9.14 leader casualties, 9.16 step 3 Charisma, 9.21 Personal Combat, 10.27 Rally. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_GBA_CHARTS as charts } from '../../../src/systems/gba/charts.ts';
import { gbaExact, resolveShockDetailed } from './api.ts';
import { netCharismaDrm, personalCombat, rallyAttempt } from '../../../src/systems/gba/leaders.ts';
import { shock, side } from './helpers.ts';

describe('9.16 step 3: Charisma', () => {
  it('Alexander (4) leading the attack against Memnon (3): net +1', () => {
    expect(netCharismaDrm({ charisma: 4, state: 'ok' }, { charisma: 3, state: 'ok' })).toBe(1);
  });
  it('Nabarzanes (2) killed while leading an attack: -2', () => {
    expect(netCharismaDrm({ charisma: 2, state: 'killed' }, undefined)).toBe(-2);
  });
  it('a casualty leader gives nothing (9.14)', () => {
    expect(netCharismaDrm({ charisma: 4, state: 'casualty' }, { charisma: 3, state: 'ok' })).toBe(-3);
  });
  it('in a shock: Charisma shifts the CRT DR, and a 0 on the casualty check removes it', () => {
    const s = shock({
      a: { units: [{ type: 'HC', tq: 8, size: 4 }], leader: { name: 'Alexander', charisma: 4 } },
      b: side({ type: 'LC', tq: 6, size: 4, missile: 'MJ' }),
    });
    expect(resolveShockDetailed(s, { 'leader:a': 5, crt: 3 }).crt?.modifiedDr).toBe(7);
    expect(resolveShockDetailed(s, { 'leader:a': 0, crt: 3 }).crt?.modifiedDr).toBe(3);
  });
  it('a leader with Charisma 0 rolls no casualty die (it cannot change the result)', () => {
    const s = shock({
      a: { units: [{ type: 'HC', tq: 8, size: 4 }], leader: { charisma: 0 } },
      b: side({ type: 'LC', tq: 6, size: 4, missile: 'MJ' }),
    });
    expect(gbaExact(s).space).toBe(10);
  });
  it('two leaders with Personal Combat ratings fight it instead of checking (9.14)', () => {
    const s = shock({
      a: { units: [{ type: 'HC', tq: 8, size: 4 }], leader: { charisma: 4, personalCombat: 7 } },
      b: { units: [{ type: 'HC', tq: 7, size: 4 }], leader: { charisma: 2, personalCombat: 4 } },
    });
    const r = resolveShockDetailed(s, { crt: 5, 'collapse:a0': 0, 'collapse:b0': 0 });
    expect(r.personalCombat).toBe(true);
    expect(r.crt?.drm).toBe(2);
  });
});

describe('9.21 Personal Combat', () => {
  it('Alexander 7 + 5 = 12 against Spithridates 4 + 4 = 8: differential 4, row 3-4, Wounded', () => {
    expect(personalCombat(charts, 7, 5, 4, 4)).toEqual({ winner: 'a', differential: 4, result: 'wounded' });
  });
  it('a leader already wounded is killed instead (9.22); a tie does nothing', () => {
    expect(personalCombat(charts, 7, 5, 4, 4, true).result).toBe('killed');
    expect(personalCombat(charts, 4, 5, 5, 4).winner).toBe('none');
  });
  it('rows not recovered give undefined', () => {
    expect(personalCombat(charts, 9, 9, 0, 0).result).toBeUndefined();
  });
});

describe('10.27 Rally', () => {
  it('Initiative 4, printed TQ 7: rallied on 0-5; Rally Table DR 5 gives 2 hits', () => {
    expect(rallyAttempt(charts, 4, 7, false, 5, 5)).toEqual({ rallied: true, hits: 2 });
    expect(rallyAttempt(charts, 4, 7, false, 0, 9)).toEqual({ rallied: true, hits: 4 });
  });
  it('6 or 7: the unit rout-moves; 8 or 9 (above its printed TQ): eliminated', () => {
    expect([6, 7, 8, 9].map((d) => rallyAttempt(charts, 4, 7, false, d, 0))).toEqual([
      { rallied: false, fate: 'rout-move' },
      { rallied: false, fate: 'rout-move' },
      { rallied: false, fate: 'eliminated' },
      { rallied: false, fate: 'eliminated' },
    ]);
  });
  it('a phalanx or heavy infantry unit that fails is eliminated', () => {
    expect(rallyAttempt(charts, 4, 7, true, 6, 0)).toEqual({ rallied: false, fate: 'eliminated' });
  });
  it('weaker units (TQ 5 or less) use the lower row', () => {
    expect(rallyAttempt(charts, 4, 5, false, 1, 9)).toEqual({ rallied: true, hits: 3 });
  });
});
