/**
 * The approach (docs/engagement-model.md "Battlefield"): hand-worked sequences with scripted dice. DBM 3.2
 * p.19 Tactical and March Move Distances: knights (O) 150p a bound in good going (the +50p is for fast
 * troops only), bowmen 100p. p.20 Distant Shooting: bowmen shoot 200p, in either player's bound;
 * knights do not shoot.
 * p.18 Tactical moves: bowmen may not move into contact with the front of mounted enemy they can shoot at.
 */
import { describe, expect, it } from 'vitest';
import type { LinesConfig } from '../../../src/engine/lines/index.ts';
import { requireSystem } from '../../../src/systems/registry.ts';
import { config, fightEngagement, scripted, type CombatEvent } from './helpers.ts';

const traced = () => {
  const events: CombatEvent[] = [];
  return { events, trace: (e: CombatEvent) => events.push(e) };
};

const withField = (c: LinesConfig, battlefield: LinesConfig['battlefield']): LinesConfig => ({
  ...c,
  battlefield,
});

// These tests follow the approach mechanics with every line closing (option refusals: never); the
// decisions to close or not are tested in refusals.test.ts.
const NEVER = { refusals: 'never' };

describe('DBM 3.2: one file of bowmen against one of knights, 400 paces apart', () => {
  const base = config({
    a: '1 files of Reg Bw(O)',
    b: '1 files of Irr Kn(O)',
    boundLimit: 6,
    options: NEVER,
  });
  const c = withField(base, { distance: 400, shooters: 'halt' });

  it('knights close 150p, bowmen step to 200p and shoot, shoot again as the knights close, and kill them', () => {
    // One pair of dice per event, A's (bowmen) first.
    const dice = scripted(1, 6, 1, 6, 6, 1);
    const t = traced();
    const r = fightEngagement(c, dice, { first: 'b', trace: t.trace });
    expect(t.events.map((e) => [e.kind, e.bound, e.owner, e.gap, e.a, e.b])).toEqual([
      // Bound 1, B's: the knights move 150p (400 -> 250): out of the bowmen's 200p, nothing shoots.
      // Bound 2, A's: the bowmen would move 100p to 150p, but they are ahead in shooting (the knights
      // cannot reply), so they stop at their range, 200p, and shoot: 1 v 6, nothing happens.
      ['shooting', 2, 'a', 200, 'none', 'none'],
      // Bound 3, B's: the knights move 150p (200 -> 50), short of contact; the bowmen shoot in the
      // knights' bound too: 1 v 6 again.
      ['shooting', 3, 'b', 50, 'none', 'none'],
      // Bound 4, A's: the bowmen stand and shoot: 6 v 1 destroys the knights (DBM 3.2 p.23: knights
      // doubled by bowmen are destroyed). B has lost everything: A wins.
      ['shooting', 4, 'a', 50, 'none', 'destroyed'],
    ]);
    expect(r.decision).toBe('a-wins');
    expect(dice.used()).toBe(6);
  });

  it('with shooters advancing, the bowmen walk 100p and the knights charge home a bound earlier', () => {
    const advancing = withField(base, { distance: 400, shooters: 'advance' });
    const t = traced();
    fightEngagement(advancing, scripted(1, 6, 1, 6), { first: 'b', trace: t.trace });
    // Bound 1: 400 -> 250. Bound 2 (A's): the bowmen advance 100p (250 -> 150), may not contact mounted,
    // and shoot at 150p. Bound 3 (B's): 150p of move reaches them: the knights charge home and fight.
    expect(t.events.map((e) => [e.kind, e.bound, e.gap ?? 0])).toEqual([
      ['shooting', 2, 150],
      ['close', 3, 0],
    ]);
  });

  it('at distance 0 blades charge at once; bowmen facing knights do not, and shoot instead', () => {
    const blades = withField(
      config({ a: '1 files of Reg Bd(O)', b: '1 files of Irr Kn(O)', boundLimit: 1, options: NEVER }),
      {
        distance: 0,
        shooters: 'halt',
      },
    );
    const t1 = traced();
    fightEngagement(blades, scripted(3, 3), { first: 'a', trace: t1.trace });
    expect(t1.events.map((e) => [e.kind, e.bound])).toEqual([['close', 1]]);
    const t2 = traced();
    const oneBound = withField(
      config({ a: '1 files of Reg Bw(O)', b: '1 files of Irr Kn(O)', boundLimit: 1, options: NEVER }),
      {
        distance: 0,
        shooters: 'halt',
      },
    );
    fightEngagement(oneBound, scripted(1, 6), { first: 'a', trace: t2.trace });
    expect(t2.events.map((e) => [e.kind, e.bound])).toEqual([['shooting', 1]]);
  });
});

describe('terrain: the going drawn for a column is the going of its combat', () => {
  const base = config({
    a: '1 files of Reg Bd(O)',
    b: '1 files of Irr Kn(O)',
    boundLimit: 1,
    options: NEVER,
  });
  const v = requireSystem('dbm-3.2').variant({ version: 'dbm-3.2' });

  const firstCombat = (going: string) => {
    const c = withField(base, {
      distance: 0,
      shooters: 'halt',
      terrain: { per: 'battle', weights: { [going]: 1 } },
    });
    const t = traced();
    // The first two rolls draw the going (one going: any roll gives it), then the combat's dice.
    fightEngagement(c, scripted(1, 1, 4, 3), { first: 'a', trace: t.trace });
    return t.events.find((e) => e.kind === 'close')!;
  };
  /** The same combat through the rule set, both elements in `going` (DBM 3.2 p.21-22 factors). */
  const single = (going: string) =>
    v.ruleset.resolve(
      v.parseSituation({ a: { element: 'Reg Bd(O)', going }, b: { element: 'Irr Kn(O)', going } }),
      [4, 3],
    );

  it('Reg Bd(O) 4 v Irr Kn(O) 3: the fight gives what the rule set gives in each going, and going matters', () => {
    for (const going of ['good', 'rough', 'difficult']) {
      const e = firstCombat(going);
      expect([e.a, e.b], going).toEqual([single(going).a, single(going).b]);
    }
    // Knights are worse off in difficult going (DBM 3.2 p.21 Tactical Factors): the same dice go otherwise.
    expect(single('difficult')).not.toEqual(single('good'));
  });
});
