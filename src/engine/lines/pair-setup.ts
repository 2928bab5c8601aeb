/**
 * The two files of one situation as the multi-bound chain (bounds.ts) and the battle-line kernel play
 * them (docs/engagement-model.md "One file against one"): each side's element with its ranks behind, its
 * going and the fields its line adapter knows; a side's overlaps as a standing circumstance; and, for a
 * shooting situation, a battlefield with the lines starting apart. Whatever else the situation says is
 * refused with the path of the field, for fight-on.ts to name in words.
 */
import type { BoundsRequest } from '../../core/bounds.ts';
import { MAX_BOUNDS } from '../../core/bounds.ts';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { parseWith } from '../../core/schema-issues.ts';
import type { AnySystem, Variant } from '../../core/system.ts';
import type { LineAdapter } from './adapter.ts';
import { LineBuilder, modelOptionsSchema } from './block.ts';
import { DEFAULT_OPTIONS, type FileConfig, type LineConfig, type LineId, type LinesConfig } from './model.ts';
import { prepared } from './prepare.ts';

/** The chain's input: the kernel config of the two files, and what the config cannot say. */
export interface PairSetup<E> {
  /** One file a side; with `battlefield` when the two start apart (a shooting situation). */
  readonly config: LinesConfig<E>;
  /** Standing overlaps (standingOverlaps): [A's flanks overlapped, B's], in every close combat. */
  readonly overlaps: readonly [number, number];
  /** A shooting situation: paces apart at the start, and how that was chosen, in words. */
  readonly distance?: { readonly paces: number; readonly how: string };
  /** Readings of the situation the notes should state. */
  readonly notes: readonly string[];
}

/** Top-level situation fields the pair model reads; every other one is refused. */
const TOP_LEVEL = new Set(['rules', 'mode', 'bound']);

/** Most paces apart a fight may start (the study block's battlefield allows as much). */
const MAX_DISTANCE = 5000;

type RankInput = string | ({ element: string } & Record<string, unknown>);

const notCarried = (path: FieldPath, detail?: string): InputError =>
  new InputError(
    detail ??
      'not part of the multi-bound model: one file fights one, and the model makes each bound\'s circumstances (docs/engagement-model.md "One file against one")',
    { path },
  );

/**
 * A side's overlaps as a standing circumstance (docs/rulings.md "Standing overlaps"; DBM 3.2 p.21, DBA
 * 3.0 and B&B 0.7 ch.7 overlaps). The situation's `overlaps: N` on a side is read as N enemy elements
 * standing level beside its file, one on each flank overlapped, for the whole fight: each counts as an
 * overlap in every close combat of its file (whatever rank is in front), and none of them fights, moves,
 * shoots or is lost, since nothing stands in front of it and the model makes no flank contacts. They are
 * not counted toward either side's break rule. Distant shooting takes no overlaps (the adapters' shooting
 * tables have none).
 */
export function standingOverlaps(side: Readonly<Record<string, unknown>>): number {
  const n = side.overlaps;
  return typeof n === 'number' ? n : 0;
}

/**
 * The setup of the two files a situation describes: each side's element with its ranks behind (the
 * catalogue's depth field), its going, double basing, line and rank fields where the system has them,
 * its standing overlaps; a shooting situation starts the two apart (`battlefield`) where the system has an
 * approach. Anything else the situation says (moved into contact, flank or rear contacts...) is refused:
 * the model makes those itself, bound by bound, or does not have them (docs/engagement-model.md F1-F5).
 */
export function pairSetup<E>(
  adapter: LineAdapter<E>,
  system: AnySystem,
  variant: Variant,
  input: Readonly<Record<string, unknown>>,
  request: BoundsRequest,
): PairSetup<E> {
  const n = request.bounds;
  if (!Number.isInteger(n) || n < 1 || n > MAX_BOUNDS)
    throw new InputError(`a whole number from 1 to ${MAX_BOUNDS}, not ${n}`, { path: ['bounds'] });
  let options;
  try {
    options = parseWith(modelOptionsSchema, request.options ?? {});
  } catch (e) {
    throw e instanceof InputError ? e.within(['options']) : e;
  }
  // The situation as its own parser reads it, then its minimal form: only what differs from the defaults.
  const parsed = variant.parseSituation(input) as { mode?: unknown; shooters?: unknown };
  const minimal = system.situation.toInput(parsed);
  const mode = minimal.mode ?? 'close';
  const shooting = mode === 'shooting';
  if (shooting && !adapter.approach)
    throw new InputError(
      `${system.name}'s battle-line model has no distant shooting: multi-bound odds are for close combat here`,
      { path: ['mode'] },
    );
  if (mode !== 'close' && !shooting)
    throw new InputError(`multi-bound odds are for close combat or shooting, not ${String(mode)}`, {
      path: ['mode'],
    });
  const distance = request.distance;
  if (distance !== undefined) {
    if (!shooting)
      throw new InputError('the two start apart only in a shooting fight: give shooting, or no distance', {
        path: ['distance'],
      });
    if (!Number.isFinite(distance) || distance < 0 || distance > MAX_DISTANCE)
      throw new InputError(`paces from 0 to ${MAX_DISTANCE}, not ${distance}`, { path: ['distance'] });
  }
  for (const key of Object.keys(minimal)) {
    if (TOP_LEVEL.has(key) || key === 'a' || key === 'b') continue;
    // Who shoots is checked below, once the two files are known.
    if (key === 'shooters' && shooting) continue;
    throw notCarried([key]);
  }
  const depthField = system.catalogue?.depth?.field;
  const rankFields = new Set(Object.keys(adapter.rankFields ?? {}));
  const lineFields = new Set(Object.keys(adapter.lineFields ?? {}));
  const builder = new LineBuilder(adapter, system, variant);
  const line = (id: LineId): LineConfig<E> => {
    const side = minimal[id] as Record<string, unknown>;
    const front: Record<string, unknown> = { element: side.element };
    let behind: RankInput[] = [];
    let going: string | undefined;
    let doubleBased = false;
    const extra: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(side)) {
      if (key === 'element' || key === 'overlaps') continue;
      if (key === depthField) behind = (Array.isArray(value) ? value : [value]) as RankInput[];
      else if (key === 'going' && adapter.goings.includes(value as string)) going = value as string;
      else if (key === 'doubleBased' && adapter.doubleBasing) doubleBased = value === true;
      else if (lineFields.has(key)) extra[key] = value;
      else if (rankFields.has(key)) front[key] = value;
      else if (key === 'aiders' && shooting)
        throw notCarried(
          [id, key],
          "not part of the multi-bound model: other files' shooters beside it are not one file against one; a file's own rear-rank bowmen aid it (DBM 3.2 p.20)",
        );
      else throw notCarried([id, key]);
    }
    // A rank's path in the situation: DBM and B&B list the ranks behind, DBA names one element.
    const at = (i: number): FieldPath =>
      Array.isArray(side[depthField!]) ? [id, depthField!, i] : [id, depthField!];
    behind.forEach((r, i) => {
      if (typeof r === 'string') return;
      for (const key of Object.keys(r))
        if (key !== 'element' && !rankFields.has(key)) throw notCarried([...at(i), key]);
    });
    const db = doubleBased && behind.length > 0;
    const ranks = [
      builder.rank(front as RankInput, 0, db, [id]),
      ...behind.map((r, i) => builder.rank(r, i + 1, db, at(i))),
    ];
    const file: FileConfig<E> = { ranks, doubleBased: db };
    const name = [side.element, ...behind.map((r) => (typeof r === 'string' ? r : r.element))].join(', ');
    return {
      name: String(name),
      files: [file],
      going: going ?? (adapter.goings[0] as string),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    };
  };
  const overlaps: [number, number] = [
    standingOverlaps(minimal.a as Record<string, unknown>),
    standingOverlaps(minimal.b as Record<string, unknown>),
  ];
  const first: LineId = minimal.bound === 'b' ? 'b' : 'a';
  const config: LinesConfig<E> = {
    system: system.id,
    variant: variant.spec,
    boundLimit: n,
    first,
    // One file against one: a fled element is out of the fight (docs/engagement-model.md "One file
    // against one"), so the kernel playing the same fight keeps it out too. Both sides come on: a fight
    // that is asked for is not refused.
    options: { ...DEFAULT_OPTIONS, ...options, flight: 'gone', refusals: 'never' },
    a: line('a'),
    b: line('b'),
  };
  if (!shooting) return { config, overlaps, notes: [] };
  return { ...apart(config, adapter, parsed.shooters, input.shooters !== undefined, distance), overlaps };
}

/**
 * A shooting situation: the two start apart (DBM 3.2 p.20 Distant Shooting: every element in range shoots
 * in each bound, its own and the enemy's). Default distance: the longest range of either front plus the
 * tactical move (p.19) of the side whose bound is first, so that its first move brings the two within
 * range. The situation's `shooters` must be every side that can shoot, when it is given.
 */
function apart<E>(
  config: LinesConfig<E>,
  adapter: LineAdapter<E>,
  shooters: unknown,
  given: boolean,
  distance: number | undefined,
): Omit<PairSetup<E>, 'overlaps'> {
  const p = prepared(config, adapter);
  const front = (s: 0 | 1) => p.sides[s].stTmpl[p.sides[s].fileStart[0]!]!;
  // Per side: its longest range, in its own bound or the enemy's, not having moved.
  const reach = ([0, 1] as const).map((s) =>
    Math.max(p.sides[s].range[front(s) * 4]!, p.sides[s].range[front(s) * 4 + 2]!),
  );
  const can = reach.map((r) => r > 0);
  const who = can[0] && can[1] ? 'both' : can[0] ? 'a' : 'b';
  const notes: string[] = [];
  if (shooters !== who) {
    if (given)
      throw new InputError(
        `in the multi-bound model every element in range shoots, in both bounds (DBM 3.2 p.20), so here ${who === 'both' ? 'both sides shoot' : `only ${who.toUpperCase()} shoots`}`,
        { path: ['shooters'] },
      );
    notes.push(
      `Both sides shoot: in the multi-bound model every element in range shoots, in both bounds (DBM 3.2 p.20).`,
    );
  }
  const firstSide = config.first === 'b' ? 1 : 0;
  const range = Math.max(...reach);
  const move = p.sides[firstSide].move[front(firstSide)]!;
  const name = firstSide === 0 ? 'A' : 'B';
  const paces = distance ?? range + move;
  const how =
    distance !== undefined
      ? 'given'
      : `the default: the longest range (${range}p) plus the tactical move of ${name}, whose bound is first (${move}p), so that ${name}'s first move brings the two within range`;
  return {
    config: { ...config, battlefield: { distance: paces, shooters: 'halt' } },
    distance: { paces, how },
    notes,
  };
}
