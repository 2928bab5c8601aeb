/**
 * Harassment & Dispersal (GBA 5e 8.3): a light missile unit closes on its target, fires as if adjacent and
 * goes back without being caught, all without moving on the map. Who may (8.31), from how far (8.32), the
 * fire (8.33: range 1, a moving fire) and the target's Entry Reaction Fire at the same time (8.33, 8.21);
 * light cavalry against elephants (8.34).
 */
import { InputError } from '../../core/errors.ts';
import { DEFAULT_GBA_CHARTS, type GbaCharts } from './charts.ts';
import { compileFire, hasMissiles, supplyCanDrop, type CompiledFire } from './fire.ts';
import type { MachineEvent } from './machine.ts';
import type { GbaHarassmentSituation, GbaUnit } from './situation.ts';
import { isSkirmisher } from './units.ts';
import type { Volley, VolleyFire } from './volley.ts';

/** Hits a light cavalry unit takes before any fire when it harasses an elephant through a flank or rear hex (8.34). */
const LC_ELEPHANT_FLANK_HITS = 2;

interface CompiledHarassment {
  readonly s: GbaHarassmentSituation;
  readonly firer: GbaUnit;
  readonly target: GbaUnit;
  /** Hits the harassing unit carries when the fire starts (8.34 included). */
  readonly firerStart: number;
  /** Its fire; undefined when it routed before firing (8.34). */
  readonly fire?: CompiledFire | undefined;
  /** The Entry Reaction Fire of each of b's units that fires back, by its index in b.units. */
  readonly reactions: readonly { readonly index: number; readonly c: CompiledFire }[];
}

function refuse(path: (string | number)[], detail: string): never {
  throw new InputError(detail, { path });
}

/** May `u` fire back (8.21 Entry Reaction Fire)? Missiles left; artillery has its own rules (8.2, 11.8). */
const canReact = (u: GbaUnit): boolean => hasMissiles(u) && u.type !== 'AT';

/** The checks of 8.31, 8.32 and 8.34. Throws InputError with the field path. */
export function checkHarassment(s: GbaHarassmentSituation): void {
  if (s.a.units.length !== 1) refuse(['a', 'units'], 'Harassment & Dispersal is one unit at a time (8.31)');
  const f = s.a.units[0] as GbaUnit;
  const t = s.b.units[0];
  if (!t) return refuse(['b', 'units'], 'the target is b.units[0]');
  const lc = f.type === 'LC';
  if (!['SK', 'SK*', 'LI', 'LP', 'LC'].includes(f.type))
    refuse(
      ['a', 'units', 0, 'type'],
      `only SK, SK*, LI, LP and LC use Harassment & Dispersal, not ${f.type} (8.31)`,
    );
  if (!f.missile)
    refuse(['a', 'units', 0, 'missile'], 'Harassment & Dispersal needs a missile-armed unit (8.31)');
  if (f.supply === 'no') refuse(['a', 'units', 0, 'supply'], 'a Missile No unit cannot fire (8.17)');
  if ((f.type === 'SK' || f.type === 'SK*' || f.type === 'LI') && f.missile === 'A')
    refuse(
      ['a', 'units', 0, 'missile'],
      'skirmisher and light infantry archers cannot use Harassment & Dispersal (8.31)',
    );
  if (f.ma === undefined) refuse(['a', 'units', 0, 'ma'], 'give its Movement Allowance: 8.31 compares it');
  if (t.ma === undefined) refuse(['b', 'units', 0, 'ma'], 'give its Movement Allowance: 8.31 compares it');
  const fma = f.ma as number;
  const tma = t.ma as number;
  if (lc) {
    if (isSkirmisher(t.type))
      refuse(
        ['b', 'units', 0, 'type'],
        'light cavalry cannot use Harassment & Dispersal against skirmishers (8.31)',
      );
    const cataphracts = t.type === 'HC' && t.class === 'CAT';
    if (!cataphracts && tma >= fma)
      refuse(
        ['b', 'units', 0, 'ma'],
        `light cavalry harass only units with a lower Movement Allowance (${tma} is not below ${fma}, 8.31)`,
      );
    if (t.type === 'EL' && s.throughFront)
      refuse(['throughFront'], 'light cavalry may not harass an elephant through its front hex (8.34)');
  } else if (tma > fma)
    refuse(
      ['b', 'units', 0, 'ma'],
      `the target's Movement Allowance ${tma} is above the harasser's ${fma} (8.31)`,
    );
  const most = lc ? 4 : 2;
  if (s.range < 2 || s.range > most)
    refuse(
      ['range'],
      `Harassment & Dispersal is from ${lc ? '2 to 4 hexes' : '2 hexes'}, not adjacent (8.32)`,
    );
}

export function compileHarassment(
  s: GbaHarassmentSituation,
  charts: GbaCharts = DEFAULT_GBA_CHARTS,
): CompiledHarassment {
  checkHarassment(s);
  const firer = s.a.units[0] as GbaUnit;
  const target = s.b.units[0] as GbaUnit;
  const flankOnElephant = firer.type === 'LC' && target.type === 'EL' && !s.throughFront;
  const firerStart = firer.hits + (flankOnElephant ? LC_ELEPHANT_FLANK_HITS : 0);
  // 8.34: those hits come before any fire; a unit they rout fires nothing (10.26) and draws no fire.
  if (firerStart >= firer.tq) return { s, firer, target, firerStart, reactions: [] };
  // 8.33: fired as if at one hex, a moving fire (8.15 #4).
  const fire = compileFire(
    firer,
    target,
    {
      range: 1,
      downhill: false,
      targetInWoods: s.targetInWoods,
      throughFront: s.throughFront,
      firerMoved: true,
    },
    charts,
  );
  const reactions = s.reaction
    ? s.b.units.flatMap((u, index) =>
        canReact(u)
          ? [
              {
                index,
                // Entry Reaction Fire at one hex (8.21, 8.33) at a unit that is never PH/HI, from a unit
                // that does not move; the harasser is not in the target's hex, so no woods modifier.
                c: compileFire(
                  u,
                  firer,
                  { range: 1, downhill: false, targetInWoods: false, throughFront: true, firerMoved: false },
                  charts,
                ),
              },
            ]
          : [],
      )
    : [];
  return { s, firer, target, firerStart, fire, reactions };
}

const EVENT = { supplyA: 1, leaderB: 2, leaderA: 4 } as const;
const supplyBitB = (k: number): number => 8 << k;

/** The harassing fire and the reaction fires, all simultaneous (8.33). */
export function harassmentVolley(c: CompiledHarassment): Volley {
  const s = c.s;
  const events: MachineEvent[] = [];
  const fires: VolleyFire[] = [];
  const leaderB = s.b.leader !== undefined && c.fire !== undefined;
  const leaderA = s.a.leader !== undefined && c.reactions.length > 0;
  if (c.fire) {
    if (supplyCanDrop(c.fire))
      events.push(
        c.firer.supply === 'low'
          ? {
              bit: EVENT.supplyA,
              id: 'missile-no',
              label: 'A fires its last missiles: Missile No',
              rule: 'GBA 8.17',
            }
          : { bit: EVENT.supplyA, id: 'missile-low', label: 'A goes Missile Low', rule: 'GBA 8.17' },
      );
    fires.push({
      role: 'fire',
      describe: 'Harassment & Dispersal fire (8.33)',
      from: 'a',
      c: c.fire,
      needsStanding: false,
      ...(leaderB
        ? { leaderRole: 'leader:b', leaderDescribe: 'leader casualty check in the target hex (8.19)' }
        : {}),
      supplyBit: EVENT.supplyA,
    });
  }
  if (leaderB)
    events.push({
      bit: EVENT.leaderB,
      id: 'leader-casualty:b',
      label: "B's leader with the target is a casualty",
      rule: 'GBA 8.19',
    });
  for (const r of c.reactions) {
    const who = `b${r.index}`;
    if (supplyCanDrop(r.c))
      events.push({
        bit: supplyBitB(r.index),
        id: `${r.c.firer.supply === 'low' ? 'missile-no' : 'missile-low'}:${who}`,
        label: `B's unit ${r.index} ${r.c.firer.supply === 'low' ? 'fires its last missiles: Missile No' : 'goes Missile Low'}`,
        rule: 'GBA 8.17',
      });
    fires.push({
      role: `react:${who}`,
      describe: `Entry Reaction Fire by ${who} (8.21, 8.33)`,
      from: 'b',
      c: r.c,
      needsStanding: false,
      ...(leaderA
        ? {
            leaderRole: `leader:a@${who}`,
            leaderDescribe: `leader casualty check, A's hex, fire of ${who} (8.19)`,
          }
        : {}),
      supplyBit: supplyBitB(r.index),
    });
  }
  if (leaderA)
    events.push({
      bit: EVENT.leaderA,
      id: 'leader-casualty:a',
      label: "A's leader with the harassing unit is a casualty",
      rule: 'GBA 8.19',
    });
  return {
    units: [c.firer, c.target],
    start: [c.firerStart, c.target.hits],
    fires,
    events,
    leaderBits: [EVENT.leaderA, EVENT.leaderB],
  };
}
