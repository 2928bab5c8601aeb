/**
 * The DBM situation-file format (docs/situation.md): what `odds --situation`, scenario studies and the
 * web page read and write. Elements are written in the community notation; every circumstance is
 * optional and defaults to the plain case (good going, no support, no overlaps). The schema's field
 * metadata generates the command-line flags, the web form, the JSON Schema and the docs table.
 * Pure: validates a plain object (parsed from YAML or JSON by the caller) into a DbmSituation.
 */
import { z } from 'zod';
import { InputError, type FieldPath } from '../../core/errors.ts';
import { field } from '../../core/fields.ts';
import { parseWith } from '../../core/schema-issues.ts';
import { formatElement, parseElement } from './notation.ts';
import {
  DEFAULT_SIDE,
  FORTIFICATIONS,
  GOINGS,
  MISSILE_WEAPONS,
  type DbmSide,
  type DbmSituation,
  type RearRank,
} from './situation.ts';
import { canShoot } from './distant.ts';
import { isNaval } from './troops.ts';
import { DBM_VERSION_IDS, type DbmVersionId } from './versions.ts';

const WEAPON_CHOICES = MISSILE_WEAPONS.map((w) => ({ value: w, label: w }));

const elementText = z.string().describe('An element in DBM notation, e.g. "Reg Bd(O)" or "Irr Kn(F)"');

const rearRankSchema = z.union([
  elementText,
  z
    .object({
      element: field(elementText, { label: 'Element', kind: 'element', flag: false }),
      weapon: field(z.enum(MISSILE_WEAPONS).optional(), {
        label: 'Weapon',
        kind: 'choice',
        flag: false,
        choices: WEAPON_CHOICES,
        offer: (rank, typeOf) =>
          (typeof rank.element === 'string' && ['Ps', 'Bw'].includes(typeOf(rank.element))) ||
          rank.weapon !== undefined,
        help: "Psiloi: their missile weapon; bowmen: their type of bow (default the front element's)",
      }),
      listPermitted: field(z.boolean().optional(), {
        label: 'List permits',
        kind: 'bool',
        flag: false,
        help: 'The army list expressly permits this element to support',
      }),
    })
    .strict(),
]);

const count = (max: number) => z.number().int().min(0).max(max);
const bool = () => z.boolean().optional();
type TypeOf = (element: string) => string;
const typeIs =
  (...types: string[]) =>
  (side: Readonly<Record<string, unknown>>, typeOf: TypeOf) =>
    typeof side.element === 'string' && types.includes(typeOf(side.element));

const GOING_LABELS = {
  good: 'Good going',
  rough: 'Rough going',
  difficult: 'Difficult going',
  brush: 'Brush',
  dunes: 'Dunes',
} as const;
const FORT_LABELS = {
  none: 'No fortification',
  temporary: 'Behind temporary fortification',
  permanent: 'Behind permanent fortification',
} as const;

export const dbmSideSchema = z
  .object({
    element: field(elementText, { label: 'Element', kind: 'element', flag: false }),
    general: field(bool(), {
      label: 'General',
      kind: 'bool',
      help: "General's element of an undemoralised command",
    }),
    rearContact: field(bool(), {
      label: 'Enemy on rear',
      kind: 'bool',
      help: 'An enemy front edge touches its rear',
    }),
    movedIntoContact: field(bool(), {
      label: 'Moved into contact',
      kind: 'bool',
      flag: 'moved',
      modes: ['close'],
      help: 'It moved into contact this bound',
    }),
    overlaps: field(count(2).optional(), {
      label: 'Overlaps',
      kind: 'int',
      flag: 'overlapped',
      help: 'Flanks overlapped by enemy (0-2)',
    }),
    flankContacts: field(count(2).optional(), {
      label: 'Flank contacts',
      kind: 'int',
      help: 'Enemy front edges in contact with a flank (0-2)',
    }),
    going: field(z.enum(GOINGS as [string, ...string[]]).optional(), {
      label: 'Going',
      kind: 'choice',
      choices: GOINGS.map((g) => ({ value: g, label: GOING_LABELS[g] })),
      help: 'Good, rough or difficult going, brush or dunes',
    }),
    aiders: field(count(2).optional(), {
      label: 'Elements aiding its shooting',
      kind: 'int',
      modes: ['shooting'],
      help: 'Shooting: 2nd/3rd elements aiding this one (0-2)',
    }),
    rear: field(z.array(rearRankSchema).max(3).optional(), {
      label: 'Ranks behind',
      kind: 'ranks',
      max: 3,
      help: 'Element in the rank behind (repeat for the 3rd and 4th ranks)',
    }),
    demoralised: field(bool(), {
      label: 'Demoralised',
      kind: 'bool',
      group: 'more',
      help: 'Element of a demoralised command',
    }),
    doubleBased: field(bool(), {
      label: 'Double element',
      kind: 'bool',
      group: 'more',
      help: 'Front element and 2nd rank are one double element',
    }),
    listGradeSupport: field(bool(), {
      label: 'List: other grade supports',
      kind: 'bool',
      group: 'more',
      help: '3.2: the army list allows rear support by another grade',
    }),
    uphill: field(bool(), {
      label: 'Uphill / bank',
      kind: 'bool',
      group: 'more',
      help: 'Upslope, on a raised tower, or defending a river bank',
    }),
    fortification: field(z.enum(FORTIFICATIONS as [string, ...string[]]).optional(), {
      label: 'Fortification',
      kind: 'choice',
      group: 'more',
      choices: FORTIFICATIONS.map((f) => ({ value: f, label: FORT_LABELS[f] })),
      help: 'Defending behind none, temporary or permanent fortifications',
    }),
    assaultingFortification: field(bool(), {
      label: 'Assaulting fortification',
      kind: 'bool',
      flag: 'assaulting',
      group: 'more',
      help: 'Attacking across fortifications',
    }),
    crossingRiver: field(bool(), {
      label: 'Crossing river',
      kind: 'bool',
      group: 'more',
      help: 'Crossing a river that is not paltry, away from a ford or bridge',
    }),
    disadvantaged: field(bool(), {
      label: 'Disadvantaged',
      kind: 'bool',
      group: 'more',
      help: 'By weather, or shooting to or from a wood',
    }),
    chariots: field(bool(), {
      label: 'Chariots',
      kind: 'bool',
      group: 'more',
      offer: typeIs('Kn', 'Cv'),
      help: 'Knights or cavalry that are chariots (no rear support)',
    }),
    disembarked: field(bool(), {
      label: 'Disembarked',
      kind: 'bool',
      group: 'more',
      offer: (side, typeOf) => typeof side.element === 'string' && isNaval(typeOf(side.element) as never),
      help: 'Naval: troops disembarked',
    }),
    unladen: field(bool(), {
      label: 'Unladen',
      kind: 'bool',
      group: 'more',
      offer: (side, typeOf) => typeof side.element === 'string' && isNaval(typeOf(side.element) as never),
      help: 'Naval: no troops embarked',
    }),
    mobile: field(bool(), {
      label: 'Mobile baggage',
      kind: 'bool',
      group: 'more',
      offer: typeIs('Bg'),
      help: 'Baggage that can move',
    }),
    weapon: field(z.enum(MISSILE_WEAPONS).optional(), {
      label: 'Bow',
      kind: 'choice',
      group: 'more',
      choices: WEAPON_CHOICES,
      offer: (side, typeOf) => typeIs('Bw')(side, typeOf) || side.weapon !== undefined,
      help: 'Bowmen: their type of bow (default bow); bowmen ranks behind carry the same unless they say',
    }),
    camels: field(bool(), {
      label: 'On camels',
      kind: 'bool',
      group: 'more',
      offer: (side, typeOf) =>
        (typeof side.element === 'string' &&
          !['Cm', 'Bg', 'Gal', 'Shp', 'Bts'].includes(typeOf(side.element))) ||
        side.camels !== undefined,
      help: 'Rides camels: dunes and brush are good going, other rough going difficult (camelry always do)',
    }),
  })
  .strict();

/** The combat-wide fields (the form's combat row, the command line's `--mode`, `--bound`, `--shooters`). */
const dbmCombatFields = {
  mode: field(z.enum(['close', 'shooting']).optional(), {
    label: 'Combat',
    kind: 'choice',
    choices: [
      { value: 'close', label: 'Close combat' },
      { value: 'shooting', label: 'Shooting' },
    ],
    help: 'Close combat (default) or distant shooting',
  }),
  bound: field(z.enum(['a', 'b']).optional(), {
    label: 'Bound',
    kind: 'choice',
    choices: [
      { value: 'a', label: "A's bound" },
      { value: 'b', label: "B's bound" },
    ],
    help: "Whose bound it is; default A's",
  }),
  shooters: field(z.enum(['a', 'b', 'both']).optional(), {
    label: 'Shooting',
    kind: 'choice',
    modes: ['shooting'],
    choices: [
      { value: 'a', label: 'A shoots' },
      { value: 'b', label: 'B shoots' },
      { value: 'both', label: 'Both shoot' },
    ],
    help: 'Shooting: which side shoots; default A',
  }),
};

export const dbmCombatSchema = z.object(dbmCombatFields).strict();

export const dbmSituationSchema = z
  .object({
    rules: z.enum(DBM_VERSION_IDS).optional().describe('Rule version; default dbm-3.2'),
    ...dbmCombatFields,
    a: dbmSideSchema,
    b: dbmSideSchema,
  })
  .strict();

export type DbmSituationInput = z.input<typeof dbmSituationSchema>;
type SideInput = z.output<typeof dbmSideSchema>;

function element(text: string, path: FieldPath) {
  try {
    return parseElement(text);
  } catch (e) {
    if (e instanceof InputError) throw e.within(path);
    throw e;
  }
}

function toSide(input: SideInput, path: FieldPath): DbmSide {
  const rear: RearRank[] = (input.rear ?? []).map((r, i) => {
    if (typeof r === 'string') return { element: element(r, [...path, 'rear', i]) };
    const rank: RearRank = { element: element(r.element, [...path, 'rear', i, 'element']) };
    return {
      ...rank,
      ...(r.weapon !== undefined ? { weapon: r.weapon } : {}),
      ...(r.listPermitted !== undefined ? { listPermitted: r.listPermitted } : {}),
    };
  });
  const { element: el, rear: _rear, ...rest } = input;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const side = {
    ...DEFAULT_SIDE,
    ...(defined as Partial<DbmSide>),
    rear,
    element: element(el, [...path, 'element']),
  };
  checkSide(side, input, path);
  if (side.overlaps + side.flankContacts > 2)
    throw new InputError('overlaps plus flank contacts cannot exceed 2 (one per flank)', {
      path: [...path, 'flankContacts'],
    });
  return side;
}

/** What the schema cannot say about a side: who carries a bow or rides camels, Bw(X) double bases. */
function checkSide(side: DbmSide, input: SideInput, path: FieldPath): void {
  const e = side.element;
  const name = formatElement(e);
  if (side.weapon !== undefined && e.type !== 'Bw')
    throw new InputError(
      `${name} is not bowmen: only bowmen carry a type of bow here (psiloi give theirs as a rear rank's weapon)`,
      { path: [...path, 'weapon'] },
    );
  side.rear.forEach((k, i) => {
    if (k.weapon !== undefined && k.element.type !== 'Bw' && k.element.type !== 'Ps')
      throw new InputError(`${formatElement(k.element)}: only bowmen and psiloi carry a weapon here`, {
        path: [...path, 'rear', i, 'weapon'],
      });
  });
  if (side.camels && e.type === 'Bg')
    throw new InputError('baggage counts going as baggage, camels or not (DBM 3.2 p.12 Terrain Choosing)', {
      path: [...path, 'camels'],
    });
  if (side.camels && isNaval(e.type))
    throw new InputError(`${name} is naval and cannot ride camels`, { path: [...path, 'camels'] });
  if (input.camels === false && e.type === 'Cm')
    throw new InputError(`${name}: camelry always ride camels (DBM 3.2 p.4 Camelry)`, {
      path: [...path, 'camels'],
    });
  // DBM 3.2 p.6 Bowmen (X): double-based only with an element of (O) or (S) bowmen behind them on the
  // same base. Further ranks behind the double element follow it in `rear`.
  if (e.type === 'Bw' && e.grade === 'X' && side.doubleBased) {
    const k = side.rear[0]?.element;
    if (!k || k.type !== 'Bw' || (k.grade !== 'S' && k.grade !== 'O'))
      throw new InputError(
        `a double-based ${name} has an element of (O) or (S) bowmen behind it on the same base (DBM 3.2 p.6 Bowmen (X)): give it as the first rear rank, then any ranks behind the double element`,
        { path: [...path, 'rear'] },
      );
  }
}

/**
 * Validate a situation-file object. Throws InputError naming the bad field. `version` is the rules id
 * used when the object names none.
 */
export function parseDbmSituation(input: unknown, version: DbmVersionId = 'dbm-3.2'): DbmSituation {
  const s = parseWith(dbmSituationSchema, input);
  const a = toSide(s.a, ['a']);
  const b = toSide(s.b, ['b']);
  const mode = s.mode ?? 'close';
  // DBM 3.2 p.21 overlaps: no troops count as overlaps for friendly expendables, so an element fighting
  // expendables cannot be overlapped (flank contacts still count). Refused rather than ignored
  // (docs/rulings.md "Overlaps against expendables").
  for (const [id, own, enemy] of [
    ['a', a, b],
    ['b', b, a],
  ] as const)
    if (enemy.element.type === 'Exp' && own.overlaps > 0)
      throw new InputError(
        `no troops count as overlapping for friendly expendables (DBM 3.2 p.21), so an element fighting ${formatElement(enemy.element)} is never overlapped; flank contacts still count`,
        { path: [id, 'overlaps'] },
      );
  const shooters = mode === 'shooting' ? shootersOf(s.shooters, a, b) : (s.shooters ?? 'a');
  // DBM 3.2 p.20 Distant Shooting: aiders add to their own side's shooting, so a side that does not
  // shoot has none; refused rather than ignored.
  for (const [id, side] of [
    ['a', a],
    ['b', b],
  ] as const)
    if (side.aiders > 0 && !(mode === 'shooting' && (shooters === 'both' || shooters === id)))
      throw new InputError(
        'only a side that shoots has elements aiding its shooting (DBM 3.2 p.20 Distant Shooting)',
        { path: [id, 'aiders'] },
      );
  return { rules: s.rules ?? version, mode, bound: s.bound ?? 'a', shooters, a, b };
}

/**
 * Who shoots (DBM 3.2 p.20 Distant Shooting: artillery, bowmen, war wagons (S) or (O), elephants (X)
 * and some naval elements). A side named as shooter must be able to; by default A shoots if it can,
 * else B.
 */
function shootersOf(given: 'a' | 'b' | 'both' | undefined, a: DbmSide, b: DbmSide): 'a' | 'b' | 'both' {
  const can = { a: canShoot(a.element), b: canShoot(b.element) };
  const who = given ?? (can.a ? 'a' : can.b ? 'b' : undefined);
  if (who === undefined)
    throw new InputError(
      `neither ${formatElement(a.element)} nor ${formatElement(b.element)} can shoot at a distance (DBM 3.2 p.20: artillery, bowmen, war wagons (S) or (O), elephants (X), some naval); use close combat`,
      { path: ['mode'] },
    );
  for (const id of who === 'both' ? (['a', 'b'] as const) : [who]) {
    const side = id === 'a' ? a : b;
    if (!can[id])
      throw new InputError(
        `${formatElement(side.element)} cannot shoot at a distance (DBM 3.2 p.20 Distant Shooting); it can only be shot at`,
        { path: ['shooters'] },
      );
  }
  return who;
}

/** The minimal situation-file object for a situation: defaults left out, elements in notation. */
export function situationToInput(s: DbmSituation): Record<string, unknown> {
  const sideInput = (side: DbmSide) => {
    const out: Record<string, unknown> = { element: formatElement(side.element) };
    if (side.rear.length > 0)
      out.rear = side.rear.map((r) =>
        r.weapon === undefined && r.listPermitted === undefined
          ? formatElement(r.element)
          : { ...r, element: formatElement(r.element) },
      );
    for (const [k, v] of Object.entries(side)) {
      if (k === 'element' || k === 'rear') continue;
      if (v !== (DEFAULT_SIDE as unknown as Record<string, unknown>)[k]) out[k] = v;
    }
    return out;
  };
  const out: Record<string, unknown> = { rules: s.rules, mode: s.mode };
  if (s.bound !== 'a') out.bound = s.bound;
  if (s.mode === 'shooting' && s.shooters !== 'a') out.shooters = s.shooters;
  out.a = sideInput(s.a);
  out.b = sideInput(s.b);
  return out;
}
