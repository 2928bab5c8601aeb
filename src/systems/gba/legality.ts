/**
 * Rule-level checks on a situation that the shape alone cannot express (GBA 5e 7.33, 8.11-8.17, 8.23,
 * 8.31-8.34, 9.15, 10.13). Throws InputError with the field path.
 */
import { baseColumn, DEFAULT_GBA_CHARTS, maxMissileRange, type GbaCharts } from './charts.ts';
import { InputError } from '../../core/errors.ts';
import { type GbaMissileSituation, type GbaShockSituation, type GbaSituation } from './situation.ts';
import { checkHarassment } from './harassment.ts';
import { canShockAttack, isSkirmisher } from './units.ts';

/** A rule-level refusal of the field at `path` (dotted, numbers for list items). */
function refuse(path: string, detail: string): never {
  throw new InputError(detail, { path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
}

function checkShock(s: GbaShockSituation, charts: GbaCharts): void {
  const def0 = s.b.units[0];
  const att0 = s.a.units[0];
  if (!def0 || !att0) refuse(`${def0 ? 'a' : 'b'}.units`, 'at least one unit per side');
  s.a.units.forEach((u, i) => {
    for (const d of s.b.units) {
      if (!canShockAttack(u, d.type)) {
        refuse(
          `a.units.${i}.type`,
          `${u.type}${u.missile ? ` (${u.missile})` : ''} cannot shock attack ${d.type} (7.33)`,
        );
      }
    }
  });
  if (isSkirmisher(att0.type) && s.a.units.some((u) => !isSkirmisher(u.type))) {
    refuse('a.units.0.type', 'a skirmisher cannot be the chosen attacker beside non-skirmishers (9.15)');
  }
  if (baseColumn(charts, att0.type, def0.type, s.facing) === 0) {
    refuse(
      'facing',
      `the Clash of Spears has no column for ${att0.type} attacking ${def0.type} through its ${s.facing}`,
    );
  }
  if (s.defenderHitsTo !== undefined) {
    if (s.defenderHitsTo >= s.b.units.length) refuse('defenderHitsTo', 'no such defending unit');
    if (!att0.twoHex || s.b.units.length < 2 || s.b.units.some((u) => u.twoHex)) {
      refuse('defenderHitsTo', 'only a two-hex attacker facing several one-hex defenders chooses (10.13)');
    }
  }
  if (s.a.units.length + s.b.units.length > 6) {
    refuse('b.units', 'at most 6 units in one combat');
  }
}

function checkMissile(s: GbaMissileSituation, charts: GbaCharts): void {
  if (s.a.units.length !== 1) refuse('a.units', 'missile fire has exactly one firing unit (8.13)');
  if (s.b.units.length !== 1) refuse('b.units', 'missile fire has exactly one target unit (8.13)');
  const f = s.a.units[0];
  if (!f?.missile) refuse('a.units.0.missile', 'the firing unit needs a missile class');
  if (f.supply === 'no') refuse('a.units.0.supply', 'a Missile No unit cannot fire (8.17)');
  if (s.firerMoved && (f.type === 'AT' || (f.type === 'LI' && f.missile === 'A'))) {
    refuse('firerMoved', 'LI archers and artillery either move or fire (8.11)');
  }
  const max = maxMissileRange(charts, f.missile);
  if (s.range > max + (s.downhill ? 1 : 0)) {
    refuse('range', `${s.range} is beyond the ${f.missile} range of ${max}${s.downhill ? '+1 (8.16)' : ''}`);
  }
  if (s.returnFire) {
    const t = s.b.units[0]!;
    if (!t.missile) refuse('returnFire', 'the target has no missiles to fire back (8.23)');
    if (t.supply === 'no') refuse('returnFire', 'the target is Missile No (8.17, 8.24)');
    if (t.type === 'AT') refuse('returnFire', 'artillery does not use Reaction Fire (8.2, 11.8)');
    const back = maxMissileRange(charts, t.missile);
    if (s.range > back)
      refuse('returnFire', `the target's ${t.missile} range of ${back} does not reach ${s.range} (8.23)`);
  }
}

export function checkGbaSituation(s: GbaSituation, charts: GbaCharts = DEFAULT_GBA_CHARTS): void {
  if (s.mode === 'shock') checkShock(s, charts);
  else if (s.mode === 'missile') checkMissile(s, charts);
  else checkHarassment(s);
}
