/**
 * DBM versions as data (ARCHITECTURE.md "The system contract": versions are data).
 * 3.2 is the main rule book. 3.1 is 3.2 without the changes listed in the first part of the 3.2
 * amendments list. 3.0 restores the end-note wording of the rule book wherever a passage changed.
 * Each switch names the passage it controls and the end note that gives the 3.0 wording.
 */
import { COSTS_3_0, COSTS_3_2, type CostTable } from './costs.ts';

export const DBM_VERSION_IDS = ['dbm-3.0', 'dbm-3.1', 'dbm-3.2'] as const;
export type DbmVersionId = (typeof DBM_VERSION_IDS)[number];

export interface DbmRules {
  /** Kn(X) count as (I) in close combat against blades too (3.0, end note i). */
  readonly knXInferiorAgainstBlades: boolean;
  /** Bd(X): 3.0 = (F) blades that destroy knights scoring less in the blades' bound (end notes iv, lix);
   *  3.1+ = (S) against knights or Cm(S), (O) if double-based against others, else (F). */
  readonly bladesX: '3.0' | '3.1';
  /** Bowmen +3 when shooting at or shot at by bowmen (3.1+, end note xlvii). */
  readonly bowmenPlus3AgainstBowmenShooting: boolean;
  /** Cavalry keep rear support when shot at (3.1+, end note xlviii). */
  readonly cavalryRearSupportWhenShotAt: boolean;
  /** Cavalry and psiloi-supported troops: 3.0 rear support factors, 3.1+ mitigating factors (end notes xlix, liii, lviii). */
  readonly supportModel: 'factors' | 'mitigating';
  /** Spears and pikes get no rear support factor against elephants; supported ones recoil instead (3.1+, l, li, lii, lx, lxi). */
  readonly spearsPikesAgainstElephants: boolean;
  /** Pikes: 3.0 = +1 each for 2nd, 3rd, 4th rank; 3.1+ = +1 for 2nd, 3rd, and -1 to foot opponents for a 4th (li). */
  readonly pikeRanks: '3.0' | '3.1';
  /** Blades supported against knights: 3.0 = +1 factor; 3.1+ = recoil instead of destroyed (lii, lxii). */
  readonly bladesSupportAgainstKnights: 'factor' | 'outcome';
  /** Psiloi support for psiloi: 3.0 = 2nd rank Ps(O) for any psiloi; 3.1+ = Ps(S)/(O) by same or (O) (liii). */
  readonly psiloiSupport: '3.0' | '3.1';
  /** Warband (S)/(O) against mounted: 3rd and 4th ranks add +1 each (3.0, 3.1) or make them recoil (3.2).
   *  3.2 amendments, part 1: "Delete bullet concerning Wb(S) or (O)"; see docs/rulings.md. */
  readonly deepWarbandAgainstMounted: 'factor' | 'outcome';
  /** -2 for a demoralised command's element applies when shooting too (3.1+, liv). */
  readonly demoralisedWhenShooting: boolean;
  /** Warband in bad going: -2 (3.0) or -1 (3.1+) (lv). */
  readonly warbandBadGoing: -2 | -1;
  /** Hordes (I) also -2 in bad going or crossing a river (3.1+, lvi). */
  readonly hordesIBadGoing: boolean;
  /** Grading against (F): 3.0 = scored more, in own bound or shooting; 3.1+ = at least 2 more (lvii). */
  readonly gradingFast: '3.0' | '3.1';
  /** Hordes (I) destroyed on less in close combat and do not recoil (3.1+, lxiii). */
  readonly hordesIOutcome: boolean;
  /** Destroyed front element: 3.0 = every rear-support giver dies too; 3.1+ = only the rank within a base
   *  depth and supporting psiloi (lxiv). */
  readonly rearLosses: '3.0' | '3.1';
  /** Hordes (I) in front do not take rear ranks with them (3.1+, lxv). */
  readonly hordesISpareRear: boolean;
  /** Rear support by a different grade where the army list allows it (3.2 amendments, part 1). */
  readonly listGradeSupport: boolean;
  /** Irregular Ax(I) count half an element equivalent (3.1+, lxxiv). */
  readonly irregularAxIHalf: boolean;
  /** Baggage elements (p.10 Army Size): 3.0 = 2 per command (end note viii); 3.1+ = 6 for an army of
   *  400 AP or less, otherwise 8. */
  readonly baggage: 'per-command' | 'by-size';
  /** Competition score (p.25 Victory & Defeat): 1 VP moves between sides for commands a quarter down when
   *  no command is demoralised (3.1+; a new sentence, end note lxxvii). */
  readonly quarterLossesTransfer: boolean;
  /** The extra PIP of a later march in a bound (p.16, last +1): '3.0' = irregulars off a column on their
   *  3rd or later march (end note xxvi); '3.1' = any 4th march, or a 3rd with knights or irregulars off a
   *  column; '3.2' = also a 3rd with war wagons or elephants, or hordes or expendables in any formation
   *  (3.2 amendments, "Page 16 PLAYER INITIATIVE POINT DICING"). */
  readonly marchPips: '3.0' | '3.1' | '3.2';
}

export interface DbmVersion {
  readonly id: DbmVersionId;
  readonly name: string;
  readonly costs: CostTable;
  readonly rules: DbmRules;
}

const RULES_3_2: DbmRules = {
  knXInferiorAgainstBlades: false,
  bladesX: '3.1',
  bowmenPlus3AgainstBowmenShooting: true,
  cavalryRearSupportWhenShotAt: true,
  supportModel: 'mitigating',
  spearsPikesAgainstElephants: true,
  pikeRanks: '3.1',
  bladesSupportAgainstKnights: 'outcome',
  psiloiSupport: '3.1',
  deepWarbandAgainstMounted: 'outcome',
  demoralisedWhenShooting: true,
  warbandBadGoing: -1,
  hordesIBadGoing: true,
  gradingFast: '3.1',
  hordesIOutcome: true,
  rearLosses: '3.1',
  hordesISpareRear: true,
  listGradeSupport: true,
  irregularAxIHalf: true,
  baggage: 'by-size',
  quarterLossesTransfer: true,
  marchPips: '3.2',
};

/** 3.1: 3.2 without the 3.2 amendments (3.2 amendments, part 1): old costs, deep warband factor, no list
 *  grades, the 3.1 march PIPs. */
const RULES_3_1: DbmRules = {
  ...RULES_3_2,
  deepWarbandAgainstMounted: 'factor',
  listGradeSupport: false,
  marchPips: '3.1',
};

/** 3.0: every end-note wording restored. */
const RULES_3_0: DbmRules = {
  knXInferiorAgainstBlades: true,
  bladesX: '3.0',
  bowmenPlus3AgainstBowmenShooting: false,
  cavalryRearSupportWhenShotAt: false,
  supportModel: 'factors',
  spearsPikesAgainstElephants: false,
  pikeRanks: '3.0',
  bladesSupportAgainstKnights: 'factor',
  psiloiSupport: '3.0',
  deepWarbandAgainstMounted: 'factor',
  demoralisedWhenShooting: false,
  warbandBadGoing: -2,
  hordesIBadGoing: false,
  gradingFast: '3.0',
  hordesIOutcome: false,
  rearLosses: '3.0',
  hordesISpareRear: false,
  listGradeSupport: false,
  irregularAxIHalf: false,
  baggage: 'per-command',
  quarterLossesTransfer: false,
  marchPips: '3.0',
};

export const DBM_VERSIONS: Readonly<Record<DbmVersionId, DbmVersion>> = {
  'dbm-3.0': { id: 'dbm-3.0', name: 'DBM 3.0', costs: COSTS_3_0, rules: RULES_3_0 },
  'dbm-3.1': { id: 'dbm-3.1', name: 'DBM 3.1', costs: COSTS_3_0, rules: RULES_3_1 },
  'dbm-3.2': { id: 'dbm-3.2', name: 'DBM 3.2', costs: COSTS_3_2, rules: RULES_3_2 },
};

/** A version with some rules or costs replaced: how a house rule is expressed. */
export function deriveVersion(
  base: DbmVersion,
  changes: { name?: string; rules?: Partial<DbmRules>; costs?: CostTable },
): DbmVersion {
  return {
    id: base.id,
    name: changes.name ?? base.name,
    costs: changes.costs ?? base.costs,
    rules: { ...base.rules, ...changes.rules },
  };
}
