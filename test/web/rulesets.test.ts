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
