/**
 * A side's view of one combat: its element as the rules treat it this time ("treated as" exceptions,
 * DBM 3.2 pp.3-8), its opponent, and the combat's circumstances. Computed once per situation.
 */
import type { Factor } from '../../core/ruleset.ts';
import type { DbmSide, DbmSituation, Going } from './situation.ts';
import { TROOP_CLASS, type Element, type Grade, type TroopClass, type TroopType } from './troops.ts';
import { DBM_VERSIONS, type DbmVersion } from './versions.ts';

/** The type and grade an element fights as in this combat. */
export interface Profile {
  readonly type: TroopType;
  readonly grade: Grade;
  /** Why it differs from the element's own type and grade, with the rule. */
  readonly note?: string;
}

export interface Combatant {
  readonly id: 'a' | 'b';
  readonly side: DbmSide;
  /** The element as listed. Rules that name an (X) grade test this. */
  readonly raw: Element;
  /** The element as treated in this combat. Every other rule tests this. */
  readonly as: Profile;
  readonly shooting: boolean;
  readonly shotAt: boolean;
  readonly ownBound: boolean;
}

export interface View {
  readonly version: DbmVersion;
  readonly situation: DbmSituation;
  readonly close: boolean;
  readonly self: Combatant;
  readonly opp: Combatant;
}

/**
 * Citations made, by version, place and end note: combat tables cite every factor of every signature
 * they build, and the same few dozen citations recur.
 */
const citations = new WeakMap<DbmVersion, Map<string, Map<string, string>>>();

/** A rule citation in the version's own name, e.g. "DBM 3.2 p.21 Tactical Factors". */
export function cite(version: DbmVersion, where: string, endNote?: string): string {
  let byPlace = citations.get(version);
  if (!byPlace) citations.set(version, (byPlace = new Map()));
  let byNote = byPlace.get(where);
  if (!byNote) byPlace.set(where, (byNote = new Map()));
  const note = endNote ?? '';
  let made = byNote.get(note);
  if (made === undefined) {
    const base = `${version.name} ${where}`;
    made = endNote && version.id === 'dbm-3.0' ? `${base} (3.0 wording, end note ${endNote})` : base;
    byNote.set(note, made);
  }
  return made;
}

/**
 * Hears one factor line that applies: its label, value and end note (if any). A rule's lines are stated
 * once, as a function calling this for each line; its factor list (cited) and its total (for the combat
 * tables, which need only the number) both read that one statement.
 */
export type FactorLine = (label: string, value: number, endNote?: string) => void;

/** totalOf's running sum. */
let running = 0;
const addValue: FactorLine = (_label, value) => {
  running += value;
};

/**
 * The sum of the values `lines` states for view v, without building a factor (re-entrant). `own` and
 * `theirs` are handed on to lines that read both sides' totals before grading (grading.ts).
 */
export function totalOf(
  lines: (v: View, line: FactorLine, own: number, theirs: number) => void,
  v: View,
  own = 0,
  theirs = 0,
): number {
  const outer = running;
  running = 0;
  lines(v, addValue, own, theirs);
  const total = running;
  running = outer;
  return total;
}

export function factor(label: string, value: number, rule: string, when?: string): Factor {
  return when === undefined ? { label, value, rule } : { label, value, rule, when };
}

/**
 * Does this element ride camels? Camelry always do; any other troop type except baggage when its side
 * says so (`camels`, e.g. LH(I) or Cv on camels in the army lists). DBM 3.2 p.12 Terrain Choosing:
 * whatever rides camels, baggage apart, counts going differently (goingAs).
 */
export function onCamels(e: Element, camels: boolean): boolean {
  return e.type !== 'Bg' && (e.type === 'Cm' || camels);
}

/**
 * Going as an element counts it (DBM 3.2 p.12 Terrain Choosing): to camels, dunes and brush are good
 * going and the rest of rough going is difficult; to everyone else brush is rough and dunes difficult.
 */
export function goingAs(going: Going, camels: boolean): 'good' | 'rough' | 'difficult' {
  if (camels) {
    if (going === 'brush' || going === 'dunes' || going === 'good') return 'good';
    return 'difficult';
  }
  if (going === 'brush') return 'rough';
  if (going === 'dunes') return 'difficult';
  return going;
}

/** `going` (default: the side's own) as the side's element counts it, camels included. */
export function goingOf(
  side: Pick<DbmSide, 'element' | 'camels' | 'going'>,
  going: Going = side.going,
): 'good' | 'rough' | 'difficult' {
  return goingAs(going, onCamels(side.element, side.camels));
}

const T = (type: TroopType, grade: Grade, note?: string): Profile =>
  note === undefined ? { type, grade } : { type, grade, note };

/**
 * The "treated as" exceptions of the (X) grades and others (DBM 3.2 pp.3-8). Conditions name the
 * opponent's listed type (docs/rulings.md "Treated-as conditions read the listed type").
 */
function profileOf(
  version: DbmVersion,
  self: DbmSide,
  opp: Element,
  close: boolean,
  shooting: boolean,
  shotAt: boolean,
  oppDefendsFort: boolean,
): Profile {
  const e = self.element;
  if (e.grade !== 'X') return T(e.type, e.grade);
  const o = opp.type;
  const r = version.rules;
  switch (e.type) {
    case 'Kn': {
      // DBM 3.2 p.4 Knights (X).
      if (
        (shotAt && (o === 'Bw' || TROOP_CLASS[o] === 'naval')) ||
        (close && ['LH', 'Sp', 'Pk', 'Bw'].includes(o))
      )
        return T('Kn', 'S', 'Kn(X) count as (S) (p.4 Knights (X))');
      const inferiorAgainst = r.knXInferiorAgainstBlades ? ['Kn', 'Exp', 'Bd', 'Wb'] : ['Kn', 'Exp', 'Wb'];
      if (close && inferiorAgainst.includes(o) && !(o === 'Kn' && opp.grade === 'X'))
        return T('Kn', 'I', 'Kn(X) count as (I) (p.4 Knights (X))');
      return T('Kn', 'O', 'Kn(X) count as (O) (p.4 Knights (X))');
    }
    case 'Pk':
      // DBM 3.2 p.5 Pikes (X).
      if ((shotAt && o === 'Bw') || (close && ['Cv', 'LH', 'Ax', 'Bw', 'Ps'].includes(o)))
        return T('Pk', 'S', 'Pk(X) count as (S) (p.5 Pikes (X))');
      return T('Pk', 'I', 'Pk(X) count as (I) (p.5 Pikes (X))');
    case 'Bd':
      // DBM 3.2 p.5 Blades (X); 3.0: always (F) (end note iv).
      if (r.bladesX === '3.0') return T('Bd', 'F', 'Bd(X) count as (F) blades (p.5 Blades (X), 3.0)');
      if (close && (o === 'Kn' || (o === 'Cm' && opp.grade === 'S')))
        return T('Bd', 'S', 'Bd(X) count as (S) against knights or Cm(S) (p.5 Blades (X))');
      if (close && self.doubleBased) return T('Bd', 'O', 'double-based Bd(X) count as (O) (p.5 Blades (X))');
      return T('Bd', 'F', 'Bd(X) count as (F) (p.5 Blades (X))');
    case 'Ax':
      // DBM 3.2 p.6 Auxilia (X).
      if (close && ['Kn', 'Cv', 'Wb', 'Exp'].includes(o))
        return T('Ax', 'S', 'Ax(X) count as (S) (p.6 Auxilia (X))');
      return T('Ax', 'I', 'Ax(X) count as (I) (p.6 Auxilia (X))');
    case 'Bw': {
      // DBM 3.2 p.6 Bowmen (X).
      const sRear =
        self.doubleBased && self.rear[0]?.element.type === 'Bw' && self.rear[0].element.grade === 'S';
      if (close && TROOP_CLASS[o] === 'foot')
        return T(
          'Sp',
          sRear ? 'O' : 'I',
          `Bw(X) fight foot as spears ${sRear ? '(O)' : '(I)'} (p.6 Bowmen (X))`,
        );
      const againstBowShooting = !close && o === 'Bw' && (shotAt || shooting);
      if ((close && TROOP_CLASS[o] === 'mounted') || againstBowShooting || sRear)
        return T('Bw', 'S', 'Bw(X) count as (S) bowmen (p.6 Bowmen (X))');
      return T('Bw', 'O', 'Bw(X) count as (O) bowmen (p.6 Bowmen (X))');
    }
    case 'Ps':
      // DBM 3.2 p.6 Psiloi (X): (I) psiloi in all circumstances (combat factor handled separately).
      return T('Ps', 'I', 'Ps(X) count as (I) psiloi (p.6 Psiloi (X))');
    case 'Art':
      // DBM 3.2 p.7 Artillery (X).
      if (close) return T('Ax', 'I', 'Art(X) fight close combat as (I) auxilia (p.7 Artillery (X))');
      return T('Art', 'F', 'Art(X) count as (F) artillery (p.7 Artillery (X))');
    case 'El':
      // DBM 3.2 p.3 Elephants (X).
      if (shooting) return T('Art', 'F', 'El(X) shoot as (F) artillery (p.3 Elephants (X))');
      return T('El', 'I', 'El(X) count as (I) elephants (p.3 Elephants (X))');
    case 'Cm':
      return T('Cm', 'I', 'Cm(X) fight as (I) camelry (p.4 Camelry (X))');
    case 'Shp':
      // DBM 3.2 p.7 Ships (X).
      if (shooting || shotAt || oppDefendsFort)
        return T('Shp', 'S', 'Shp(X) count as (S) ships (p.7 Ships (X))');
      return T('Shp', 'I', 'Shp(X) count as (I) ships (p.7 Ships (X))');
    case 'Bts':
      // DBM 3.2 p.7 Boats (X).
      if (shooting || shotAt) return T('Art', 'S', 'Bts(X) count as (S) artillery (p.7 Boats (X))');
      return T('Bts', 'I', 'Bts(X) count as (I) boats (p.7 Boats (X))');
    case 'WWg':
      return T('WWg', 'O', 'WWg(X) count as (O) war wagons (p.7 War Wagons (X))');
    default:
      return T(e.type, e.grade);
  }
}

/** Build both sides' views of a situation. */
export function views(
  situation: DbmSituation,
  version: DbmVersion = DBM_VERSIONS[situation.rules],
): [View, View] {
  const close = situation.mode === 'close';
  const shoots = (id: 'a' | 'b') => !close && (situation.shooters === id || situation.shooters === 'both');
  const make = (id: 'a' | 'b'): Combatant => {
    const other = id === 'a' ? 'b' : 'a';
    const side = situation[id];
    const oppSide = situation[other];
    const shooting = shoots(id);
    const shotAt = shoots(other);
    return {
      id,
      side,
      raw: side.element,
      as: profileOf(
        version,
        side,
        oppSide.element,
        close,
        shooting,
        shotAt,
        oppSide.fortification !== 'none',
      ),
      shooting,
      shotAt,
      ownBound: situation.bound === id,
    };
  };
  const a = make('a');
  const b = make('b');
  return [
    { version, situation, close, self: a, opp: b },
    { version, situation, close, self: b, opp: a },
  ];
}

/** The class of opponent a side's combat factor is read against (DBM 3.2 p.21). */
export function opponentClass(v: View): TroopClass {
  // Troops attacking fortifications always count as fighting foot (DBM 3.2 p.21 Close Combat).
  if (v.self.side.assaultingFortification) return 'foot';
  // El(X): opponents use their factor against elephants in close combat or if war wagons or bowmen
  // shooting or shot at, otherwise that against artillery (DBM 3.2 p.3 Elephants (X)).
  if (v.opp.raw.type === 'El' && v.opp.raw.grade === 'X') {
    if (v.close || v.self.as.type === 'WWg' || v.self.as.type === 'Bw') return 'mounted';
    return 'foot';
  }
  return TROOP_CLASS[v.opp.as.type];
}
