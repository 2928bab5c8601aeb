/**
 * Multi-bound odds of one file against one (docs/engagement-model.md "One file against one"): the exact
 * chain (src/engine/lines/bounds.ts) against the Monte Carlo engagement kernel playing the same fight,
 * and a two-bound case worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import { agreementZ, agrees } from '../../../src/core/statistics.ts';
import type { AnySystem } from '../../../src/core/system.ts';
import {
  fightEngagement,
  pairConfig,
  type CombatEvent,
  type EngagementResult,
  type LinesModel,
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

/** How one sampled engagement ended, read off the kernel's own result and its last combat. */
function endOf(r: EngagementResult, last: CombatEvent | undefined, limit: number): string {
  const outA = r.decision === 'b-wins' || r.decision === 'mutual' || r.a.fileGone[0] === true;
  const outB = r.decision === 'a-wins' || r.decision === 'mutual' || r.b.fileGone[0] === true;
  if (!outA && !outB) {
    expect(r.bounds).toBe(limit);
    return 'fighting';
  }
  if (outA && outB) return 'both';
  const side = outA ? 'a' : 'b';
  const how = { destroyed: 'destroyed', flee: 'fled', spent: 'spent' }[last![side] as string];
  expect(how, `side ${side} out with outcome ${last![side]}`).toBeDefined();
  return `${side}-${how}`;
}

/**
 * Play `samples` engagements of the pair with the kernel and check every exact per-bound chance (each
 * end, and still fighting at the limit) lies in the sample's 99.9% Wilson interval.
 */
function checkAgainstKernel(
  rules: string,
  sides: Sides,
  bounds: number,
  more: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
  samples = 20_000,
): number {
  const { system, variant, input, model } = setup(rules, sides, more);
  const exact = model.boundsOdds!(input, variant, { bounds, options });
  const config = pairConfig(model.adapter, system, variant, input, { bounds, options });
  const rng = createRng(`bounds:${rules}:${JSON.stringify(sides)}`, 0);
  const counts = new Map<string, number>();
  for (let i = 0; i < samples; i++) {
    let last: CombatEvent | undefined;
    const r = fightEngagement(config, model.adapter, () => rng.die(6), {
      first: config.first === 'b' ? 'b' : 'a',
      trace: (e) => {
        last = e;
      },
    });
    const end = endOf(r, last, bounds);
    const key = end === 'fighting' ? end : `${r.bounds}:${end}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const z = agreementZ(1); // 99.9% two-sided
  let checked = 0;
  for (const row of exact.perBound)
    for (const e of exact.ends) {
      const n = counts.get(`${row.bound}:${e.id}`) ?? 0;
      expect(agrees(n, samples, row.ended[e.id]!.p, z), `bound ${row.bound} ${e.id}: ${n}/${samples}`).toBe(
        true,
      );
      if (row.ended[e.id]!.p > 0) checked++;
    }
  const still = counts.get('fighting') ?? 0;
  expect(agrees(still, samples, exact.cumulative.at(-1)!.fighting.p, z)).toBe(true);
  // Nothing sampled that the chain calls impossible.
  for (const [key, n] of counts) {
    if (key === 'fighting') continue;
    const [bound, id] = key.split(':');
    expect(exact.perBound[Number(bound) - 1]!.ended[id!]!.p > 0, `${key} sampled ${n} times`).toBe(true);
  }
  return checked;
}

describe('the exact chain agrees with the Monte Carlo engagement kernel on the same fight', () => {
  it('DBM 3.2 Reg Bd(O) against Irr Kn(S), 4 bounds, A first', () => {
    expect(
      checkAgainstKernel('dbm-3.2', { a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }, 4),
    ).toBeGreaterThan(4);
  });

  it('DBM 3.2 Reg Sp(O) two deep against Irr Wb(S), 4 bounds, B first', () => {
    expect(
      checkAgainstKernel(
        'dbm-3.2',
        { a: { element: 'Reg Sp(O)', rear: ['Reg Sp(O)'] }, b: { element: 'Irr Wb(S)' } },
        4,
        { bound: 'b' },
      ),
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
      checkAgainstKernel('dba-3.0', { a: { element: '4Pk', behind: '4Pk' }, b: { element: '4Wb' } }, 5),
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
      ),
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
    (input: Record<string, unknown>, options: Record<string, unknown> = {}, bounds = 3) =>
    () =>
      model.boundsOdds!({ rules: 'dbm-3.2', mode: 'close', ...input }, variant, { bounds, options });

  it('circumstances the model makes itself or does not have, naming the field', () => {
    expect(ask({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)', overlaps: 1 } })).toThrow(
      /b\.overlaps/,
    );
  });

  it('shooting, a bad option, a bad number of bounds', () => {
    expect(
      ask({ mode: 'shooting', a: { element: 'Reg Bw(O)' }, b: { element: 'Irr Kn(S)' }, shooters: 'a' }),
    ).toThrow(/shooters|close combat/);
    expect(ask({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }, { pursuit: 'yes' })).toThrow(
      /options/,
    );
    expect(ask({ a: { element: 'Reg Bd(O)' }, b: { element: 'Irr Kn(S)' } }, {}, 0)).toThrow(/bounds/);
  });
});
