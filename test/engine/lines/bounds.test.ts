/**
 * Multi-bound odds of one file against one (docs/engagement-model.md "One file against one"): the exact
 * chain (src/engine/lines/bounds.ts) against the Monte Carlo engagement kernel playing the same fight,
 * and a two-bound case worked by hand.
 */
import { describe, expect, it } from 'vitest';
import type { BoundsOdds } from '../../../src/core/bounds.ts';
import { createRng } from '../../../src/core/rng.ts';
import { agreementZ, agrees } from '../../../src/core/statistics.ts';
import type { AnySystem } from '../../../src/core/system.ts';
import {
  fightEngagement,
  pairSetup,
  type CombatEvent,
  type EngagementResult,
  type FileConfig,
  type LinesConfig,
  type LinesModel,
  type PairSetup,
} from '../../../src/engine/lines/index.ts';
import { systemOfRules } from '../../../src/systems/registry.ts';

type Sides = { a: Record<string, unknown>; b: Record<string, unknown> };

function setup(rules: string, sides: Sides, more: Record<string, unknown> = {}) {
  const system = systemOfRules(rules) as AnySystem;
  const variant = system.variant({ version: rules });
  const input = { ...system.situation.defaults, rules, ...more, ...sides };
  const model = system.engagement as LinesModel<unknown>;
  return { system, variant, input, model };
}

/**
 * The kernel's config for a pair setup: standing overlaps become enemy files beside the overlapped file,
 * each a single copy of the overlapping file's front element that counts toward no break rule; with flank
 * contacts off they never fight (docs/rulings.md "Standing overlaps"). `file`: each side's fighting file.
 * One side overlapped at a time: the kernel's straight lines cannot overlap both.
 */
function kernelConfig(pair: PairSetup<unknown>): { config: LinesConfig<unknown>; file: [number, number] } {
  const [oa, ob] = pair.overlaps;
  const c = pair.config;
  if (oa === 0 && ob === 0) return { config: c, file: [0, 0] };
  if (oa > 0 && ob > 0) throw new Error('the kernel overlaps one side at a time');
  const by = oa > 0 ? 'b' : 'a';
  const n = oa + ob;
  const fighter = c[by].files[0]!;
  const beside: FileConfig<unknown> = {
    ranks: [{ element: fighter.ranks[0]!.element, ap: 0, ee: 0, reference: 0 }],
    doubleBased: false,
  };
  const files = n === 1 ? [fighter, beside] : [beside, fighter, beside];
  const config: LinesConfig<unknown> = {
    ...c,
    options: {
      ...c.options,
      alignment: n === 1 ? 'left' : 'centre',
      flankContacts: false,
      flankAttacks: false,
    },
    [by]: { ...c[by], files },
  };
  const at = n === 1 ? 0 : 1;
  return { config, file: by === 'b' ? [0, at] : [at, 0] };
}

/** How one sampled engagement ended, read off the kernel's own result and its last combat or shooting. */
function endOf(r: EngagementResult, last: CombatEvent | undefined, limit: number, file: [number, number]) {
  const outA = r.decision === 'b-wins' || r.decision === 'mutual' || r.a.fileGone[file[0]] === true;
  const outB = r.decision === 'a-wins' || r.decision === 'mutual' || r.b.fileGone[file[1]] === true;
  if (!outA && !outB) {
    expect(r.bounds).toBe(limit);
    return 'fighting';
  }
  // The bound of the event that took a side out: while the lines are apart the kernel plays on after a
  // side has nothing left, with nothing more to happen.
  if (outA && outB) return `${last!.bound}:both`;
  const side = outA ? 'a' : 'b';
  const how = { destroyed: 'destroyed', flee: 'fled', spent: 'spent' }[last![side] as string];
  expect(how, `side ${side} out with outcome ${last![side]}`).toBeDefined();
  return `${last!.bound}:${side}-${how}`;
}

/**
 * Play `samples` engagements of the pair with the kernel and check every exact per-bound chance (each
 * end, and still fighting at the limit) lies in the sample's 99.9% Wilson interval; for fights that
 * start apart, also the chance of a shooting, of the lines meeting and of a close combat in each bound.
 */
function checkAgainstKernel(
  rules: string,
  sides: Sides,
  bounds: number,
  more: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
  samples = 20_000,
  distance?: number,
): { checked: number; exact: BoundsOdds } {
  const { system, variant, input, model } = setup(rules, sides, more);
  const request = { bounds, options, ...(distance !== undefined ? { distance } : {}) };
  const exact = model.boundsOdds!(input, variant, request);
  const { config, file } = kernelConfig(pairSetup(model.adapter, system, variant, input, request));
  const rng = createRng(`bounds:${rules}:${JSON.stringify(sides)}:${JSON.stringify(more)}`, 0);
  const counts = new Map<string, number>();
  const bump = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (let i = 0; i < samples; i++) {
    let last: CombatEvent | undefined;
    const shot = new Set<number>();
    const close = new Set<number>();
    const r = fightEngagement(config, model.adapter, () => rng.die(6), {
      first: config.first === 'b' ? 'b' : 'a',
      trace: (e) => {
        last = e;
        (e.kind === 'shooting' ? shot : close).add(e.bound);
      },
    });
    bump(endOf(r, last, bounds, file));
    for (const k of shot) bump(`shooting@${k}`);
    for (const k of close) bump(`close@${k}`);
    if (close.size > 0) bump(`contact@${Math.min(...close)}`);
  }
  const z = agreementZ(1); // 99.9% two-sided
  let checked = 0;
  for (const row of exact.perBound) {
    for (const e of exact.ends) {
      const n = counts.get(`${row.bound}:${e.id}`) ?? 0;
      expect(agrees(n, samples, row.ended[e.id]!.p, z), `bound ${row.bound} ${e.id}: ${n}/${samples}`).toBe(
        true,
      );
      if (row.ended[e.id]!.p > 0) checked++;
    }
    if (row.phase)
      for (const [key, c] of [
        ['shooting', row.phase.shooting],
        ['close', row.phase.closeCombat],
        ['contact', row.phase.contact],
      ] as const) {
        const n = counts.get(`${key}@${row.bound}`) ?? 0;
        expect(agrees(n, samples, c.p, z), `bound ${row.bound} ${key}: ${n}/${samples}`).toBe(true);
      }
  }
  const still = counts.get('fighting') ?? 0;
  expect(agrees(still, samples, exact.cumulative.at(-1)!.fighting.p, z)).toBe(true);
  // Nothing sampled that the chain calls impossible.
  for (const [key, n] of counts) {
    if (key === 'fighting' || key.includes('@')) continue;
    const [bound, id] = key.split(':');
    expect(exact.perBound[Number(bound) - 1]!.ended[id!]!.p > 0, `${key} sampled ${n} times`).toBe(true);
  }
  return { checked, exact };
}

describe('the exact chain agrees with the Monte Carlo engagement kernel on the same fight', () => {
  it('DBM 3.2 Reg Bd(O) against Irr Kn(S), 4 bounds, A first', () => {
    expect(
      checkAgainstKernel('dbm-3.2', { a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }, 4).checked,
    ).toBeGreaterThan(4);
  });

  it('DBM 3.2 Reg Sp(O) two deep against Irr Wb(S), 4 bounds, B first', () => {
    expect(
      checkAgainstKernel(
        'dbm-3.2',
        { a: { element: 'Reg Sp(O)', rear: ['Reg Sp(O)'] }, b: { element: 'Irr Wb(S)' } },
        4,
        { bound: 'b' },
      ).checked,
    ).toBeGreaterThan(4);
  });

  it('DBM 3.2 Reg Pk(O) four deep against Irr Kn(O), knights first, only they close gaps, pikes pursue', () => {
    // renewContact attacker: without the pikes' optional pursuit of beaten knights, nobody fights in the
    // pikes' bound; with it, the pair stays in contact.
    checkAgainstKernel(
      'dbm-3.2',
      {
        a: { element: 'Reg Pk(O)', rear: ['Reg Pk(O)', 'Reg Pk(O)', 'Reg Pk(O)'] },
        b: { element: 'Irr Kn(O)' },
      },
      5,
      { bound: 'b' },
      { optionalPursuit: 'pursue', renewContact: 'attacker', fledLost: true },
    );
  });

  it('DBM 3.2 Irr Kn(O) against Reg Bw(S), 5 bounds: moving into contact, must pursue, bowmen do not charge', () => {
    // DBM 3.2 p.23: knights beaten by (S) bowmen whose front they contacted this bound are destroyed;
    // knights that win must pursue (p.24), so they fight on without moving; p.18: bowmen do not move into
    // contact with mounted they can shoot at, so a gap stays open in the bowmen's bound.
    checkAgainstKernel('dbm-3.2', { a: { element: 'Irr Kn(O)' }, b: { element: 'Reg Bw(S)' } }, 5);
  });

  it('DBM 3.2 Reg Bd(O) against Irr Ps(O): the psiloi flee', () => {
    checkAgainstKernel('dbm-3.2', { a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Ps(O)' } }, 3);
  });

  it('DBA 3.0 4Pk supported by 4Pk against 4Wb, 5 bounds: the front pike falls and the second fights on', () => {
    expect(
      checkAgainstKernel('dba-3.0', { a: { element: '4Pk', behind: '4Pk' }, b: { element: '4Wb' } }, 5)
        .checked,
    ).toBeGreaterThan(4);
  });

  it('B&B 0.7 Irr LH(O) against Reg Bw(O), 4 bounds', () => {
    checkAgainstKernel('bnb-0.7', { a: { element: 'Irr LH(O)' }, b: { element: 'Reg Bw(O)' } }, 4);
  });
});

describe("a general's element: a standing +1 the chain carries (DBM 3.2 p.21 Tactical Factors)", () => {
  it('agrees with the kernel over 4 bounds', () => {
    expect(
      checkAgainstKernel(
        'dbm-3.2',
        { a: { element: 'Reg Bd(O)', general: true }, b: { element: 'Irr Kn(S)' } },
        4,
      ).checked,
    ).toBeGreaterThan(4);
  });

  it('the first bound is the single combat with the general, every one of the 36 rolls', () => {
    const sides = { a: { element: 'Reg Bd(O)', general: true }, b: { element: 'Irr Kn(S)' } };
    const { variant, input, model } = setup('dbm-3.2', sides);
    const chain = model.boundsOdds!(input, variant, { bounds: 1 });
    // A's bound 1: A moved into contact (the chain's own circumstance).
    const situation = variant.parseSituation({ ...input, a: { ...sides.a, movedIntoContact: true } });
    const ends = new Map<string, number>();
    for (let da = 1; da <= 6; da++)
      for (let db = 1; db <= 6; db++) {
        const r = variant.ruleset.resolve(situation, [da, db]);
        const out = (o: string) => o === 'destroyed' || o === 'flee';
        const key =
          out(r.a) && out(r.b)
            ? 'both'
            : out(r.a)
              ? `a-${r.a === 'flee' ? 'fled' : r.a}`
              : out(r.b)
                ? `b-${r.b === 'flee' ? 'fled' : r.b}`
                : 'fighting';
        ends.set(key, (ends.get(key) ?? 0) + 1);
      }
    const row = chain.perBound[0]!;
    for (const [key, n] of ends)
      if (key === 'fighting') expect(row.fighting.p).toBeCloseTo(n / 36, 12);
      else expect(row.ended[key]!.p, key).toBeCloseTo(n / 36, 12);
    // Without the general the blades win fewer first bounds.
    const plain = setup('dbm-3.2', { a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } });
    const without = plain.model.boundsOdds!(plain.input, plain.variant, { bounds: 1 }).perBound[0]!;
    expect(row.ended['b-destroyed']!.p).toBeGreaterThan(without.ended['b-destroyed']!.p);
  });
});

describe('standing overlaps: the chain against the kernel with enemy files standing beside (docs/rulings.md "Standing overlaps")', () => {
  it('DBM 3.2 Reg Bd(O) overlapped on one flank against Irr Kn(S), 4 bounds', () => {
    const { checked, exact } = checkAgainstKernel(
      'dbm-3.2',
      { a: { element: 'Reg Bd(O)', overlaps: 1 }, b: { element: 'Irr Kn(S)' } },
      4,
    );
    expect(checked).toBeGreaterThan(3);
    // The overlap costs the blades: more of them are destroyed in bound 1 than without it.
    const plain = setup('dbm-3.2', { a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } });
    const without = plain.model.boundsOdds!(plain.input, plain.variant, { bounds: 1 }).perBound[0]!;
    expect(exact.perBound[0]!.ended['a-destroyed']!.p).toBeGreaterThan(without.ended['a-destroyed']!.p);
  });

  it('DBM 3.2 Reg Sp(O) two deep against Irr Wb(S) overlapped on both flanks, 4 bounds, B first', () => {
    expect(
      checkAgainstKernel(
        'dbm-3.2',
        { a: { element: 'Reg Sp(O)', rear: ['Reg Sp(O)'] }, b: { element: 'Irr Wb(S)', overlaps: 2 } },
        4,
        { bound: 'b' },
      ).checked,
    ).toBeGreaterThan(4);
  });

  it('DBA 3.0 4Bd overlapped against 3Kn, and B&B 0.7 Irr LH(O) against Reg Bw(O) overlapped', () => {
    checkAgainstKernel('dba-3.0', { a: { element: '4Bd', overlaps: 1 }, b: { element: '3Kn' } }, 4);
    checkAgainstKernel(
      'bnb-0.7',
      { a: { element: 'Irr LH(O)' }, b: { element: 'Reg Bw(O)', overlaps: 1 } },
      4,
    );
  });
});

describe('a two-bound case by hand with a standing overlap: DBA 3.0 4Bd overlapped once against 3Kn', () => {
  // As the case below, with the blades at -1 for the flank overlapped (DBA 3.0 Tactical factors): 2+dA
  // against 3+dB, in both bounds.
  //   Equal (dA = dB + 1, 5/36): knights destroyed by blades. Blades higher (dA >= dB + 2, 10/36):
  //   doubled only at dB = 1, dA = 6 (8 against 4, 1/36), destroyed; else recoil (9/36). Knights higher
  //   (dA <= dB, 21/36): blades destroyed.
  //   Bound 1: A destroyed 21/36, B destroyed 6/36, fighting 9/36.
  //   Bound 2: A destroyed 9 x 21 = 189/1296, B destroyed 9 x 6 = 54/1296, fighting 81/1296.
  //   By the end of bound 2: A destroyed 21 x 36 + 189 = 945/1296, B destroyed 6 x 36 + 54 = 270/1296.
  const { variant, input, model } = setup('dba-3.0', {
    a: { element: '4Bd', overlaps: 1 },
    b: { element: '3Kn' },
  });
  const r = model.boundsOdds!(input, variant, { bounds: 2 });

  it('bound by bound and cumulative', () => {
    expect(r.perBound[0]!.ended['a-destroyed']!.fraction).toBe('21/36');
    expect(r.perBound[0]!.ended['b-destroyed']!.fraction).toBe('6/36');
    expect(r.perBound[0]!.fighting.fraction).toBe('9/36');
    expect(r.perBound[1]!.ended['a-destroyed']!.fraction).toBe('189/1296');
    expect(r.perBound[1]!.ended['b-destroyed']!.fraction).toBe('54/1296');
    expect(r.perBound[1]!.fighting.fraction).toBe('81/1296');
    expect(r.cumulative[1]!.ended['a-destroyed']!.fraction).toBe('945/1296');
    expect(r.cumulative[1]!.ended['b-destroyed']!.fraction).toBe('270/1296');
    expect(r.notes.join(' ')).toContain('A is overlapped on one flank in every close combat');
  });

  it('both sides overlapped at once: the same scores less one each, which doubles more often', () => {
    // 4Bd and 3Kn both at -1: 2+dA against 2+dB has the same outcomes as 3+dA against 3+dB, except
    // doubling: 2+dA >= 2(2+dB) at dB = 1, dA >= 4 and at dB = 2, dA = 6 (4/36), where the plain fight
    // doubles only at dB = 1, dA >= 5 (2/36).
    // Bound 1: B destroyed 6 (equal) + 4 (doubled) = 10/36; recoil 15 - 4 = 11/36; A destroyed 15/36.
    const both = setup('dba-3.0', { a: { element: '4Bd', overlaps: 1 }, b: { element: '3Kn', overlaps: 1 } });
    const b = both.model.boundsOdds!(both.input, both.variant, { bounds: 1 }).perBound[0]!;
    expect(b.ended['a-destroyed']!.fraction).toBe('15/36');
    expect(b.ended['b-destroyed']!.fraction).toBe('10/36');
    expect(b.fighting.fraction).toBe('11/36');
  });
});

describe('shooting as one side closes: the chain against the kernel with the lines starting apart', () => {
  it('DBM 3.2 Reg Bw(O) against Irr Kn(F), 4 bounds, A first, the default distance', () => {
    const { exact } = checkAgainstKernel(
      'dbm-3.2',
      { a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Kn(F)' } },
      4,
      { mode: 'shooting' },
    );
    // Bowmen 100p (DBM 3.2 p.19) plus their 200p range (p.20).
    expect(exact.distance?.paces).toBe(300);
    expect(exact.perBound.map((r) => r.phase?.apart)).toEqual([200, undefined, undefined, undefined]);
  });

  it('DBM 3.2 Irr Kn(O) against two ranks of Reg Bw(S), 7 bounds, B first, 500p apart', () => {
    // The rear rank aids the front's shooting (p.20); the (S) bowmen destroy knights that contact them
    // and lose (p.23); knights may not be charged by the bowmen (p.18).
    checkAgainstKernel(
      'dbm-3.2',
      { a: { element: 'Irr Kn(O)' }, b: { element: 'Reg Bw(S)', rear: ['Reg Bw(S)'] } },
      7,
      { mode: 'shooting', bound: 'b', shooters: 'b' },
      {},
      20_000,
      500,
    );
  });

  it('DBM 3.2 Irr Wb(S) against Reg Art(O), 10 bounds: artillery shoots only in its own bound', () => {
    const { exact } = checkAgainstKernel(
      'dbm-3.2',
      { a: { element: 'Irr Wb(S)' }, b: { element: 'Reg Art(O)' } },
      10,
      { mode: 'shooting', shooters: 'b' },
    );
    // 500p range plus the warband's 100p: the warband comes on 100p a bound, shot at in the artillery's.
    expect(exact.distance?.paces).toBe(600);
    expect(exact.perBound[0]!.phase!.shooting.p).toBe(0);
    expect(exact.perBound[1]!.phase!.shooting.p).toBe(1);
  });

  it('DBM 3.2 Reg Bw(O) against Irr Bw(O), both shooting, 5 bounds', () => {
    checkAgainstKernel('dbm-3.2', { a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Bw(O)' } }, 5, {
      mode: 'shooting',
      shooters: 'both',
    });
  });

  it('DBM 3.2 Reg Bw(O) overlapped by the knights coming on, 4 bounds', () => {
    checkAgainstKernel(
      'dbm-3.2',
      { a: { element: 'Reg Bw(O)', overlaps: 1 }, b: { element: 'Irr Kn(F)' } },
      4,
      { mode: 'shooting' },
    );
  });
});

describe('a shooting case by hand: DBM 3.2 Reg Bw(O) shooting at Irr Kn(F), then close combat', () => {
  // Default distance 300p: the bowmen's 100p move (DBM 3.2 p.19) brings them to their 200p range (p.20).
  // Bound 1 (A's): the bowmen move to 200p and shoot; the knights cannot shoot back. Bowmen +4 v mounted,
  //   knights +4 v bowmen shooting (p.21); the (O) bowmen +1 for scoring 2 more than (F) knights (p.22).
  //   Knights at half or less are destroyed (p.23 "other troops on land"): 2(4+dB) <= 5+dA needs dB = 1
  //   and dA >= 5: 2/36. A beaten knight otherwise recoils, which at a distance changes nothing; the
  //   bowmen shoot unanswered, so disregard their own outcome.
  // Bound 2 (B's): the knights' 200p move (150p, +50p for (F) mounted in good going) reaches: they charge
  //   home. Knights +3 v foot, bowmen +4 v mounted; bowmen +1 when scoring 2 more than (F) opponents:
  //   4+dA (+1 if dA >= dB + 1) against 3+dB.
  //   Equal (dB = dA + 1): 5/36, fight on. Bowmen lower (dB >= dA + 2): 10/36, bowmen destroyed by
  //   mounted in contact. Bowmen higher: 21/36, of which the knights are at half or less at dB = 1,
  //   dA >= 3 (4/36) and dB = 2, dA >= 5 (2/36): destroyed 6/36; else they recoil (15/36).
  //   A destroyed 34 x 10 = 340/1296, B destroyed 34 x 6 = 204/1296, fighting 34 x 20 = 680/1296.
  // By the end of bound 2: B destroyed 2 x 36 + 204 = 276/1296, A destroyed 340/1296.
  const sides = { a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Kn(F)' } };
  const { variant, input, model } = setup('dbm-3.2', sides, { mode: 'shooting' });
  const r = model.boundsOdds!(input, variant, { bounds: 2 });

  it('bound by bound and cumulative', () => {
    expect(r.perBound[0]!.ended['b-destroyed']!.fraction).toBe('2/36');
    expect(r.perBound[0]!.ended['a-destroyed']!.fraction).toBe('0/36');
    expect(r.perBound[0]!.fighting.fraction).toBe('34/36');
    expect(r.perBound[1]!.ended['a-destroyed']!.fraction).toBe('340/1296');
    expect(r.perBound[1]!.ended['b-destroyed']!.fraction).toBe('204/1296');
    expect(r.perBound[1]!.fighting.fraction).toBe('680/1296');
    expect(r.cumulative[1]!.ended['b-destroyed']!.fraction).toBe('276/1296');
    expect(r.cumulative[1]!.ended['a-destroyed']!.fraction).toBe('340/1296');
  });

  it('bound 1 is a shooting at 200p, bound 2 the charge home', () => {
    expect(r.perBound[0]!.phase).toEqual({
      shooting: { p: 1, fraction: '36/36' },
      contact: { p: 0, fraction: '0/36' },
      closeCombat: { p: 0, fraction: '0/36' },
      apart: 200,
    });
    expect(r.perBound[1]!.phase!.contact.fraction).toBe('1224/1296');
    expect(r.perBound[1]!.phase!.closeCombat.fraction).toBe('1224/1296');
    expect(r.perBound[1]!.phase!.shooting.p).toBe(0);
  });

  it("bound 1 is the situation's single shooting, every one of the 36 rolls", () => {
    const situation = variant.parseSituation(input);
    let destroyed = 0;
    for (let da = 1; da <= 6; da++)
      for (let db = 1; db <= 6; db++) {
        const o = variant.ruleset.resolve(situation, [da, db]);
        expect(o.a).toBe('none');
        if (o.b === 'destroyed') destroyed++;
      }
    expect(`${destroyed}/36`).toBe(r.perBound[0]!.ended['b-destroyed']!.fraction);
  });

  it('a given distance: 250p, the bowmen still reach their range in one move', () => {
    const near = model.boundsOdds!(input, variant, { bounds: 2, distance: 250 });
    expect(near.distance).toEqual({ paces: 250, how: 'given' });
    expect(near.perBound[0]!.ended['b-destroyed']!.fraction).toBe('2/36');
    // 400p: the bowmen stop at 300p, out of range; the knights come to 100p and are shot at in bound 2.
    const far = model.boundsOdds!(input, variant, { bounds: 2, distance: 400 });
    expect(far.perBound[0]!.phase!.shooting.p).toBe(0);
    expect(far.perBound[0]!.phase!.apart).toBe(300);
    expect(far.perBound[1]!.phase!.apart).toBe(100);
    expect(far.perBound[1]!.ended['b-destroyed']!.fraction).toBe('72/1296');
  });
});

describe('a two-bound case by hand: DBA 3.0 4Bd against 3Kn, A first', () => {
  // DBA 3.0 Combat factors: Blades +3 against mounted, Knights +3 against foot: 3+dA against 3+dB.
  // Bound 1 (A's; A moves into contact, which DBA does not score):
  //   dA = dB (6/36): equal totals, knights destroyed in close combat by Blades (Combat outcome: equal).
  //   dA > dB (15/36): knights doubled when 3+dA >= 2(3+dB), i.e. dB = 1 and dA = 5 or 6: 2/36,
  //     destroyed; otherwise beaten, 13/36: knights recoil (Combat outcome: less than opponent).
  //     Blades follow up only foot (DBA 3.0 Pursuing): the knights stand a base depth back.
  //   dB > dA (15/36): blades beaten by knights in good going, destroyed (and when doubled: destroyed).
  //   So after bound 1: A destroyed 15/36, B destroyed 6+2 = 8/36, still fighting 13/36.
  // Bound 2 (B's): the knights step back into contact and the same 36 rolls give the same outcomes
  //   (DBA 3.0 has no factor for whose bound it is or for moving into contact here).
  //   A destroyed in bound 2: 13/36 x 15/36 = 195/1296; B destroyed in bound 2: 13 x 8 = 104/1296;
  //   still fighting: 13 x 13 = 169/1296.
  // By the end of bound 2: A destroyed 15x36 + 195 = 735/1296, B destroyed 8x36 + 104 = 392/1296, and
  //   735 + 392 + 169 = 1296. A one-file DBA line never reaches the 4 losses of DBA 3.0 Winning and
  //   losing: the fight ends when a file has nothing left.
  const { variant, input, model } = setup('dba-3.0', { a: { element: '4Bd' }, b: { element: '3Kn' } });
  const r = model.boundsOdds!(input, variant, { bounds: 2 });

  it('bound by bound', () => {
    expect(r.perBound.map((b) => b.owner)).toEqual(['a', 'b']);
    expect(r.perBound[0]!.ended['a-destroyed']!.fraction).toBe('15/36');
    expect(r.perBound[0]!.ended['b-destroyed']!.fraction).toBe('8/36');
    expect(r.perBound[0]!.fighting.fraction).toBe('13/36');
    expect(r.perBound[1]!.ended['a-destroyed']!.fraction).toBe('195/1296');
    expect(r.perBound[1]!.ended['b-destroyed']!.fraction).toBe('104/1296');
    expect(r.perBound[1]!.fighting.fraction).toBe('169/1296');
  });

  it('cumulative', () => {
    const two = r.cumulative[1]!;
    expect(two.ended['a-destroyed']!.fraction).toBe('735/1296');
    expect(two.ended['b-destroyed']!.fraction).toBe('392/1296');
    expect(two.ended['a-fled']!.p).toBe(0);
    expect(two.ended['both']!.p).toBe(0);
    expect(two.ended['a-destroyed']!.p).toBeCloseTo(735 / 1296, 12);
    expect(two.fighting.p).toBeCloseTo(169 / 1296, 12);
  });
});

describe('what the pair model refuses', () => {
  const { variant, model } = setup('dbm-3.2', { a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } });
  const ask =
    (input: Record<string, unknown>, options: Record<string, unknown> = {}, bounds = 3, distance?: number) =>
    () =>
      model.boundsOdds!({ rules: 'dbm-3.2', mode: 'close', ...input }, variant, {
        bounds,
        options,
        ...(distance !== undefined ? { distance } : {}),
      });

  it('circumstances the model makes itself or does not have, naming the field', () => {
    expect(ask({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)', movedIntoContact: true } })).toThrow(
      /b\.movedIntoContact/,
    );
    expect(ask({ a: { element: 'Reg Bd(O)', rearContact: true }, b: { element: 'Irr Kn(S)' } })).toThrow(
      /a\.rearContact/,
    );
  });

  it('shooting: aid from other files, one-way shooting between two shooters, a distance in close combat', () => {
    expect(
      ask({ mode: 'shooting', a: { element: 'Reg Bw(O)', aiders: 1 }, b: { element: 'Irr Kn(S)' } }),
    ).toThrow(/a\.aiders.*rear-rank bowmen aid it/);
    expect(
      ask({ mode: 'shooting', shooters: 'a', a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Bw(O)' } }),
    ).toThrow(/shooters: .*every element in range shoots.*both sides shoot/);
    // Not given, the situation's default (A shoots) gives way, and the notes say so.
    const both = ask({ mode: 'shooting', a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Bw(O)' } })();
    expect(both.notes.join(' ')).toContain('Both sides shoot');
    expect(ask({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }, {}, 3, 300)).toThrow(/distance/);
    expect(
      ask({ mode: 'shooting', a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Kn(S)' } }, {}, 3, -1),
    ).toThrow(/distance: paces from 0 to 5000, not -1/);
  });

  it('systems without an approach refuse shooting', () => {
    const dba = setup('dba-3.0', { a: { element: '4Bw' }, b: { element: '3Kn' } }, { mode: 'shooting' });
    expect(() => dba.model.boundsOdds!(dba.input, dba.variant, { bounds: 2 })).toThrow(
      /mode: DBA's battle-line model has no distant shooting/,
    );
  });

  it('a bad option, a bad number of bounds', () => {
    expect(ask({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }, { pursuit: 'yes' })).toThrow(
      /options/,
    );
    expect(ask({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }, {}, 0)).toThrow(/bounds/);
  });
});
