/**
 * The page's rule sets, one generic module over every system (web/rulesets/from-system.ts): situation
 * files written back are the ones the parsers read (defaults left out, same situation back), a situation
 * file picks its rule set by its `rules` id, and an edit the parser rejects is reset or refused with the
 * parser's own message.
 */
import { describe, expect, it } from 'vitest';
import { ruleSetById, ruleSetOf } from '../../src/web/rulesets/index.ts';
import type { WebRuleSet } from '../../src/web/rulesets/types.ts';
import { settle } from '../../src/web/rulesets/settle.ts';

const web = (id: string) => ruleSetById(id) as WebRuleSet;
const dbaWeb = web('dba');
const bnbWeb = web('bnb');
const gbaWeb = web('gba');

const DBA_FULL = {
  rules: 'dba-3.0',
  mode: 'close',
  bound: 'b',
  a: {
    element: '4Bd',
    general: true,
    going: 'rough',
    overlaps: 1,
    behind: '4Bd',
    flankFriends: [{ element: '4Ax', going: 'bad' }],
  },
  b: { element: '3Kn', uphill: true, defending: 'camp' },
};

const BNB_SHOOTING = {
  rules: 'bnb-0.7',
  mode: 'shooting',
  shooters: 'a',
  raining: true,
  a: { element: 'Reg Bw(O)', weapon: 'crossbow', extraShooters: 1, rear: ['Reg Bw(O)'] },
  b: { element: 'Reg Ps(O)', rear: [{ element: 'Reg Ps(O)', listPermitted: true }], going: 'rough' },
};

describe('situation files written by the page', () => {
  it('DBA: defaults left out, the same situation read back', () => {
    expect(dbaWeb.normalise(DBA_FULL)).toEqual(DBA_FULL);
    expect(dbaWeb.normalise(dbaWeb.normalise(DBA_FULL))).toEqual(DBA_FULL);
    expect(dbaWeb.defaultInput('dba-3.0')).toEqual({
      rules: 'dba-3.0',
      mode: 'close',
      a: { element: '4Bd' },
      b: { element: '3Kn' },
    });
  });

  it('DBA: shooters are written only when shooting', () => {
    const shooting = { rules: 'dba-3.0', mode: 'shooting', a: { element: '4Bw' }, b: { element: '4Bd' } };
    expect(dbaWeb.normalise(shooting)).toMatchObject({ mode: 'shooting', shooters: 'a' });
    expect(dbaWeb.normalise({ ...shooting, mode: 'close' })).not.toHaveProperty('shooters');
  });

  it('B&B: rear ranks as notation unless they carry their own circumstances', () => {
    expect(bnbWeb.normalise(BNB_SHOOTING)).toEqual(BNB_SHOOTING);
  });

  it('GBA: unit defaults left out (a phalanx is two-hex unless told), the same situation read back', () => {
    const shock = {
      rules: 'gba-5',
      mode: 'shock',
      facing: 'flank',
      terrainShift: -1,
      a: {
        leader: { name: 'Alexander', charisma: 3 },
        units: [{ type: 'PH', tq: 7, size: 10, moved: true, twoHex: false }],
      },
      b: { units: [{ type: 'HI', class: 'HO', tq: 6, size: 8, hits: 2 }], inEnemyZoc: true },
    };
    const missile = {
      rules: 'gba-5',
      mode: 'missile',
      range: 2,
      throughFront: false,
      a: { units: [{ type: 'LI', tq: 5, size: 2, missile: 'A', supply: 'low' }] },
      b: { units: [{ type: 'PH', tq: 7, size: 10 }] },
    };
    for (const x of [shock, missile]) expect(gbaWeb.normalise(x)).toEqual(x);
    expect(ruleSetOf(missile)).toBe(gbaWeb);
    // Outcomes worst first: a rout, then 8 hits down to none; "or worse" on every hit count but 0.
    expect(gbaWeb.outcomes.map((o) => o.label)).toEqual([
      'routs',
      '8 hits',
      '7 hits',
      '6 hits',
      '5 hits',
      '4 hits',
      '3 hits',
      '2 hits',
      '1 hit',
      '0 hits',
    ]);
    expect(gbaWeb.outcomes.filter((o) => o.atLeast).length).toBe(8);
  });

  it('picks the rule set by the `rules` id', () => {
    expect(ruleSetOf(DBA_FULL)).toBe(dbaWeb);
    expect(ruleSetOf(BNB_SHOOTING)).toBe(bnbWeb);
    expect(ruleSetOf({ rules: 'dbm-3.1' }).id).toBe('dbm');
    expect(() => ruleSetOf({ rules: 'dba-2.2' })).toThrow('unknown rules "dba-2.2"');
  });
});

describe('settling a form edit through the parser', () => {
  it('drops a field the parser names: aiders on a side that no longer shoots', () => {
    const edit = { rules: 'dba-3.0', mode: 'close', a: { element: '4Bw', aiders: 1 }, b: { element: '4Bd' } };
    const r = settle(dbaWeb.normalise, edit);
    expect(r.input).toEqual({
      rules: 'dba-3.0',
      mode: 'close',
      a: { element: '4Bw' },
      b: { element: '4Bd' },
    });
    expect(r.note).toBe('Reset to default: a.aiders: only a shooting side has elements aiding its shooting');
    expect(r.input).toBeDefined();
  });

  it('settles B&B shooting with no Bw back to close combat, saying why', () => {
    const edit = {
      rules: 'bnb-0.7',
      mode: 'shooting',
      bound: 'a',
      a: { element: 'Reg Bd(O)' },
      b: { element: 'Reg Cv(O)' },
    };
    const r = settle(bnbWeb.normalise, edit);
    expect(r.input?.mode).toBe('close');
    expect(r.note).toBe(
      'Reset to default: mode: shooting needs a shooter: neither side is Bw, and only Bw shoot (B&B 0.7 ch.6 shooting)',
    );
  });

  it('accepts a valid edit without a note', () => {
    expect(settle(dbaWeb.normalise, DBA_FULL)).toEqual({ input: DBA_FULL });
  });
});

describe('the page offers only the combat choices the rules allow', () => {
  const dbmWeb = web('dbm');
  const dbm = (a: string, b: string, extra: Record<string, unknown> = {}) => ({
    rules: 'dbm-3.2',
    mode: 'close',
    ...extra,
    a: { element: a },
    b: { element: b },
  });

  it('DBM: no shooting for blades against knights (DBM 3.2 p.20); bowmen shoot, and only they', () => {
    const bdKn = dbm('Reg Bd(O)', 'Irr Kn(S)');
    expect([dbmWeb.allows(bdKn, 'mode', 'close'), dbmWeb.allows(bdKn, 'mode', 'shooting')]).toEqual([
      true,
      false,
    ]);
    const bwKn = dbm('Reg Bw(O)', 'Irr Kn(S)');
    expect(dbmWeb.allows(bwKn, 'mode', 'shooting')).toBe(true);
    const shooting = dbmWeb.normalise({ ...bwKn, mode: 'shooting' });
    expect(['a', 'b', 'both'].map((v) => dbmWeb.allows(shooting, 'shooters', v))).toEqual([
      true,
      false,
      false,
    ]);
    // Both bowmen: both shoot, or either.
    const bwBw = dbmWeb.normalise(dbm('Reg Bw(O)', 'Irr Bw(I)', { mode: 'shooting' }));
    expect(['a', 'b', 'both'].map((v) => dbmWeb.allows(bwBw, 'shooters', v))).toEqual([true, true, true]);
    // Whose bound is always open.
    expect(dbmWeb.allows(bdKn, 'bound', 'b')).toBe(true);
  });

  it('DBA: bows shoot, blades and knights do not (DBA 3.0 Shooting)', () => {
    const close = (a: string, b: string) => ({
      rules: 'dba-3.0',
      mode: 'close',
      a: { element: a },
      b: { element: b },
    });
    expect(dbaWeb.allows(close('4Bd', '3Kn'), 'mode', 'shooting')).toBe(false);
    expect(dbaWeb.allows(close('4Bw', '3Kn'), 'mode', 'shooting')).toBe(true);
    expect(dbaWeb.allows(close('3Kn', '4Bw'), 'mode', 'shooting')).toBe(true);
    // Artillery shoots only in its own bound, or back at artillery: not in A's.
    expect(dbaWeb.allows(close('3Kn', 'Art'), 'mode', 'shooting')).toBe(false);
  });

  it('B&B: only Bw shoot (B&B 0.7 ch.6)', () => {
    const close = (a: string) => ({
      rules: 'bnb-0.7',
      mode: 'close',
      a: { element: a },
      b: { element: 'Irr Wb(O)' },
    });
    expect(bnbWeb.allows(close('Reg Bd(O)'), 'mode', 'shooting')).toBe(false);
    expect(bnbWeb.allows(close('Reg Bw(O)'), 'mode', 'shooting')).toBe(true);
  });

  it('GBA: missile fire only for a firer with a missile class (8.13); its range is filled in', () => {
    const shock = (missile?: string) => ({
      rules: 'gba-5',
      mode: 'shock',
      a: { units: [{ type: 'LI', tq: 5, size: 3, ...(missile ? { missile } : {}) }] },
      b: { units: [{ type: 'HI', tq: 6, size: 8 }] },
    });
    expect(gbaWeb.allows(shock(), 'mode', 'missile')).toBe(false);
    expect(gbaWeb.allows(shock('A'), 'mode', 'missile')).toBe(true);
    // The form shows range 1 (its lowest) before any is given: switching fills it rather than refusing.
    const r = settle(
      gbaWeb.normalise,
      { ...shock('A'), mode: 'missile' },
      { fill: (p) => (p[0] === 'range' ? 1 : undefined) },
    );
    expect(r).toEqual({ input: { ...gbaWeb.normalise({ ...shock('A'), mode: 'missile', range: 1 }) } });
  });

  it('refusals speak the user\u2019s words, not internal paths', () => {
    const input = gbaWeb.normalise({
      rules: 'gba-5',
      mode: 'shock',
      a: { units: [{ type: 'PH', tq: 7, size: 10 }] },
      b: { units: [{ type: 'HI', tq: 6, size: 8 }] },
    });
    const next = { ...input, a: { units: [{ type: 'PH', tq: 7, size: 10, hits: 7 }] } };
    expect(gbaWeb.edit(input, next)).toEqual({
      input,
      note: "Reset to default: A's first unit's hits: must be below its TQ of 7 (10.14)",
    });
  });

  it('DBA: shooting where only B can shoot makes B the shooter', () => {
    const input = { rules: 'dba-3.0', mode: 'close', a: { element: '3Kn' }, b: { element: '4Bw' } };
    expect(dbaWeb.edit(input, { ...input, mode: 'shooting' }).input).toEqual({
      ...input,
      mode: 'shooting',
      shooters: 'b',
    });
  });
});

describe('swapping sides', () => {
  const dbmWeb = web('dbm');
  it('exchanges the sides with all their inputs, and turns round whose bound and who shoots', () => {
    const input = dbmWeb.normalise({
      rules: 'dbm-3.2',
      mode: 'shooting',
      shooters: 'a',
      a: { element: 'Reg Bw(S)', aiders: 2, general: true },
      b: { element: 'Irr Pk(I)', rear: ['Irr Pk(I)'] },
    });
    expect(dbmWeb.swap(input)).toEqual({
      input: {
        rules: 'dbm-3.2',
        mode: 'shooting',
        bound: 'b',
        shooters: 'b',
        a: { element: 'Irr Pk(I)', rear: ['Irr Pk(I)'] },
        b: { element: 'Reg Bw(S)', general: true, aiders: 2 },
      },
    });
    // Twice is the same situation.
    expect(dbmWeb.swap(dbmWeb.swap(input).input!).input).toEqual(input);
  });

  it('GBA: the attacker becomes the defender', () => {
    const input = gbaWeb.normalise({
      rules: 'gba-5',
      mode: 'shock',
      a: { leader: { charisma: 4 }, units: [{ type: 'PH', tq: 7, size: 10, moved: true }] },
      b: { units: [{ type: 'HI', tq: 6, size: 8 }] },
    });
    const swapped = gbaWeb.swap(input).input as { a: unknown; b: unknown };
    expect(swapped.a).toEqual({ units: [{ type: 'HI', tq: 6, size: 8 }] });
    expect(swapped.b).toEqual({
      leader: { charisma: 4 },
      units: [{ type: 'PH', tq: 7, size: 10, moved: true }],
    });
  });
});

describe('a matchup in words (the copied line, the what-if lines, saved names)', () => {
  it('says the version and combat, then every circumstance set, never the elements themselves', () => {
    const dbm = ruleSetById('dbm') as WebRuleSet;
    const shooting = dbm.normalise({
      rules: 'dbm-3.0',
      mode: 'shooting',
      shooters: 'both',
      a: { element: 'Reg Bw(O)', aiders: 1, rear: ['Reg Bw(O)'] },
      b: { element: 'Reg Art(O)', going: 'rough' },
    });
    expect(dbm.describe(shooting)).toEqual({
      title: "DBM 3.0 shooting, A's bound",
      circumstances: [
        'shooting (both)',
        "A's ranks behind (Reg Bw(O))",
        "A's elements aiding its shooting (1)",
        "B's going (rough)",
      ],
    });
    expect(dbm.describe(dbm.defaultInput('dbm-3.2'))).toEqual({
      title: "DBM 3.2 close combat, A's bound",
      circumstances: [],
    });
    // GBA: a unit's type, TQ and Size are in its name; what it did is a circumstance.
    const gba = ruleSetById('gba') as WebRuleSet;
    expect(gba.describe(gba.defaultInput('gba-5'))).toEqual({
      title: 'GBA 5th edition shock',
      circumstances: ["A's first unit's moved", "B's first unit's class (HO)"],
    });
  });
});
