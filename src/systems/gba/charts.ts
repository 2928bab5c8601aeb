/**
 * The GBA player-aid charts as data (GBA 5e 9.5): Shock CRT, Clash of Spears, Shock Superiority, Missile
 * Range and Results, Rally Table, and the known part of the Leader Casualty Chart. The numbers are in
 * charts.json with their provenance and suspicious cells; `loadGbaCharts` turns any such object (the
 * default, or a user's own card) into typed lookup tables. Pure: no file access here.
 */
import { z } from 'zod';
import { InputError } from '../../core/errors.ts';
import { parseWith } from '../../core/schema-issues.ts';
import DEFAULT_CHARTS_JSON from './charts.json' with { type: 'json' };
import type { MissileClass, UnitProfile, UnitType } from './units.ts';

export type Facing = 'front' | 'flank' | 'rear';
export const FACINGS: readonly Facing[] = ['front', 'flank', 'rear'];

/** Weapon-system superiority on the Shock Superiority Chart. */
export type Superiority = 'AS' | 'DS' | 'none';

/** One Shock CRT cell: attacker hits, defender hits. */
export interface CrtCell {
  readonly attacker: number;
  readonly defender: number;
}

/** Row keys of the Clash of Spears chart (defender) and column keys (attacker). */
export type ClashDefenderKey = 'PH' | 'HI' | 'MI' | 'LI' | 'SK' | 'HC' | 'LN' | 'LC' | 'EL' | 'CH';
export type ClashAttackerKey = 'PH' | 'HI' | 'MI' | 'LI' | 'SK*' | 'HC' | 'LN' | 'LC' | 'EL' | 'CH';
export type SupDefenderKey = 'PH' | 'HI' | 'MI' | 'LI' | 'LP' | 'SK' | 'HC' | 'LN' | 'LC' | 'EL' | 'CH';
export type SupAttackerKey = 'PH' | 'HI' | 'MI' | 'LI' | 'LP' | 'SK*' | 'HC' | 'LN' | 'LC' | 'EL' | 'CH';

const CLASH_DEF: readonly ClashDefenderKey[] = ['PH', 'HI', 'MI', 'LI', 'SK', 'HC', 'LN', 'LC', 'EL', 'CH'];
const CLASH_ATT: readonly ClashAttackerKey[] = ['PH', 'HI', 'MI', 'LI', 'SK*', 'HC', 'LN', 'LC', 'EL', 'CH'];
const SUP_DEF: readonly SupDefenderKey[] = ['PH', 'HI', 'MI', 'LI', 'LP', 'SK', 'HC', 'LN', 'LC', 'EL', 'CH'];
const SUP_ATT: readonly SupAttackerKey[] = [
  'PH',
  'HI',
  'MI',
  'LI',
  'LP',
  'SK*',
  'HC',
  'LN',
  'LC',
  'EL',
  'CH',
];

/** A Superiority Chart cell; 'DSp' is DS unless the defender is J class and Missile No (9.16 step 1B). */
export type SupCell = 'AS' | 'DS' | 'DSp' | '-';

export type PersonalCombatResult = 'wounded' | 'killed' | 'finished' | 'none';

export interface GbaCharts {
  readonly id: string;
  readonly suspicious: readonly { chart: string; cell: string; value: string; why: string }[];
  /** [dr 0-9][column 1-13 at index 0-12]. */
  readonly shockCrt: readonly (readonly CrtCell[])[];
  readonly clash: Readonly<
    Record<Facing, Readonly<Record<ClashDefenderKey, Readonly<Record<ClashAttackerKey, number>>>>>
  >;
  readonly superiority: Readonly<Record<SupDefenderKey, Readonly<Record<SupAttackerKey, SupCell>>>>;
  /** Strength by range (index 0 = range 1). */
  readonly missile: Readonly<Record<MissileClass, readonly number[]>>;
  readonly rally: { readonly tqUpTo5: readonly number[]; readonly tq6Plus: readonly number[] };
  readonly personalCombat: readonly { min: number; max: number; result: PersonalCombatResult }[];
}

const cellRe = /^(\d+)\((\d+)\)$/;
const column = z.array(z.number().int().min(0).max(13));
const clashSection = z.record(z.string(), column);
const schema = z.object({
  id: z.string(),
  suspicious: z
    .array(z.object({ chart: z.string(), cell: z.string(), value: z.string(), why: z.string() }))
    .default([]),
  shockCrt: z.object({
    rows: z
      .array(
        z
          .string()
          .transform((s) => s.trim().split(/\s+/))
          .pipe(z.array(z.string().regex(cellRe, 'a cell is written hits(hits), e.g. 3(2)')).length(13)),
      )
      .length(10),
  }),
  clashOfSpears: z.object({
    attackers: z.array(z.string()),
    front: clashSection,
    flank: clashSection,
    rear: clashSection,
  }),
  superiority: z.object({
    attackers: z.array(z.string()),
    rows: z.record(z.string(), z.array(z.enum(['AS', 'DS', 'DSp', '-']))),
  }),
  missile: z.object({ strength: z.record(z.string(), z.array(z.number().int().min(0).max(10)).min(1)) }),
  rally: z.object({
    tqUpTo5: z.array(z.number().int().min(0)).length(10),
    tq6Plus: z.array(z.number().int().min(0)).length(10),
  }),
  leaderCasualty: z.object({
    personalCombat: z.array(
      z.object({
        min: z.number().int(),
        max: z.number().int(),
        result: z.enum(['wounded', 'killed', 'finished', 'none']),
      }),
    ),
  }),
});

function fail(path: string, message: string): never {
  throw new InputError(message, { path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
}

function grid<R extends string, C extends string, V>(
  path: string,
  rows: Record<string, readonly V[]>,
  rowKeys: readonly R[],
  header: readonly string[],
  colKeys: readonly C[],
): Record<R, Record<C, V>> {
  const out = {} as Record<R, Record<C, V>>;
  for (const r of rowKeys) {
    const row = rows[r];
    if (!row) fail(`${path}.${r}`, 'row missing');
    if (row.length !== header.length) fail(`${path}.${r}`, `expected ${header.length} cells`);
    const cells = {} as Record<C, V>;
    for (const c of colKeys) {
      const i = header.indexOf(c);
      if (i < 0) fail(`${path}.attackers`, `column ${c} missing`);
      cells[c] = row[i] as V;
    }
    out[r] = cells;
  }
  return out;
}

/**
 * Validates a chart object (the shape of charts.json) and returns lookup tables. Throws InputError with
 * the path of the bad field within the chart file; the message never quotes a value of the file (a path
 * given as charts may name any file: /etc/passwd is "expected object, found text").
 */
export function loadGbaCharts(input: unknown): GbaCharts {
  const c = parseWith(schema, input, [], { quote: false });
  const shockCrt = c.shockCrt.rows.map((row) =>
    row.map((cell) => {
      const m = cellRe.exec(cell) as RegExpExecArray;
      return { attacker: Number(m[1]), defender: Number(m[2]) };
    }),
  );
  const cs = c.clashOfSpears;
  const clash = {
    front: grid('clashOfSpears.front', cs.front, CLASH_DEF, cs.attackers, CLASH_ATT),
    flank: grid('clashOfSpears.flank', cs.flank, CLASH_DEF, cs.attackers, CLASH_ATT),
    rear: grid('clashOfSpears.rear', cs.rear, CLASH_DEF, cs.attackers, CLASH_ATT),
  };
  const superiority = grid('superiority.rows', c.superiority.rows, SUP_DEF, c.superiority.attackers, SUP_ATT);
  const missile = {} as Record<MissileClass, number[]>;
  for (const m of ['A', 'MA', 'S', 'J', 'MJ', 'ES', 'B'] as const) {
    const s = c.missile.strength[m];
    if (!s) fail(`missile.strength.${m}`, 'missile class missing');
    missile[m] = s;
  }
  return {
    id: c.id,
    suspicious: c.suspicious,
    shockCrt,
    clash,
    superiority,
    missile,
    rally: c.rally,
    personalCombat: c.leaderCasualty.personalCombat,
  };
}

/** The project's default charts (GBOHC recovery, see charts.json provenance). */
export const DEFAULT_GBA_CHARTS: GbaCharts = loadGbaCharts(DEFAULT_CHARTS_JSON);

/** The raw default chart object, for a caller who wants to copy and edit it. */
export const DEFAULT_GBA_CHARTS_DATA: unknown = DEFAULT_CHARTS_JSON;

// ---- lookups -------------------------------------------------------------------------------------

/** Clash of Spears row for a defender: LP and AT use the LI row, SK* the SK row (charts.json caveats). */
function clashDefenderKey(t: UnitType): ClashDefenderKey {
  if (t === 'LP' || t === 'AT') return 'LI';
  if (t === 'SK*') return 'SK';
  return t;
}

/** Clash of Spears column for an attacker: LP uses LI; a plain SK (only ever vs chariots) uses SK*. */
function clashAttackerKey(t: UnitType): ClashAttackerKey {
  if (t === 'LP') return 'LI';
  if (t === 'SK') return 'SK*';
  if (t === 'AT') throw new Error('artillery never shock attacks (7.33)');
  return t;
}

function supDefenderKey(t: UnitType): SupDefenderKey {
  if (t === 'AT') return 'LI';
  if (t === 'SK*') return 'SK';
  return t;
}

function supAttackerKey(t: UnitType): SupAttackerKey {
  if (t === 'SK') return 'SK*';
  if (t === 'AT') throw new Error('artillery never shock attacks (7.33)');
  return t;
}

/** 9.15: base Shock CRT column (0 = the chart gives no column). */
export function baseColumn(
  charts: GbaCharts,
  attacker: UnitType,
  defender: UnitType,
  facing: Facing,
): number {
  return charts.clash[facing][clashDefenderKey(defender)][clashAttackerKey(attacker)];
}

/**
 * 9.16 step 1B: weapon-system superiority read down the attacker's column (9.52). A 'DSp' cell is DS
 * unless the defender is J class and Missile No.
 */
export function weaponSuperiority(
  charts: GbaCharts,
  attacker: UnitType,
  defender: UnitProfile & { readonly supply: 'full' | 'low' | 'no' },
): Superiority {
  const cell = charts.superiority[supDefenderKey(defender.type)][supAttackerKey(attacker)];
  if (cell === 'AS' || cell === 'DS') return cell;
  if (cell === 'DSp') return defender.missile === 'J' && defender.supply === 'no' ? 'none' : 'DS';
  return 'none';
}

/** Shock CRT lookup; column clamped to 1-13 and DR to 0-9 (9.54). */
export function crtCell(charts: GbaCharts, column: number, dr: number): CrtCell {
  const col = Math.min(13, Math.max(1, column));
  const row = Math.min(9, Math.max(0, dr));
  return (charts.shockCrt[row] as readonly CrtCell[])[col - 1] as CrtCell;
}

/** Missile strength at a range, or undefined beyond the chart's range (9.51). */
export function missileStrength(charts: GbaCharts, m: MissileClass, range: number): number | undefined {
  return charts.missile[m][range - 1];
}

export const maxMissileRange = (charts: GbaCharts, m: MissileClass): number => charts.missile[m].length;
