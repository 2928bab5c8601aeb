/**
 * The DBM battle-line adapter (src/systems/dbm/engagement.ts) with camels, types of bow and double
 * elements: hand-worked with scripted dice (DBM 3.2 p.21 factors, p.23 outcomes).
 */
import { describe, expect, it } from 'vitest';
import type { LinesConfig } from '../../../src/engine/lines/index.ts';
import { aidersOf, type SideTemplate } from '../../../src/systems/dbm/engagement.ts';
import dbm from '../../../src/systems/dbm/index.ts';
import {
  adapterOf,
  config,
  fightEngagement,
  scripted,
  type CombatEvent,
  type MoveEvent,
} from '../../engine/lines/helpers.ts';

const traced = () => {
  const events: CombatEvent[] = [];
  return { events, trace: (e: CombatEvent) => events.push(e) };
};

/** The template file 0 of line `line` presents with its first rank in front, in `going`. */
function template(c: LinesConfig, line: 'a' | 'b', going = c[line].going): SideTemplate {
  const adapter = adapterOf(c);
  return adapter.template(
    { config: c, variant: adapter.resolveVariant(c.variant) },
    line,
    0,
    0,
    going,
  ) as SideTemplate;
}

describe('DBM 3.2 p.12: a line on camels fights and moves in dunes as good going', () => {
  const lines = (camels: boolean) =>
    config({
      a: { files: [[{ element: 'Irr Cv(O)', camels }]], going: 'dunes' },
      b: { files: [['Irr Cv(O)']], going: 'dunes' },
      first: 'a',
      boundLimit: 1,
    });

  it('Irr Cv(O) on camels v Irr Cv(O), both in dunes, dice 3 v 3: 6 v 4, the horsemen flee', () => {
    // A: +3, dunes good to camels. B: +3, -2 mounted in difficult going. 3+3 = 6 v 1+3 = 4: B beaten by
    // less than double, in difficult going: flee (p.23 other mounted).
    const t = traced();
    fightEngagement(lines(true), scripted(3, 3), { trace: t.trace });
    expect(t.events[0]).toMatchObject({ kind: 'close', a: 'none', b: 'flee' });
    // The same dice with A on horses: 1+3 v 1+3, equal.
    const h = traced();
    fightEngagement(lines(false), scripted(3, 3), { trace: h.trace });
    expect(h.events[0]).toMatchObject({ a: 'none', b: 'none' });
  });

  it('the combat is the single-combat rule set with `camels` on the side', () => {
    const v = dbm.variant({ version: 'dbm-3.2' });
    const single = v.ruleset.resolve(
      v.parseSituation({
        a: { element: 'Irr Cv(O)', camels: true, going: 'dunes', movedIntoContact: true },
        b: { element: 'Irr Cv(O)', going: 'dunes' },
      }),
      [3, 3],
    );
    const t = traced();
    fightEngagement(lines(true), scripted(3, 3), { trace: t.trace });
    expect([t.events[0]!.a, t.events[0]!.b]).toEqual([single.a, single.b]);
  });

  it('p.19: cavalry on camels move 200p in dunes, on horses 100p (difficult going)', () => {
    const adapter = adapterOf(lines(true));
    expect(adapter.approach!.move(template(lines(true), 'a'))).toBe(200);
    expect(adapter.approach!.move(template(lines(false), 'a'))).toBe(100);
  });

  it('baggage on camels is refused with its path', () => {
    expect(() =>
      config({ a: { files: [[{ element: 'Irr Bg(I)', camels: true }]] }, b: '1 files of Reg Bd(O)' }),
    ).toThrow(/baggage counts going as baggage, camels or not/);
  });
});

describe('DBM 3.2 p.20 Distant Shooting: rear bowmen aid with the same type of bow and grade', () => {
  const aid = (file: unknown, going = 'good') =>
    aidersOf(template(config({ a: { files: [file], going }, b: '1 files of Reg Bd(O)' }), 'a'));

  it('a 2nd rank aids the front, a 3rd aids the 2nd; more have no effect', () => {
    expect(aid(['Reg Bw(O)'])).toBe(0);
    expect(aid(['Reg Bw(O)', 'Reg Bw(O)'])).toBe(1);
    expect(aid(['Reg Bw(O)', 'Reg Bw(O)', 'Reg Bw(O)', 'Reg Bw(O)'])).toBe(2);
  });
  it('not with another type of bow (defaulting to the front rank’s), another grade, or in difficult going', () => {
    expect(aid([{ element: 'Reg Bw(O)', weapon: 'crossbow' }, 'Reg Bw(O)'])).toBe(1);
    expect(
      aid([
        { element: 'Reg Bw(O)', weapon: 'crossbow' },
        { element: 'Reg Bw(O)', weapon: 'bow' },
      ]),
    ).toBe(0);
    expect(aid(['Reg Bw(O)', 'Reg Bw(O)', { element: 'Reg Bw(O)', weapon: 'crossbow' }])).toBe(1);
    expect(aid(['Reg Bw(O)', 'Reg Bw(I)'])).toBe(0);
    expect(aid(['Reg Bw(O)', 'Reg Bw(O)'], 'difficult')).toBe(0);
  });
  it('Bw(X): its (S) or (O) rear rank on the same base aids, a Bw(S) behind that aids it; Bw(X) never aid', () => {
    expect(aid({ ranks: ['Reg Bw(X)', 'Reg Bw(S)'], doubleBased: true })).toBe(1);
    expect(aid({ ranks: ['Reg Bw(X)', 'Reg Bw(S)', 'Reg Bw(S)'], doubleBased: true })).toBe(2);
    expect(aid(['Reg Bw(X)', 'Reg Bw(S)'])).toBe(0);
    expect(aid(['Reg Bw(O)', 'Reg Bw(X)'])).toBe(0);
  });
});

describe('DBM 3.2 p.9 Element Basing: a double element makes its outcome moves as one element', () => {
  const lines = (doubleBased: boolean) =>
    config({
      a: { files: [{ ranks: ['Irr Cv(O)', 'Irr Cv(O)'], doubleBased }], going: 'difficult' },
      b: '1 files of Reg Ax(O)',
      first: 'a',
      boundLimit: 1,
    });
  it('Irr Cv(O) double in difficult going v Reg Ax(O), dice 2 v 2: 3 v 4, the whole double element flees', () => {
    // Cv +3, -2 mounted in difficult going = 1+2 = 3; Ax +2 v mounted = 2+2 = 4. Beaten by less in
    // difficult going: flee (p.23 other mounted). The double element flees as one: both ranks leave.
    // The flight (p.24): a recoil of the front's base depth (60p: p.9, 30 mm) and 50p more than a
    // cavalry move in difficult going (100p): 210p to the rear, where the pair waits as one file.
    const t = traced();
    const moves: MoveEvent[] = [];
    const r = fightEngagement(lines(true), scripted(2, 2), { trace: t.trace, log: (e) => moves.push(e) });
    expect(t.events[0]).toMatchObject({ a: 'flee', b: 'none' });
    expect(r.a.fled).toBe(2);
    expect(moves).toEqual([
      { kind: 'flight', bound: 1, side: 'a', column: 0, elements: 2, distance: 210, lost: false },
    ]);
    expect(r.a.fileGone).toEqual([false]);
    // Two single elements: only the front one flees.
    expect(fightEngagement(lines(false), scripted(2, 2)).a.fled).toBe(1);
  });
});
