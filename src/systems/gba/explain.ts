/**
 * Everything that applies to a GBA situation before a die is rolled, with its rule section
 * (ARCHITECTURE.md "The system contract"). Values are column shifts, DRMs or hit multipliers as labelled.
 */
import type { Explanation, Factor } from '../../core/ruleset.ts';
import { DEFAULT_GBA_CHARTS, type GbaCharts } from './charts.ts';
import { applyHitModifiers } from './hits.ts';
import type { CompiledFire } from './fire.ts';
import { compileHarassment } from './harassment.ts';
import { compileMissile } from './missile.ts';
import { compileShock } from './shock.ts';
import type {
  GbaHarassmentSituation,
  GbaMissileSituation,
  GbaShockSituation,
  GbaSituation,
  GbaUnit,
} from './situation.ts';
import { countedSize, sizeRatio } from './size.ts';

const unitName = (u: GbaUnit): string => u.name ?? u.type;

/** 10.2: what 'rout' means for the types present. */
function routNotes(units: readonly GbaUnit[]): string[] {
  const out: string[] = [];
  const gone = [
    ...new Set(units.filter((u) => u.type === 'SK' || u.type === 'CH' || u.type === 'AT').map((u) => u.type)),
  ];
  if (gone.length > 0) out.push(`A routing ${gone.join('/')} is eliminated (10.2).`);
  if (units.some((u) => u.type === 'EL')) out.push('A routing elephant rampages instead (10.2, 11.14).');
  return out;
}

function explainShock(s: GbaShockSituation, charts: GbaCharts): Explanation {
  const c = compileShock(s, charts);
  const a: Factor[] = [];
  const b: Factor[] = [];
  const notes: string[] = [];
  const att = s.a.units[0] as GbaUnit;
  const def = s.b.units[0] as GbaUnit;
  const anyPre = c.pre.some((p) => p !== null);
  a.push({
    label: `Clash of Spears: ${att.type} attacking ${def.type} (${s.facing})`,
    value: c.base,
    rule: 'GBA 9.15',
  });
  const types = c.units.map((u) => u.type);
  const sa = countedSize(s.a.units, types);
  const sd = countedSize(s.b.units, types);
  const [ra, rd] = sizeRatio(sa, sd, c.attackerMoved);
  if (ra !== rd) {
    a.push({
      label: `Size ${sa} to ${sd} is ${ra}:${rd}${c.attackerMoved ? ' (attacker moved)' : ''}: column shift`,
      value: ra - rd,
      rule: 'GBA 9.16 step 2',
      ...(anyPre ? { when: 'unless a unit routs in the pre-shock check' } : {}),
    });
  }
  if (s.terrainShift !== 0)
    a.push({ label: 'terrain column shift (given)', value: s.terrainShift, rule: 'GBA 9.16 step 3' });
  if (c.sup.superiority === 'AS') {
    a.push({
      label: `Attack Superiority, ${c.sup.reason}: defender hits x2`,
      value: 2,
      rule: 'GBA 9.16 step 1',
    });
  } else if (c.sup.superiority === 'DS') {
    b.push({
      label: `Defense Superiority, ${c.sup.reason}: attacker hits x3`,
      value: 3,
      rule: 'GBA 9.16 step 1',
    });
  } else notes.push(`No superiority (${c.sup.reason}).`);
  for (const m of applyHitModifiers({ attacker: 2, defender: 2 }, 'none', att, def).applied) {
    (m.side === 'a' ? a : b).push({ label: m.label, value: 0.5, rule: 'GBA 9.16 step 4' });
  }
  const casualty = 'unless a 0 on the leader casualty check (9.14)';
  if (s.a.leader) {
    a.push({
      label: `Charisma ${s.a.leader.name ?? 'leader'}`,
      value: s.a.leader.charisma,
      rule: 'GBA 9.16 step 3',
      ...(c.leaderCheck[0] ? { when: casualty } : {}),
    });
  }
  if (s.b.leader) {
    b.push({
      label: `Charisma ${s.b.leader.name ?? 'leader'} (subtracted)`,
      value: -s.b.leader.charisma,
      rule: 'GBA 9.16 step 3',
      ...(c.leaderCheck[1] ? { when: casualty } : {}),
    });
  }
  c.units.forEach((u, j) => {
    const p = c.pre[j];
    if (!p) return;
    const list = j < c.na ? a : b;
    list.push({ label: `pre-shock TQ check ${unitName(u)} (TQ ${u.tq})`, value: p.drm, rule: 'GBA 9.13' });
    for (const f of p.factors)
      list.push({ label: `pre-shock: ${f.label}`, value: f.value, rule: 'GBA 9.13' });
  });
  notes.push(
    `Chosen units (9.15): ${unitName(att)} attacking ${unitName(def)}; hits shared per 10.13 with extras to the first listed.`,
  );
  if (c.personalCombat)
    notes.push(
      'Both leaders fight Personal Combat (9.2); its chart was not recovered, so it changes no Charisma here.',
    );
  if (c.leaderCheck.some((x) => x))
    notes.push(
      'A leader casualty (DR 0, 9.14) costs that Charisma; its severity table was not recovered (not treated as killed).',
    );
  notes.push(...routNotes(c.units));
  const details = [
    `Charts: ${charts.id}; suspicious cells: ${charts.suspicious.map((x) => `${x.chart} ${x.cell}`).join('; ') || 'none'}.`,
  ];
  return { a, b, notes, details };
}

/**
 * One fire's factors: its strength (or extended range) on the firer's side, the DR modifiers and double
 * hits on the target's side; `what` (absent for the plain missile fire) names the fire in every label.
 */
function fireFactors(
  c: CompiledFire,
  what: string | undefined,
  rule: string,
  firer: Factor[],
  target: Factor[],
): void {
  const p = (label: string) => (what ? `${what}: ${label}` : label);
  if (c.extended)
    firer.push({
      label: p(`extended range ${c.range} (downhill): natural 0 only`),
      value: 0,
      rule: 'GBA 8.16',
    });
  else
    firer.push({
      label: p(`${c.missile} strength at range ${c.range}: hit on modified DR <=`),
      value: c.strength,
      rule,
    });
  for (const f of c.factors) target.push({ ...f, label: p(`${f.label} (added to the fire DR)`) });
  if (c.hitsPerSuccess === 2)
    target.push({ label: p('elephant/chariot target: 2 hits per success'), value: 2, rule: 'GBA 8.15' });
}

function supplyNote(c: CompiledFire, who: string | undefined): string {
  const text =
    c.lowOn.length === 0
      ? 'Artillery never runs out of missiles (8.17).'
      : `Missile Low on a natural ${c.lowOn.join('/')}${c.firer.supply === 'low' ? '; already Low, so Missile No after this fire' : ''} (8.17).`;
  return who ? `${who}: ${text}` : text;
}

function explainMissile(s: GbaMissileSituation, charts: GbaCharts): Explanation {
  const c = compileMissile(s, charts);
  const a: Factor[] = [];
  const b: Factor[] = [];
  const notes: string[] = [];
  fireFactors(c, undefined, 'GBA 8.15 / 9.51', a, b);
  notes.push(supplyNote(c, undefined));
  if (c.returnFire) {
    fireFactors(c.returnFire, 'Return Fire', 'GBA 8.23 / 9.51', b, a);
    notes.push(
      "Return Fire (8.23): B fires back once A's fire is resolved, unless it routed (10.26); through A's front, no extended range.",
      supplyNote(c.returnFire, 'B'),
    );
  }
  notes.push(...routNotes([c.target, ...(c.returnFire ? [c.firer] : [])]));
  if (c.leaderCheck)
    notes.push('Leader in the target hex: on a natural 0 a second DR of 0 is a casualty (8.19).');
  if (c.returnFire && s.a.leader)
    notes.push(
      "Leader with A's firer: on a natural 0 of the Return Fire a second DR of 0 is a casualty (8.19).",
    );
  return { a, b, notes };
}

function explainHarassment(s: GbaHarassmentSituation, charts: GbaCharts): Explanation {
  const c = compileHarassment(s, charts);
  const a: Factor[] = [];
  const b: Factor[] = [];
  const notes: string[] = [];
  if (c.firerStart > c.firer.hits)
    a.push({
      label: 'light cavalry harassing an elephant through a flank or rear hex: hits before any fire',
      value: c.firerStart - c.firer.hits,
      rule: 'GBA 8.34',
    });
  if (!c.fire) {
    notes.push('Those hits rout the harassing unit before it fires (10.14, 10.26): no fire either way.');
    return { a, b, notes };
  }
  fireFactors(c.fire, 'H&D fire', 'GBA 8.33 / 9.51', a, b);
  notes.push(
    `H&D (8.33): fired as if adjacent, a moving fire, from ${s.range} hexes without moving on the map.`,
    supplyNote(c.fire, 'A'),
  );
  for (const r of c.reactions) {
    fireFactors(r.c, `reaction b${r.index}`, 'GBA 8.21 / 8.33', b, a);
    notes.push(supplyNote(r.c, `B unit ${r.index}`));
  }
  notes.push(
    c.reactions.length > 0
      ? "Entry Reaction Fire (8.21) by B's units that can fire, at one hex, simultaneous with the H&D fire (8.33)."
      : s.reaction
        ? 'No B unit can fire back (no missiles left, or artillery).'
        : 'No reaction fire (reaction: false).',
  );
  notes.push(...routNotes([c.target]));
  return { a, b, notes };
}

export function explainGba(s: GbaSituation, charts: GbaCharts = DEFAULT_GBA_CHARTS): Explanation {
  if (s.mode === 'shock') return explainShock(s, charts);
  return s.mode === 'missile' ? explainMissile(s, charts) : explainHarassment(s, charts);
}
