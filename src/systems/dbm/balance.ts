/**
 * What a DBM balance study assumes that is not in the combat rules: the reference field of opponents
 * with weights, and the depths a line of each type may fight at (docs/balance.md "The model").
 */
import type { BalanceAdapter } from '../../core/system.ts';
import { canShoot } from './distant.ts';
import { formatElement, parseElement } from './notation.ts';
import { compile, resolveSummary } from './resolve.ts';
import { side } from './situation.ts';
import type { Element, TroopType } from './troops.ts';
import { versionOfSpec } from './variant.ts';
import type { DbmVersion } from './versions.ts';

/**
 * The default field: every type family of DBM 3.2 p.3, each in its commonest grades, weighted by how
 * often a player meets it across the army lists. The weights are a stated judgement, not a count: a
 * scenario's `field` replaces them (docs/balance.md "The field").
 */
const DBM_FIELD: readonly { readonly element: string; readonly weight: number }[] = [
  { element: 'Irr Kn(S)', weight: 0.6 },
  { element: 'Irr Kn(O)', weight: 1 },
  { element: 'Reg Kn(O)', weight: 0.5 },
  { element: 'Irr Kn(F)', weight: 0.4 },
  { element: 'Reg Kn(I)', weight: 0.3 },
  { element: 'Reg Kn(X)', weight: 0.2 },
  { element: 'Reg Cv(O)', weight: 1.5 },
  { element: 'Irr Cv(O)', weight: 1.5 },
  { element: 'Reg Cv(S)', weight: 0.5 },
  { element: 'Irr Cv(I)', weight: 0.3 },
  { element: 'Irr LH(O)', weight: 1.2 },
  { element: 'Irr LH(F)', weight: 0.8 },
  { element: 'Reg LH(O)', weight: 0.4 },
  { element: 'Irr LH(S)', weight: 0.4 },
  { element: 'Irr Cm(O)', weight: 0.3 },
  { element: 'Irr El(O)', weight: 0.5 },
  { element: 'Reg Sp(O)', weight: 1.2 },
  { element: 'Reg Sp(I)', weight: 0.4 },
  { element: 'Irr Sp(O)', weight: 0.4 },
  { element: 'Reg Pk(O)', weight: 0.6 },
  { element: 'Irr Pk(I)', weight: 0.3 },
  { element: 'Reg Bd(O)', weight: 0.5 },
  { element: 'Irr Bd(O)', weight: 0.5 },
  { element: 'Irr Bd(F)', weight: 0.4 },
  { element: 'Reg Bd(S)', weight: 0.2 },
  { element: 'Irr Wb(O)', weight: 0.8 },
  { element: 'Irr Wb(S)', weight: 0.3 },
  { element: 'Irr Wb(F)', weight: 0.3 },
  { element: 'Reg Ax(O)', weight: 0.6 },
  { element: 'Irr Ax(O)', weight: 0.6 },
  { element: 'Irr Ax(S)', weight: 0.3 },
  { element: 'Reg Bw(O)', weight: 0.6 },
  { element: 'Irr Bw(I)', weight: 0.6 },
  { element: 'Reg Bw(S)', weight: 0.2 },
  { element: 'Reg Bw(X)', weight: 0.2 },
  { element: 'Irr Ps(O)', weight: 1.2 },
  { element: 'Reg Ps(O)', weight: 0.5 },
  { element: 'Irr Ps(I)', weight: 0.3 },
  { element: 'Irr Hd(O)', weight: 0.4 },
  { element: 'Irr Hd(I)', weight: 0.3 },
  { element: 'Reg Art(O)', weight: 0.2 },
  { element: 'Irr WWg(O)', weight: 0.1 },
  { element: 'Irr Exp(O)', weight: 0.1 },
];

/**
 * The depths a player stands each type at, at most (DBM 3.2 p.21 Rear Support, p.22 Mitigating Factors
 * and the outcome rules for supported elements): pikes up to 4 (2nd and 3rd ranks add +1, a 4th takes 1
 * from foot opponents), warband up to 4 ((S)/(O) with 2nd, 3rd and 4th ranks recoil from mounted in
 * 3.2), spears, blades, auxilia, bowmen and psiloi up to 2. Which of them give the element something
 * under the version in play is worked out from the combat tables (usefulDepths); the rest are never used.
 */
const MOST: Partial<Record<TroopType, number>> = { Sp: 2, Pk: 4, Bd: 2, Wb: 4, Ax: 2, Bw: 2, Ps: 2 };

/** The depth each type usually stands at (the "support" policy), if that depth gives it something. */
const USUAL: Partial<Record<TroopType, number>> = { Sp: 2, Pk: 4, Bd: 2, Wb: 2, Ax: 2, Bw: 2 };

/** The opponents a rank behind is tried against: one of every type, in grades that change support. */
const PROBES: readonly string[] = [
  'Irr El(O)',
  'Irr Kn(O)',
  'Reg Cv(O)',
  'Irr LH(O)',
  'Irr Cm(S)',
  'Irr Exp(O)',
  'Reg Sp(O)',
  'Reg Pk(O)',
  'Reg Bd(O)',
  'Irr Wb(O)',
  'Reg Ax(O)',
  'Reg Bw(O)',
  'Irr Ps(O)',
  'Reg Art(O)',
  'Irr WWg(O)',
  'Irr Hd(O)',
];

/**
 * Does a file of `depth` elements give something a file one shallower does not (DBM 3.2 pp.21-23)? Some
 * close combat, in good going, in either player's bound, against some probe, has another outcome for some
 * roll of the dice (the ranks lost behind a destroyed front aside: they are what depth costs); or, for
 * shooters, some shooting does (rear bowmen aid: p.20).
 */
function rankHelps(e: Element, depth: number, version: DbmVersion): boolean {
  const file = (n: number) => side(e, { rear: new Array(n - 1).fill({ element: e }) });
  for (const text of PROBES) {
    const y = parseElement(text);
    for (const bound of ['a', 'b'] as const)
      for (const mode of canShoot(e) ? (['close', 'shooting'] as const) : (['close'] as const)) {
        const tables = [depth - 1, depth].map((n) => {
          const c = compile(
            {
              rules: version.id,
              mode,
              bound,
              shooters: mode === 'shooting' ? 'a' : 'both',
              a: file(n),
              b: side(y, { movedIntoContact: mode === 'close' && bound === 'b' }),
            },
            version,
          );
          const out: string[] = [];
          // Outcomes and pursuit only: the ranks a destroyed front takes with it are the depth's cost,
          // not something it gives.
          for (let da = 1; da <= 6; da++)
            for (let db = 1; db <= 6; db++) {
              const r = resolveSummary(c, da, db);
              out.push(`${r.a.outcome},${r.a.pursuit},${r.b.outcome},${r.b.pursuit}`);
            }
          return out.join('|');
        });
        if (tables[0] !== tables[1]) return true;
      }
  }
  return false;
}

const useful = new Map<string, readonly number[]>();

/** The depths at which `e` stands to some purpose under `version`: 1, and each deeper that helps. */
export function usefulDepths(e: Element, version: DbmVersion): readonly number[] {
  const key = `${version.id}|${JSON.stringify(version.rules)}|${formatElement(e)}`;
  let known = useful.get(key);
  if (!known) {
    const most = e.grade === 'X' && (e.type === 'Pk' || e.type === 'Ax') ? 3 : (MOST[e.type] ?? 1);
    const out = [1];
    for (let d = 2; d <= most; d++) if (rankHelps(e, d, version)) out.push(d);
    known = out;
    useful.set(key, known);
  }
  return known;
}

export const dbmBalance: BalanceAdapter = {
  defaultVersions: ['dbm-3.0', 'dbm-3.1', 'dbm-3.2'],
  defaultField: DBM_FIELD,
  depths: (text, variant) => {
    const e = parseElement(text);
    const allowed = usefulDepths(e, versionOfSpec(variant.spec));
    // Pikes (X) and auxilia (X): their 3rd rank counts too (DBM 3.2 p.21).
    const usual = e.grade === 'X' && (e.type === 'Pk' || e.type === 'Ax') ? 3 : (USUAL[e.type] ?? 1);
    const support = Math.max(...allowed.filter((d) => d <= usual));
    return { allowed, support };
  },
  assessable: (text) => {
    const e = parseElement(text);
    // Baggage costs nothing and does not fight in line; naval elements fight on water.
    if (e.type === 'Bg') return 'baggage costs nothing and does not fight in a battle line';
    if (['Gal', 'Shp', 'Bts'].includes(e.type)) return 'naval: not a land element';
    return undefined;
  },
};
