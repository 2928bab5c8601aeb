/**
 * The army study's block and plan (docs/armies.md "The army study"): which armies, which versions, the
 * grid of battlefields, the battles per matchup, the groups of armies the headline speaks of, and the
 * substitutions that price an element inside an army. Planning reads and fits every army under every
 * version at every grid budget (each version's costs), and lists every matchup: every army against
 * every other and itself, both ways round; the kernel configs are built from it in design.ts.
 */
import { z } from 'zod';
import type { FittedArmy } from '../../core/army.ts';
import { fnv1a } from '../../core/canonical-key.ts';
import { InputError, InputErrors, type FieldPath } from '../../core/errors.ts';
import type { AnySystem, Catalogue, VariantSpec } from '../../core/system.ts';
import {
  approachField,
  boundLimitField,
  pointsAxis,
  TERRAIN_AXIS,
  terrainMixes,
  terrainNames,
  terrainsField,
  type TerrainMix,
} from '../axes.ts';
import type { StudyContext, StudyHeader } from '../kind.ts';
import { canonicalElement } from '../matrix/sweep.ts';

/** The army study's budget axis: the AP each army is fitted to. */
export const POINTS_AXIS = pointsAxis('points', [400, 500], 10_000);

/** Battles per matchup when neither the study nor the command line says. */
export const DEFAULT_BATTLES = 200;
/** DBM 3.2 p.10 Army Size: a competition game of about 400 AP lasts a few hours; 40 player bounds. */
const DEFAULT_BOUND_LIMIT = 40;
/** AP added to an army to measure what its fill troops are worth per AP (and one element's count). */
const DEFAULT_STEP = 40;
/** The folder of the bundled army files (relative to the tool's folder). */
export const BUNDLED_ARMIES = 'armies';

/**
 * The groups of armies the headline speaks of, by rule system (docs/armies.md "The army study"): an
 * army is in a group when the elements named make up at least `share` of its element equivalents
 * (generals included) in one of the study's fits.
 */
const DEFAULT_GROUPS: Readonly<Record<string, readonly GroupDef[]>> = {
  dbm: [
    // The 3.2 amendments' Explanatory Notes: "legionary-heavy Roman armies", "large numbers of Reg Bd".
    { id: 'legionary', name: 'legionary-heavy armies', elements: ['Reg Bd'], share: 0.25 },
    { id: 'reg-ax', name: 'armies with many Reg Ax', elements: ['Reg Ax'], share: 0.1 },
    { id: 'irr-bd-i', name: 'armies with Irr Bd(I)', elements: ['Irr Bd(I)'], share: 0.1 },
  ],
};

const groupSchema = z
  .object({
    name: z.string().min(1).max(100).describe('The group in words, e.g. "armies with many Reg Ax"'),
    elements: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(50)
      .describe('Elements counted: "Reg Bd" (any grade), "Irr Bd(I)", "Bd" (any regularity and grade)'),
    share: z
      .number()
      .gt(0)
      .max(1)
      .describe("Least share of the army's element equivalents those elements make up, e.g. 0.25"),
  })
  .strict();

export const armyFields = (system: AnySystem) =>
  z.object({
    armies: z
      .array(z.union([z.string().min(1).max(1000), z.record(z.string(), z.unknown())]))
      .min(1)
      .max(100)
      .optional()
      .describe(
        "Army files or folders of them (relative to the scenario's folder, else the tool's), or armies written inline (default: every file in armies/)",
      ),
    versions: z
      .array(z.enum(system.versions.map((v) => v.id) as [string, ...string[]]))
      .min(1)
      .max(10)
      .optional()
      .describe(
        `Versions compared, oldest first (default ${system.versions[0]!.id}, ${system.versions.at(-1)!.id}); changes are read from the first to the last`,
      ),
    grid: z
      .object({ points: POINTS_AXIS.schema, terrain: TERRAIN_AXIS.schema })
      .strict()
      .optional()
      .describe('The battlefields every matchup is fought on (default 400 and 500 AP, open and mixed)'),
    terrains: terrainsField,
    battles: z
      .number()
      .int()
      .min(2)
      .max(1_000_000)
      .optional()
      .describe(`Battles per matchup and battlefield (default ${DEFAULT_BATTLES})`),
    boundLimit: boundLimitField(`Player bounds before a battle is called (default ${DEFAULT_BOUND_LIMIT})`),
    sides: z
      .enum(['both', 'once'])
      .optional()
      .describe(
        'both (default): each pair fought both ways round, half the battles each way; once: one way round. The first bound alternates battle by battle either way',
      ),
    approach: approachField('armies'),
    groups: z
      .array(groupSchema)
      .max(20)
      .optional()
      .describe(
        'The groups of armies the headline speaks of (default: legionary-heavy, many Reg Ax, Irr Bd(I))',
      ),
    substitution: z
      .union([
        z.literal(false),
        z
          .object({
            elements: z
              .union([z.literal('changed'), z.array(z.string().min(1).max(100)).min(1).max(100)])
              .optional()
              .describe(
                'Elements priced inside the armies that field them (default "changed": every element whose cost the versions change)',
              ),
            versions: z
              .array(z.enum(system.versions.map((v) => v.id) as [string, ...string[]]))
              .min(1)
              .max(10)
              .optional()
              .describe("Versions they are priced under (default the study's newest)"),
            step: z
              .number()
              .positive()
              .max(1000)
              .optional()
              .describe(
                `AP added: as that many elements (at least one) or as fill troops (default ${DEFAULT_STEP})`,
              ),
            battles: z
              .number()
              .int()
              .min(2)
              .max(1_000_000)
              .optional()
              .describe("Battles per matchup (default the study's)"),
          })
          .strict(),
      ])
      .optional()
      .describe('What an element is worth inside an army, by substitution (false: not measured)'),
  });

export type ArmyBlock = z.output<ReturnType<typeof armyFields>>;

export interface GroupDef {
  readonly id: string;
  readonly name: string;
  readonly elements: readonly string[];
  readonly share: number;
}

export interface GridPoint {
  /** "400 AP, open". */
  readonly id: string;
  readonly points: number;
  readonly terrain: string;
}

/** One army of the study. */
export interface ArmyRecord {
  /** Its file's name without the extension (or its name, for an army written inline). */
  readonly id: string;
  readonly name: string;
  readonly list: string;
  /** The file as the study names it, or "inline". */
  readonly source: string;
  /** Per version, per grid budget (POINTS order): the army fitted. */
  readonly fits: readonly (readonly FittedArmy[])[];
}

/**
 * An army changed to price an element inside it (docs/armies.md "The army study"): `count` more of
 * `element` (added to its largest group of that element), or, with `element` null, fitted to the
 * budget plus the step (more of its fill troops).
 */
export interface Substitute {
  readonly army: number;
  readonly element: string | null;
  /** The element is one of the army's fill groups (then the two measures share their troops). */
  readonly isFill: boolean;
  /** Per version (index into the plan's versions; null where not priced), per grid budget. */
  readonly fits: readonly (readonly SubstituteFit[] | null)[];
}

export interface SubstituteFit {
  readonly army: FittedArmy;
  /** Elements added (fill: 0). */
  readonly count: number;
  /** AP added. */
  readonly ap: number;
  /** AP of one element added (its book cost with its options; fill: 0). */
  readonly cost: number;
}

/** Which army (and which substitute of it) stands on a side of a matchup. */
export interface MatchupSide {
  readonly army: number;
  /** Index into the plan's substitutes, when the army is changed. */
  readonly substitute?: number;
}

/** One job: a pair of armies on one battlefield under one version. */
export interface Matchup {
  readonly id: string;
  readonly version: number;
  readonly grid: number;
  readonly a: MatchupSide;
  readonly b: MatchupSide;
  readonly battles: number;
}

export interface ArmyPlan {
  readonly name: string;
  readonly title: string;
  readonly about: string;
  readonly seed: string;
  readonly system: { readonly id: string; readonly source: string };
  readonly spec: VariantSpec;
  readonly versions: readonly { readonly id: string; readonly name: string }[];
  /** The grid's budgets (POINTS order) and every battlefield. */
  readonly points: readonly number[];
  readonly grid: readonly GridPoint[];
  readonly terrains: Readonly<Record<string, TerrainMix>>;
  readonly armies: readonly ArmyRecord[];
  readonly groups: readonly GroupDef[];
  readonly battles: number;
  readonly boundLimit: number;
  readonly sides: 'both' | 'once';
  readonly approach: { readonly distance: number; readonly shooters: 'halt' | 'advance' };
  readonly substitution: {
    readonly versions: readonly number[];
    readonly step: number;
    readonly battles: number;
    /** The elements priced, and those no army fields. */
    readonly elements: readonly string[];
    readonly unfielded: readonly string[];
    /** Per version (the plan's order): the book cost of one of each element priced, under it. */
    readonly costs: readonly Readonly<Record<string, number>>[];
    readonly substitutes: readonly Substitute[];
  } | null;
  readonly matchups: readonly Matchup[];
}

/** 32-bit FNV-1a of a text, as 8 hex digits (a job's id names the armies' content, so merge can tell). */
export function digest(text: string): string {
  return fnv1a(text).toString(16).padStart(8, '0');
}

/** Does canonical notation `element` fall under a group's `spec` ("Reg Bd", "Irr Bd(I)", "Bd")? */
export function elementMatches(spec: string, element: string): boolean {
  const s = spec.trim();
  if (s.includes('(')) return s === element;
  const words = element.replace(/\(.*\)$/, '').split(/\s+/);
  return s.split(/\s+/).every((w) => words.includes(w));
}

/** The share of an army's element equivalents (generals included) its elements matching `specs` make up. */
export function shareOf(army: FittedArmy, specs: readonly string[]): number {
  const hit = (e: string) => specs.some((s) => elementMatches(s, e));
  let ee = 0;
  for (const c of army.commands) {
    if (hit(c.general.element)) ee += c.general.equivalents;
    for (const t of c.troops) if (hit(t.element)) ee += t.count * t.equivalents;
  }
  return army.equivalents > 0 ? ee / army.equivalents : 0;
}

/** The army with `count` more of `element`, added to its largest group of it (the first, on a tie). */
export function withMore(army: FittedArmy, element: string, count: number): FittedArmy | undefined {
  let best: { c: number; t: number; n: number } | undefined;
  army.commands.forEach((cmd, c) =>
    cmd.troops.forEach((t, k) => {
      if (t.element === element && (!best || t.count > best.n)) best = { c, t: k, n: t.count };
    }),
  );
  if (!best) return undefined;
  const { c: ci, t: ti } = best;
  const troops = army.commands[ci]!.troops[ti]!;
  const ap = count * troops.ap;
  const ee = count * troops.equivalents;
  return {
    ...army,
    ap: army.ap + ap,
    elements: army.elements + count,
    equivalents: army.equivalents + ee,
    commands: army.commands.map((cmd, c) =>
      c !== ci
        ? cmd
        : {
            ...cmd,
            ap: cmd.ap + ap,
            elements: cmd.elements + count,
            equivalents: cmd.equivalents + ee,
            troops: cmd.troops.map((t, k) => (k === ti ? { ...t, count: t.count + count } : t)),
          },
    ),
  };
}

/** The elements an army fields as troops (not generals), canonical, with the AP of one. */
function troopElements(army: FittedArmy): Map<string, { readonly ap: number; readonly fill: boolean }> {
  const out = new Map<string, { ap: number; fill: boolean; n: number }>();
  for (const c of army.commands)
    for (const t of c.troops) {
      const seen = out.get(t.element);
      if (!seen || t.count > seen.n)
        out.set(t.element, { ap: t.ap, fill: (seen?.fill ?? false) || t.fill, n: t.count });
      else if (t.fill) seen.fill = true;
    }
  return out;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'army';

const basename = (name: string) =>
  name
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .at(-1)!
    .replace(/\.(ya?ml|json)$/i, '');

/** An army file's problems as the scenario's: at `armies[i]`, each naming the file, line and field. */
function fromArmyFile(e: InputError, file: string, lineOf: (p: FieldPath) => number, at: FieldPath) {
  const one = (x: InputError) => new InputError(x.inFile(file, lineOf).message, { path: at });
  return e instanceof InputErrors ? new InputErrors(e.errors.map(one)) : one(e);
}

interface Source {
  readonly id: string;
  readonly source: string;
  readonly content: unknown;
  /** Where a fitting problem is reported. */
  locate(e: InputError): InputError;
}

/** The armies the block names: files, folders of files, or armies written inline. */
function sources(block: ArmyBlock, ctx: StudyContext): Source[] {
  const files = ctx.files;
  const fromFile = (name: string, at: FieldPath): Source => {
    if (!files) throw new InputError('army files cannot be read here', { path: at });
    let f;
    try {
      f = files.read(name);
    } catch (e) {
      if (e instanceof InputError) throw new InputError(e.message, { path: at });
      throw e;
    }
    return {
      id: basename(name),
      source: name,
      content: f.data,
      locate: (e) => fromArmyFile(e, f.file, (p) => f.lineOf(p), at),
    };
  };
  const folder = (name: string, at: FieldPath): string[] | undefined => {
    if (!files || !/[\\/]$/.test(name)) return undefined;
    try {
      return [...files.list(name.replace(/[\\/]+$/, ''))];
    } catch (e) {
      if (e instanceof InputError) throw new InputError(e.message, { path: at });
      throw e;
    }
  };
  if (block.armies === undefined) {
    if (!files) throw new InputError('army files cannot be read here: name the armies inline', { path: [] });
    const names = files.list(BUNDLED_ARMIES);
    return names.map((n) => fromFile(n, []));
  }
  return block.armies.flatMap((entry, i): Source[] => {
    const at: FieldPath = ['armies', i];
    if (typeof entry === 'string') {
      const inFolder = folder(entry, at);
      return inFolder ? inFolder.map((n) => fromFile(n, at)) : [fromFile(entry, at)];
    }
    const name = typeof entry.name === 'string' ? entry.name : `army ${i + 1}`;
    return [
      {
        id: slug(name),
        source: 'inline',
        content: entry,
        locate: (e) => e.within(at),
      },
    ];
  });
}

/** A group's element names checked against the catalogue (each must name at least one element). */
function checkGroups(groups: readonly GroupDef[], catalogue: Catalogue | undefined, given: boolean) {
  if (!catalogue || !given) return;
  const all = catalogue.all().map((e) => catalogue.format(e));
  groups.forEach((g, i) =>
    g.elements.forEach((spec, j) => {
      if (!all.some((e) => elementMatches(spec, e)))
        throw new InputError(`"${spec}" names no element (e.g. "Reg Bd", "Irr Bd(I)", "Bd")`, {
          path: ['groups', i, 'elements', j],
        });
    }),
  );
}

export function planArmy(block: ArmyBlock, header: StudyHeader, ctx: StudyContext): ArmyPlan {
  const system = ctx.system;
  const builder = system.army;
  if (!builder || !system.engagement)
    throw new InputError(`${system.name} has no army files to fight`, { path: ['kind'] });
  const versionIds = block.versions ?? [system.versions[0]!.id, system.versions.at(-1)!.id];
  const versions = versionIds.map((id) => ({ id, name: ctx.variant(id).name }));
  const specOf = (v: string): VariantSpec => ({ ...ctx.spec, version: v });
  const terrains = terrainMixes(block.terrains, system.engagement.goings ?? [], system.name);
  const points = block.grid?.points ?? POINTS_AXIS.defaults;
  const terrainList = terrainNames(block.grid?.terrain, terrains);
  const grid: GridPoint[] = points.flatMap((p) =>
    terrainList.map((t) => ({ id: `${p} AP, ${t}`, points: p, terrain: t })),
  );
  // Read and fit every army under every version at every budget.
  const srcs = sources(block, ctx);
  const seen = new Map<string, number>();
  const armies: ArmyRecord[] = srcs.map((s, i) => {
    const other = seen.get(s.id);
    if (other !== undefined)
      throw new InputError(`two armies are called "${s.id}" (${srcs[other]!.source} and ${s.source})`, {
        path: ['armies'],
      });
    seen.set(s.id, i);
    const fits = versionIds.map((v) =>
      points.map((p) => {
        try {
          return builder.fit(s.content, specOf(v), p);
        } catch (e) {
          if (e instanceof InputError) throw s.locate(e);
          throw e;
        }
      }),
    );
    const first = fits[0]![0]!;
    return { id: s.id, name: first.name, list: first.list, source: s.source, fits };
  });
  if (armies.length < 2)
    throw new InputError('an army study needs at least two armies', { path: ['armies'] });
  const groups: GroupDef[] = block.groups
    ? block.groups.map((g) => ({ id: slug(g.name), ...g }))
    : [...(DEFAULT_GROUPS[system.id] ?? [])];
  checkGroups(groups, system.catalogue, block.groups !== undefined);
  const battles = ctx.samples ?? block.battles ?? DEFAULT_BATTLES;
  const sides = block.sides ?? 'both';
  const matchups: Matchup[] = [];
  const label = (s: MatchupSide, subs: readonly Substitute[], v: number, p: number) => {
    if (s.substitute === undefined) return armies[s.army]!.id;
    const sub = subs[s.substitute]!;
    const fit = sub.fits[v]![p]!;
    return sub.element === null
      ? `${armies[s.army]!.id}+${fit.ap} AP fill`
      : `${armies[s.army]!.id}+${fit.count} ${sub.element}`;
  };
  const add = (
    v: number,
    g: number,
    x: MatchupSide,
    y: MatchupSide,
    n: number,
    subs: readonly Substitute[],
  ) => {
    if (n <= 0) return;
    const p = points.indexOf(grid[g]!.points);
    const fitOf = (s: MatchupSide) =>
      s.substitute === undefined ? armies[s.army]!.fits[v]![p]! : subs[s.substitute]!.fits[v]![p]!.army;
    const content = digest(`${JSON.stringify(fitOf(x))}\n${JSON.stringify(fitOf(y))}`);
    matchups.push({
      id: `${header.name}|${versionIds[v]}|${grid[g]!.id}|${label(x, subs, v, p)} v ${label(y, subs, v, p)}|${content}`,
      version: v,
      grid: g,
      a: x,
      b: y,
      battles: n,
    });
  };
  /** A pair both ways round (half the battles each, the first way taking an odd one), or once. */
  const pair = (
    v: number,
    g: number,
    x: MatchupSide,
    y: MatchupSide,
    n: number,
    subs: readonly Substitute[],
  ) => {
    if (x.army === y.army && x.substitute === y.substitute) return add(v, g, x, y, n, subs);
    if (sides === 'once') return x.army <= y.army ? add(v, g, x, y, n, subs) : add(v, g, y, x, n, subs);
    add(v, g, x, y, Math.ceil(n / 2), subs);
    add(v, g, y, x, Math.floor(n / 2), subs);
  };
  versionIds.forEach((_, v) =>
    grid.forEach((_g, g) => {
      for (let i = 0; i < armies.length; i++)
        for (let j = i; j < armies.length; j++) pair(v, g, { army: i }, { army: j }, battles, []);
    }),
  );
  const substitution =
    block.substitution === false
      ? null
      : substitutionPlan(block, ctx, versionIds, points, armies, battles, (a, v, budget) => {
          try {
            return builder.fit(srcs[a]!.content, specOf(v), budget);
          } catch (e) {
            if (e instanceof InputError) throw srcs[a]!.locate(e);
            throw e;
          }
        });
  if (substitution) {
    const subs = substitution.substitutes;
    for (const v of substitution.versions)
      grid.forEach((_g, g) =>
        subs.forEach((s, k) =>
          armies.forEach((_a, y) => {
            if (y !== s.army)
              pair(v, g, { army: s.army, substitute: k }, { army: y }, substitution.battles, subs);
          }),
        ),
      );
  }
  return {
    name: header.name,
    title: header.title,
    about: ctx.about,
    seed: ctx.seed,
    system: { id: system.id, source: system.source },
    spec: ctx.spec,
    versions,
    points,
    grid,
    terrains,
    armies,
    groups,
    battles,
    boundLimit: block.boundLimit ?? DEFAULT_BOUND_LIMIT,
    sides,
    // DBM 3.2 p.14 Deployment: no closer than 300p short of the centre line, so armies start 600p apart.
    approach: { distance: block.approach?.distance ?? 600, shooters: block.approach?.shooters ?? 'halt' },
    substitution,
    matchups,
  };
}

/**
 * The substitutes: for each element priced and each army that fields it as troops, the army with
 * `max(1, round(step / cost))` more of it; and for each such army, the army fitted to each budget plus
 * the step (its fill troops).
 */
function substitutionPlan(
  block: ArmyBlock,
  ctx: StudyContext,
  versionIds: readonly string[],
  points: readonly number[],
  armies: readonly ArmyRecord[],
  studyBattles: number,
  refit: (army: number, version: string, budget: number) => FittedArmy,
): NonNullable<ArmyPlan['substitution']> {
  const s = block.substitution === false ? {} : (block.substitution ?? {});
  const system = ctx.system;
  const catalogue = system.catalogue;
  const step = s.step ?? DEFAULT_STEP;
  const subVersions = (s.versions ?? [versionIds.at(-1)!]).map((id, i) => {
    const v = versionIds.indexOf(id);
    if (v < 0)
      throw new InputError(`${id} is not one of the study's versions (${versionIds.join(', ')})`, {
        path: ['substitution', 'versions', i],
      });
    return v;
  });
  // The elements: named, or every element fielded as troops whose cost differs between the versions.
  const fielded = new Map<string, true>();
  for (const a of armies)
    for (const byPoints of a.fits)
      for (const f of byPoints) for (const e of troopElements(f).keys()) fielded.set(e, true);
  let elements: string[];
  if (s.elements === undefined || s.elements === 'changed') {
    const costOf = (e: string, v: string) =>
      catalogue ? ctx.variant(v).cost?.(catalogue.parse(e)) : undefined;
    elements = [...fielded.keys()]
      .filter((e) => new Set(versionIds.map((v) => costOf(e, v))).size > 1)
      .sort();
  } else {
    elements = [
      ...new Set(
        s.elements.map((e, i) =>
          catalogue ? canonicalElement(catalogue, e, ['substitution', 'elements', i]) : e,
        ),
      ),
    ];
  }
  const unfielded = elements.filter((e) => !fielded.has(e));
  const substitutes: Substitute[] = [];
  const battles = ctx.samples ?? s.battles ?? studyBattles;
  armies.forEach((army, ai) => {
    const own = elements.filter((e) => army.fits.some((bp) => bp.some((f) => troopElements(f).has(e))));
    if (own.length === 0) return;
    const fitsFor = (make: (v: number, p: number) => SubstituteFit | undefined) =>
      versionIds.map((_, v) => (subVersions.includes(v) ? points.map((_p, p) => make(v, p)) : null));
    const complete = (fits: (readonly (SubstituteFit | undefined)[] | null)[]) =>
      fits.every((bp) => bp === null || bp.every((f) => f !== undefined))
        ? (fits as (readonly SubstituteFit[] | null)[])
        : undefined;
    const fill = complete(
      fitsFor((v, p) => {
        const base = army.fits[v]![p]!;
        const more = refit(ai, versionIds[v]!, points[p]! + step);
        return { army: more, count: 0, ap: more.ap - base.ap, cost: 0 };
      }),
    );
    if (fill) substitutes.push({ army: ai, element: null, isFill: false, fits: fill });
    for (const e of own) {
      const fits = complete(
        fitsFor((v, p) => {
          const base = army.fits[v]![p]!;
          const info = troopElements(base).get(e);
          if (!info) return undefined;
          const count = Math.max(1, Math.round(step / info.ap));
          const more = withMore(base, e, count);
          return more ? { army: more, count, ap: more.ap - base.ap, cost: info.ap } : undefined;
        }),
      );
      if (fits)
        substitutes.push({
          army: ai,
          element: e,
          isFill: army.fits.some((bp) => bp.some((f) => troopElements(f).get(e)?.fill === true)),
          fits,
        });
    }
  });
  const costs = versionIds.map((v) =>
    Object.fromEntries(
      elements.flatMap((e) => {
        const c = catalogue ? ctx.variant(v).cost?.(catalogue.parse(e)) : undefined;
        return c === undefined ? [] : [[e, c]];
      }),
    ),
  );
  return { versions: subVersions, step, battles, elements, unfielded, costs, substitutes };
}
