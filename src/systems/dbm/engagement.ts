/**
 * DBM (3.0, 3.1, 3.2) under the battle-line kernel (src/engine/lines): every combat is one DBM close
 * combat resolved by the DBM rules (resolve.ts); overlaps and flight follow DBM 3.2 pp.21, 24; the break
 * rule is the command's third of element equivalents (DBM 3.2 p.25 Demoralised Commands).
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import type { Variant } from '../../core/system.ts';
import type { Writable } from '../../core/writable.ts';
import {
  packResult,
  type CombatSignature,
  type CommandEnd,
  type CommandRule,
  type CommandsConfig,
  type LineAdapter,
  type LineId,
  type LinesConfig,
} from '../../engine/lines/index.ts';
import { demoralisedByLosses, panicsOnGeneralLoss } from './demoralisation.ts';
import { pipCostOf, traitsOf } from './pip-costs.ts';
import { pipDealer, type PipCommand } from './pips.ts';
import { competitionScore, type CommandResult } from './score.ts';
import { armyDefeatedBy } from './victory.ts';
import { elementCost } from './costs.ts';
import { mayCharge, moveDistance, shootingRange } from './distant.ts';
import { baseDepth, fleeMove, reachesAdjacentFlank } from './geometry.ts';
import { countsAsOverlapFor, elementEquivalents, fleesWithFront } from './equivalents.ts';
import { compile, summaryClass, summaryOfClass, type CompiledSituation } from './resolve.ts';
import {
  GOINGS,
  MISSILE_WEAPONS,
  bowOf,
  side,
  type DbmSide,
  type DbmSituation,
  type Going,
  type MissileWeapon,
  type RearRank,
} from './situation.ts';
import { isNaval, isTrain, type Element } from './troops.ts';
import { goingOf } from './view.ts';
import { versionOfSpec } from './variant.ts';
import type { DbmVersion, DbmVersionId } from './versions.ts';

/**
 * DBM 3.2 p.20 Distant Shooting: a second rank element of bowmen aids the shooting of the element in
 * front of it, or of the element that one aids, if both are bowmen with the same type of bow, of the same
 * grade (or the front is (X) and the rear (S) or (O) on the same base), and neither is in difficult going.
 * Bw(X) cannot shoot from a rear rank. The ranks of a file are of one command and in full contact.
 * More than two aiders have no extra effect.
 */
export function aidersOf(t: SideTemplate): number {
  if (t.element.type !== 'Bw' || goingOf(t) === 'difficult') return 0;
  let n = 0;
  let front = t.element;
  let frontBow = bowOf(t);
  for (const [i, k] of t.rear.slice(0, 2).entries()) {
    const e = k.element;
    if (e.type !== 'Bw' || e.grade === 'X' || bowOf(t, k) !== frontBow) break;
    const sameBase = i === 0 && t.doubleBased;
    const gradeOk =
      e.grade === front.grade || (front.grade === 'X' && sameBase && (e.grade === 'S' || e.grade === 'O'));
    if (!gradeOk) break;
    n++;
    front = e;
    frontBow = bowOf(t, k);
  }
  return n;
}

/** The parts of a DbmSide fixed by a file's state (everything but overlaps, contacts, moved). */
export type SideTemplate = Omit<DbmSide, 'overlaps' | 'movedIntoContact'>;

/** DBM 3.2 p.21 "Resolving distant shooting or close combat": each player dices for his element. */
const DICE = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
] as const;

/** packCompiled's table and its packed summaries by class: the same arrays each time (adapter.ts table). */
const TABLE = new Uint16Array(DICE[0].sides * DICE[1].sides);
const BY_CLASS = new Int32Array(16);

/**
 * The packed table (packTable's order and packing) of a compiled situation: each roll's resolveSummary,
 * found through its summaryClass, so a table resolves at most 16 summaries instead of 36. `pursuit`
 * false: distant shooting, which has none. The array is this module's own, overwritten by the next call.
 */
function packCompiled(c: CompiledSituation, pursuit: boolean): Uint16Array {
  const [dA, dB] = DICE;
  const byClass = BY_CLASS.fill(-1);
  const table = TABLE;
  for (let a = 1; a <= dA.sides; a++)
    for (let b = 1; b <= dB.sides; b++) {
      const k = summaryClass(c, a, b);
      let v = byClass[k]!;
      if (v < 0) {
        const r = summaryOfClass(c, k);
        v = byClass[k] = pursuit
          ? packResult(r.a, r.b)
          : packResult({ ...r.a, pursuit: 'no' }, { ...r.b, pursuit: 'no' });
      }
      // packTable's order: the last die fastest.
      table[(a - 1) * dB.sides + (b - 1)] = v;
    }
  return table;
}

/**
 * A template's side in a distant shooting with `aiders` elements aiding it (0-2), made once per template
 * and count (as sideIn: copied property by property, so copies of one shape share a hidden class).
 */
const shootingSides = new WeakMap<SideTemplate, (DbmSide | undefined)[]>();
function shootingSide(t: SideTemplate, aiders: number): DbmSide {
  let memo = shootingSides.get(t);
  if (!memo) shootingSides.set(t, (memo = []));
  return (memo[aiders] ??= Object.assign({}, t, { overlaps: 0, movedIntoContact: false, aiders }));
}

/**
 * A template's side in one combat (its overlaps, flank contacts, move into contact and demoralisation
 * added), each made once per template: a pair's tables are built for many signatures whose sides recur.
 */
const sidesOf = new WeakMap<SideTemplate, (DbmSide | undefined)[]>();
function sideIn(
  t: SideTemplate,
  overlaps: number,
  flankContacts: number,
  moved: boolean,
  shaken: boolean,
): DbmSide {
  // A front of a demoralised command (armies: DBM 3.2 p.21 Tactical Factors, -2 unless the general's).
  const demoralised = shaken || t.demoralised;
  let memo = sidesOf.get(t);
  if (!memo) sidesOf.set(t, (memo = []));
  const key = ((overlaps * 8 + flankContacts) * 2 + (moved ? 1 : 0)) * 2 + (demoralised ? 1 : 0);
  // Object.assign onto a fresh literal, not a spread: a spread at a site that sees templates of many
  // shapes gives each copy a hidden class of its own (tens of thousands in a study); property by
  // property, copies of templates of one shape share one. The same properties, in the same order.
  return (memo[key] ??= Object.assign({}, t, {
    overlaps,
    flankContacts,
    movedIntoContact: moved,
    demoralised,
  }));
}

function situationOf(rules: DbmVersionId, s: CombatSignature<SideTemplate>): DbmSituation {
  return {
    rules,
    mode: 'close',
    bound: s.bound,
    shooters: 'both',
    a: sideIn(s.a, s.overlapsA, s.flankContactsA, s.movedA, s.shakenA),
    b: sideIn(s.b, s.overlapsB, s.flankContactsB, s.movedB, s.shakenB),
  };
}

/**
 * The commands of a battle's end as the competition score reads them (a C-in-C's command is worth more
 * than 1 VP), kept per array of ends and filled in place: the kernel hands the same arrays each battle.
 */
const results = new WeakMap<readonly CommandEnd[], Writable<CommandResult>[]>();
function resultsOf(cs: readonly CommandEnd[]): readonly CommandResult[] {
  let out = results.get(cs);
  if (!out) results.set(cs, (out = []));
  while (out.length < cs.length) out.push({ role: 'sub-general', original: 0, lost: 0, demoralised: false });
  out.length = cs.length;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    const r = out[i]!;
    r.role = c.points > 1 ? 'c-in-c' : 'sub-general';
    r.original = c.original;
    r.lost = c.lost;
    r.demoralised = c.demoralised;
  }
  return out;
}

/** Each line's PIP dealer (pips.ts pipDealer), worked out once per line of a config. */
const dealers = new WeakMap<object, (dice: readonly number[]) => number[]>();

/** A command as DBM's PIP dicing sees it (pips.ts), from a line's commands (armies). */
function pipCommands(commands: CommandsConfig | undefined): PipCommand[] {
  const n = commands?.files.length ?? 0;
  return Array.from({ length: n }, (_, i) => ({
    regularGeneral: commands?.regular?.[i] === true,
    ally: commands?.roles?.[i] === 'ally',
  }));
}

/**
 * DBM 3.2 pp.16, 25 for battles of armies (docs/armies.md "Battles"): commands demoralised at a third of
 * their element equivalents at the end of any bound, or by the panic test after their general's loss;
 * their elements not in frontal contact flee in spontaneous retreat; the army defeated at half its
 * element equivalents, demoralised commands counting whole. Ranks carry their element equivalents as
 * their one loss count.
 */
const DBM_COMMANDS: CommandRule = {
  measures: 1,
  check: 'every-bound',
  demoralised: (lost, original) => demoralisedByLosses(original, lost[0]!),
  panics: (score, lost) => panicsOnGeneralLoss(score, lost[0]!),
  retreat: true,
  defeated: (own) => armyDefeatedBy(own.commandOriginal, own.commandLost, own.commandDemoralised),
};

/**
 * Cost of rank `index` of a file: the rear element of a double base costs less (DBM 3.2 p.10 "Adjust
 * for all grades if": double-based rear element, -2 regular, -1 irregular).
 */
function rankCost(version: DbmVersion, e: Element, index: number, doubleBased: boolean): number {
  return elementCost(version.costs, e, doubleBased && index === 1 ? ['doubleBaseRear'] : []);
}

/**
 * The side a file presents with the ranks `ranks` (indices into the file, front first) standing in
 * `going`: the front element and up to three ranks behind it.
 */
function templateOfRanks(
  config: LinesConfig<Element>,
  line: LineId,
  f: number,
  ranks: readonly number[],
  going: string,
): SideTemplate {
  const l = config[line];
  const file = l.files[f]!;
  const front = file.ranks[ranks[0]!];
  if (!front) throw new Error(`file has no rank ${ranks[0]}`);
  const rear: RearRank[] = ranks.slice(1, 4).map((i) => {
    const r = file.ranks[i]!;
    return {
      element: r.element,
      ...(r.extra?.weapon !== undefined ? { weapon: r.extra.weapon as MissileWeapon } : {}),
      ...(r.extra?.listPermitted !== undefined ? { listPermitted: r.extra.listPermitted as boolean } : {}),
    };
  });
  const {
    overlaps: _o,
    movedIntoContact: _m,
    ...rest
  } = side(front.element, {
    rear,
    // The double element exists only while its original front pair stands (or comes back together).
    doubleBased: file.doubleBased && ranks[0] === 0 && ranks[1] === 1,
    listGradeSupport: l.extra?.listGradeSupport === true,
    going: going as Going,
    camels: front.extra?.camels === true,
    general: front.extra?.general === true,
    chariots: front.extra?.chariots === true,
    ...(front.extra?.weapon !== undefined ? { weapon: front.extra.weapon as MissileWeapon } : {}),
  });
  return rest;
}

export const dbmLineAdapter: LineAdapter<Element, SideTemplate, DbmVersion> = {
  dice: DICE,
  resolveVariant: versionOfSpec,
  template: ({ config }, line, f, head, going) => {
    const n = config[line].files[f]!.ranks.length;
    return templateOfRanks(
      config,
      line,
      f,
      Array.from({ length: n - head }, (_, i) => head + i),
      going,
    );
  },
  // Ranks that fled together come back as a file of their own (model option flight).
  templateOf: ({ config }, line, f, ranks, going) => templateOfRanks(config, line, f, ranks, going),
  // DBM 3.2 p.21: who may count as an overlap.
  overlapCounts: (o, f) => countsAsOverlapFor(o.element, f.element),
  // DBM has no flank-friend factor in close combat.
  flankRange: () => 1,
  flankValue: () => 0,
  // DBM 3.2 p.24 Fleeing Elements: a skirmisher directly behind flees with it. A double element makes
  // its outcome moves as one element (p.9 Element Basing): its rear rank flees with the front.
  fleesWithFront: ({ config }, line, file, rank) => {
    const f = config[line].files[file]!;
    return (f.doubleBased && rank === 1) || fleesWithFront(f.ranks[rank]!.element);
  },
  table: ({ variant }, s) => packCompiled(compile(situationOf(variant.id, s), variant), true),
  // DBM 3.2 p.25 Demoralised Commands: a third of the command's original element equivalents.
  breakRule: { kind: 'fraction' },
  commandRule: DBM_COMMANDS,
  // DBM 3.2 p.16: each command's die, the C-in-C dealing the regular generals' scores (his own command
  // first, then in command order); the cost of each move the model makes (docs/armies.md).
  pips: {
    scores: ({ config }, line, rolls) => {
      const l = config[line];
      let deal = dealers.get(l);
      if (!deal) {
        const commands = l.commands;
        const cInC = commands?.cInC ?? 0;
        const n = rolls.length;
        deal = pipDealer(pipCommands(commands), {
          priority: [cInC, ...Array.from({ length: n }, (_, i) => i).filter((i) => i !== cInC)],
        });
        dealers.set(l, deal);
      }
      return deal(rolls);
    },
    traits: (_ctx, t) => traitsOf({ element: t.element, general: t.general }),
    cost: ({ variant, config }, move) => {
      const commands = config[move.line].commands;
      const cInC = (commands?.cInC ?? 0) === move.command;
      return pipCostOf(
        move.traits,
        move.single,
        {
          action: move.kind === 'halt' ? 'halt' : 'tactical',
          withCinC: cInC && move.withGeneral,
          generalDiscountUsed: move.discountUsed,
          general: move.generalLost ? 'lost' : move.generalEngaged ? 'in-contact' : 'free',
          // A flank contact wheels; renewing contact and taking a flank contact enemy.
          deviates: move.kind === 'flank',
          contactsEnemy: move.kind === 'renew' || move.kind === 'flank',
        },
        variant,
      ).pips;
    },
  },
  // DBM 3.2 p.25: the competition score (5 VP an army; quarter losses transfer from 3.1).
  score: {
    most: 10,
    score: ({ variant }, own, enemy) => competitionScore(resultsOf(own), resultsOf(enemy), variant).a,
  },
  // DBM 3.2 p.21 Close Combat, p.23 Recoiling Elements: the combat tables know flank contacts (a -1, and
  // a recoil or flight with an enemy on the flank is destroyed); the line model makes them by default.
  flankAttacks: true,
  flankContactsDefault: true,
  approach: {
    // DBM 3.2 p.19 Tactical and March Move Distances (off-road).
    move: (t) => moveDistance(t.element, t.going, false, t.camels),
    // DBM 3.2 p.20 Distant Shooting: artillery except 2-deep (X) shoots only in its own bound, and
    // artillery except (X) not after moving.
    range: (t, when) => {
      const e = t.element;
      if (e.type === 'Art' && e.grade !== 'X' && (!when.ownBound || when.moved)) return 0;
      if (e.type === 'Art' && e.grade === 'X' && !when.ownBound && t.rear[0]?.element.type !== 'Art')
        return 0;
      return shootingRange(e);
    },
    // DBM 3.2 p.18: bowmen do not contact mounted they can shoot at; train does not contact troops.
    mayCharge: (t, enemy) => mayCharge(t.element, enemy.element),
    // DBM 3.2 p.9 Element Basing (15 mm).
    baseDepth: (t) => baseDepth(t.element),
    // DBM 3.2 p.24 Fleeing Elements: 50p more than a full tactical move.
    flee: (t) => fleeMove(t.element, t.going, t.camels),
    // DBM 3.2 p.16 and p.19: a pivot onto the flank of the enemy beside it, with the +50p.
    flankReach: (t) => reachesAdjacentFlank(t.element, t.going, t.camels),
    // DBM 3.2 p.18: train may not contact enemy troops (war wagons (X) may); only the front of mounted is
    // closed to bowmen.
    mayContactFlank: (t) => !isTrain(t.element) || (t.element.type === 'WWg' && t.element.grade === 'X'),
    flankFromLevel: true,
    shoot: ({ variant }, s) => {
      // DBM 3.2 p.20: 2nd or 3rd elements aid the first's shooting (rear-rank bowmen and other files'
      // shooters at the same target); more have no extra effect.
      const compiled = compile(
        {
          rules: variant.id,
          mode: 'shooting',
          bound: s.bound,
          shooters: s.shooters,
          a: shootingSide(s.a, Math.min(2, aidersOf(s.a) + s.aidersA)),
          b: shootingSide(s.b, Math.min(2, aidersOf(s.b) + s.aidersB)),
        },
        variant,
      );
      return packCompiled(compiled, false);
    },
  },
  goings: GOINGS,
  rankFields: {
    weapon: z
      .enum(MISSILE_WEAPONS as [MissileWeapon, ...MissileWeapon[]])
      .optional()
      .describe(
        "Psiloi: their missile weapon; bowmen: their type of bow (default the file's front bowmen's)",
      ),
    camels: z.boolean().optional().describe('Rides camels (DBM 3.2 p.12; not baggage; camelry always do)'),
    listPermitted: z.boolean().optional().describe('The army list expressly permits this support'),
    general: z.boolean().optional().describe("The general's element (+1 in close combat: DBM 3.2 p.21)"),
  },
  lineFields: {
    listGradeSupport: z.boolean().optional().describe('3.2: the list allows rear support by another grade'),
  },
  doubleBasing: true,
  points: true,
  rank: (variant: Variant, e, index, doubleBased, extra) => {
    const version = versionOfSpec(variant.spec);
    if (extra.weapon !== undefined && e.type !== 'Ps' && e.type !== 'Bw')
      throw new InputError('only psiloi and bowmen carry a `weapon` here', { path: ['weapon'] });
    if (extra.camels === true && (e.type === 'Bg' || isNaval(e.type)))
      throw new InputError(
        e.type === 'Bg'
          ? 'baggage counts going as baggage, camels or not (DBM 3.2 p.12 Terrain Choosing)'
          : 'naval elements do not ride camels',
        { path: ['camels'] },
      );
    let ap: number;
    try {
      ap = rankCost(version, e, index, doubleBased);
    } catch (err) {
      throw new InputError((err as Error).message);
    }
    const keep = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
    return {
      ap,
      ee: elementEquivalents(e, version),
      ...(Object.keys(keep).length > 0 ? { extra: keep } : {}),
    };
  },
};
