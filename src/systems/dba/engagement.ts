/**
 * DBA 3.0 under the battle-line kernel (src/engine/lines). Every combat is one DBA close combat resolved by
 * the DBA rules (resolve.ts). The file's second rank is its rear support (DBA 3.0 Rear support factors);
 * in-line neighbours give flank support (Flank support factors); any enemy but Psiloi overlaps (Combat to
 * both front and flank, or when overlapped); a winner that must pursue keeps contact (Pursuing); a
 * recoiling elephant destroys the friend behind it (Recoiling); with option flankAttacks, files beyond the
 * enemy's line take it in flank and recoil with their friend in front (Combat outcome); the break rule is
 * 4 elements lost and more than the enemy (DBA 3.0 Winning and losing), or, in a big battle (`bigBattle`),
 * command demoralisation and the army's defeat (DBA 3.0 Big battles).
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import {
  packTable,
  type ArmyState,
  type FileConfig,
  type LineAdapter,
  type LineConfig,
  type LinesConfig,
  type RankConfig,
  type SideResult,
} from '../../engine/lines/index.ts';
import {
  dbaArmyDefeated,
  dbaBigBattleLossValues,
  dbaCommandDemoralised,
  dbaTroopElement,
  DBA_BIG_BATTLE,
  DBA_BIG_BATTLE_MEASURES,
} from './big-battle.ts';
import { dbaPursuit } from './pursuit.ts';
import { compileDba, resolveDbaRoll } from './resolve.ts';
import { DBA_GOINGS, dbaSide, dbaSituation, supporter, type DbaGoing, type DbaSide } from './situation.ts';
import { givesFlankSupport } from './support.ts';
import type { DbaElement } from './troops.ts';
import { dbaDefeated, dbaElementLossValue, DBA_UNCOUNTED_LOSSES } from './victory.ts';
import { goingFor } from './view.ts';

/** The parts of a DbaSide fixed by a file's state (everything but overlaps and flank friends). */
type DbaTemplate = Omit<DbaSide, 'overlaps' | 'flankFriends'>;

/** DBA 3.0 Playing the game: each player throws one ordinary six-sided die. */
const DICE = [
  { label: 'A die', sides: 6 },
  { label: 'B die', sides: 6 },
] as const;

/**
 * A DBA rank's loss values (DBA 3.0 Winning and losing): SCh, Hd, CF and Dz count 0, others 1, and the
 * side's first double element lost counts 2 (the extra 1 as `firstLossBonus`). No costs: DBA has no points.
 */
function dbaRankValues(
  element: DbaElement,
  general = false,
): { ap: number; ee: number; firstLossBonus?: number; extra?: { general: true } } {
  const counted = !DBA_UNCOUNTED_LOSSES.includes(element.type);
  const ee = dbaElementLossValue(element, { general, doubleAlreadyLost: true });
  const first = dbaElementLossValue(element, { general }) - ee;
  return {
    ap: 0,
    ee,
    ...(counted && first > 0 ? { firstLossBonus: first } : {}),
    ...(general ? { extra: { general: true as const } } : {}),
  };
}

const isGeneral = (r: RankConfig): boolean => r.extra?.general === true;

/** A big battle's side (DBA 3.0 Big battles): files per command from the left, and the C-in-C's command. */
const bigBattleSide = z
  .object({
    commands: z
      .array(z.number().int().min(1))
      .min(1)
      .max(12)
      .describe('Files of each command, left to right; they add up to the line’s files'),
    cInC: z.number().int().min(0).default(0).describe("The C-in-C's command, counted from 0 at the left"),
  })
  .strict();

const bigBattleSchema = z
  .object({
    a: bigBattleSide.optional().describe("A's commands; default one command of all its files"),
    b: bigBattleSide.optional().describe("B's commands; default one command of all its files"),
  })
  .strict()
  .describe('Big battle DBA: lines divided into commands (docs/engagement-model.md "DBA 3.0")');

type BigBattleSide = z.output<typeof bigBattleSide>;

/**
 * A line of a big battle (DBA 3.0 Big battles): its commands, its ranks' loss counts (big-battle.ts), and
 * the C-in-C's +1 on the general's element of the C-in-C's command, if that element is in the line.
 */
function bigBattleLine(
  line: LineConfig<DbaElement>,
  side: BigBattleSide,
  id: 'a' | 'b',
): LineConfig<DbaElement> {
  const at = ['bigBattle', id];
  const total = side.commands.reduce((t, n) => t + n, 0);
  if (total !== line.files.length)
    throw new InputError(
      `the commands have ${total} files between them, but line ${id.toUpperCase()} has ${line.files.length}`,
      { path: [...at, 'commands'] },
    );
  if (side.cInC >= side.commands.length)
    throw new InputError(`there is no command ${side.cInC} (commands are counted from 0)`, {
      path: [...at, 'cInC'],
    });
  const files: FileConfig<DbaElement>[] = [];
  let i = 0;
  side.commands.forEach((n, cmd) => {
    const own = line.files.slice(i, i + n);
    i += n;
    const generals = own.flatMap((f) => f.ranks.filter(isGeneral)).length;
    if (generals > 1)
      throw new InputError(`command ${cmd} has ${generals} generals' elements; a command has one general`, {
        path: [...at, 'commands', cmd],
      });
    for (const f of own)
      files.push({
        ...f,
        ranks: f.ranks.map((r) => {
          const losses = dbaBigBattleLossValues(r.element, isGeneral(r));
          const bonus = cmd === side.cInC && isGeneral(r) ? { scoreBonus: DBA_BIG_BATTLE.cInCPlusOne } : {};
          return { ...r, ee: losses[2], losses, reference: dbaTroopElement(r.element), ...bonus };
        }),
      });
  });
  return { ...line, files, commands: { files: side.commands, cInC: side.cInC } };
}

const armyState = (s: ArmyState) => ({
  lost: s.lost[DBA_BIG_BATTLE_MEASURES.indexOf('army')]!,
  lostThisBound: s.lostThisBound[DBA_BIG_BATTLE_MEASURES.indexOf('army')]!,
  original: s.original,
  cInCDemoralised: s.cInCDemoralised,
});

/**
 * DBA 3.0 Pursuing: a winner whose opponent recoiled, fled or was destroyed follows up by the distance the
 * rule gives; any pursuit keeps it in contact with what is left of the file (a recoil is one base depth).
 * Pursuit is stopped by bad going (reading: either line's going, docs/engagement-model.md "DBA 3.0").
 */
function pursuitOf(winner: DbaTemplate, loser: DbaTemplate): SideResult['pursuit'] {
  const blocked =
    goingFor(winner.element, winner.going) === 'bad' || goingFor(winner.element, loser.going) === 'bad';
  return dbaPursuit(winner.element, loser.element, { blocked }) === 0 ? 'no' : 'must';
}

export const dbaLineAdapter: LineAdapter<DbaElement, DbaTemplate, null> = {
  dice: DICE,
  resolveVariant: () => null,
  template: ({ config }, line, file, head, going) => {
    const ranks = config[line].files[file]!.ranks;
    const front = ranks[head];
    if (!front) throw new Error(`file has no rank ${head}`);
    const behind = ranks[head + 1];
    const g = going as DbaGoing;
    // DBA 3.0 Rear support factors: the element lined up directly behind, facing the same way (also the
    // friend a recoil meets: Recoiling).
    const {
      overlaps: _o,
      flankFriends: _f,
      ...rest
    } = dbaSide(front.element, {
      going: g,
      general: isGeneral(front),
      behind: behind ? supporter(behind.element, g) : null,
    });
    return rest;
  },
  // DBA 3.0: any enemy element except Psiloi overlaps.
  overlapCounts: (o) => o.element.type !== 'Ps',
  // Flank value: 0, or 1 + the template id of an in-line neighbour giving flank support (left first).
  flankRange: (templates) => templates.length + 1,
  flankValue: (templates, self, left, right) => {
    const el = templates[self]!.element;
    for (const n of [left, right])
      if (n !== undefined && givesFlankSupport(el, templates[n]!.element)) return n + 1;
    return 0;
  },
  // DBA 3.0 Fleeing: only the element that flees; those behind it stay.
  fleesWithFront: () => false,
  table: (_ctx, s, t) => {
    const friend = (all: readonly DbaTemplate[], v: number, going: DbaGoing) =>
      v === 0 ? [] : [supporter(all[v - 1]!.element, going)];
    const situation = dbaSituation(
      {
        ...s.a,
        overlaps: s.overlapsA,
        flankFriends: friend(t.a, s.flankA, s.a.going),
        flankContacts: s.flankContactsA,
        demoralised: s.shakenA,
        cInCPlusOne: s.bonusA > 0,
      },
      {
        ...s.b,
        overlaps: s.overlapsB,
        flankFriends: friend(t.b, s.flankB, s.b.going),
        flankContacts: s.flankContactsB,
        demoralised: s.shakenB,
        cInCPlusOne: s.bonusB > 0,
      },
      { bound: s.bound, mode: 'close' },
    );
    const compiled = compileDba(situation);
    return packTable(DICE, (d) => {
      const r = resolveDbaRoll(compiled, d[0]!, d[1]!);
      const side = (own: typeof r.a, opp: typeof r.b, self: DbaTemplate, other: DbaTemplate): SideResult => ({
        outcome: own.outcome,
        // DBA 3.0 Recoiling: a recoiling elephant destroys the friend behind it.
        rearLost: own.destroysBehind ? 1 : 0,
        pursuit: own.outcome === 'none' && opp.outcome !== 'none' ? pursuitOf(self, other) : 'no',
      });
      return { a: side(r.a, r.b, s.a, s.b), b: side(r.b, r.a, s.b, s.a) };
    });
  },
  // DBA 3.0 Winning and losing: 4 elements lost and more than the enemy, at the end of a bound.
  breakRule: { kind: 'against-enemy', defeated: dbaDefeated },
  // DBA 3.0 Big battles: commands demoralised by their own losses; the army beaten by its losses or its
  // C-in-C's command's demoralisation, when it loses more than the enemy in the bound.
  commandRule: {
    measures: DBA_BIG_BATTLE_MEASURES.length,
    demoralised: dbaCommandDemoralised,
    defeated: (own, enemy) => dbaArmyDefeated(armyState(own), armyState(enemy)),
  },
  // DBA 3.0 Combat outcome: elements against an enemy flank recoil with the friend fighting its front.
  flankAttacks: true,
  rankFields: {
    general: z
      .boolean()
      .optional()
      .describe("The general's element (+1 in close combat; its loss counts 1 more)"),
  },
  blockFields: { bigBattle: bigBattleSchema.optional() },
  finish: (config: LinesConfig<DbaElement>, fields) => {
    const bb = fields.bigBattle as z.output<typeof bigBattleSchema> | undefined;
    if (!bb) return config;
    const side = (id: 'a' | 'b'): BigBattleSide => bb[id] ?? { commands: [config[id].files.length], cInC: 0 };
    return {
      ...config,
      a: bigBattleLine(config.a, side('a'), 'a'),
      b: bigBattleLine(config.b, side('b'), 'b'),
    };
  },
  goings: DBA_GOINGS,
  doubleBasing: false,
  points: false,
  rank: (_v, e, _i, _d, extra) => {
    const keys = Object.keys(extra).filter((k) => extra[k] !== undefined && k !== 'general');
    if (keys.length > 0)
      throw new InputError(`DBA 3.0 elements take no \`${keys[0]}\``, { path: [keys[0]!] });
    return dbaRankValues(e, extra.general === true);
  },
};
