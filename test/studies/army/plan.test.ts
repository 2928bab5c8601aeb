/**
 * The army study's plan (docs/armies.md "The army study"): matchups counted by hand, battles split both
 * ways round, substitutes and their counts, the groups on the bundled armies under 3.0 and 3.2, and
 * errors at the scenario's and the army file's lines.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarioText } from '../../../src/pipeline/scenario.ts';
import { elementMatches, shareOf, withMore, type ArmyPlan } from '../../../src/studies/army/plan.ts';
import { matchupJobs } from '../../../src/studies/army/design.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SCENARIO = join(ROOT, 'scenarios', 'test-army.yaml');

const planOf = (study: string, options = {}, file = SCENARIO): ArmyPlan =>
  loadScenarioText(`name: t\nrules: dbm-3.2\nstudies:\n${study}`, file, options).studies[0]!.plan as ArmyPlan;

const THREE = `  - kind: army
    name: a
    armies: [armies/early-imperial-roman.yaml, armies/marian-roman.yaml, armies/sassanid.yaml]
    grid: { points: [400], terrain: [open, mixed] }
    battles: 11
    substitution: { elements: [Reg Bd(O)] }
`;

describe('the army study plan', () => {
  it('counts the matchups: every pair both ways round and every mirror, per version and battlefield', () => {
    const p = planOf(THREE);
    expect(p.versions.map((v) => v.id)).toEqual(['dbm-3.0', 'dbm-3.2']);
    expect(p.grid.map((g) => g.id)).toEqual(['400 AP, open', '400 AP, mixed']);
    const main = p.matchups.filter((m) => m.a.substitute === undefined && m.b.substitute === undefined);
    // 3 mirrors + 3 pairs x 2 ways = 9 per version and battlefield; 2 versions x 2 battlefields.
    expect(main).toHaveLength(36);
    // A mirror takes all 11 battles; a pair 6 one way and 5 the other.
    expect(main.filter((m) => m.a.army === m.b.army).every((m) => m.battles === 11)).toBe(true);
    const eirSassanid = main.filter(
      (m) =>
        m.version === 0 &&
        m.grid === 0 &&
        new Set([m.a.army, m.b.army]).size === 2 &&
        [m.a.army, m.b.army].includes(2) &&
        [m.a.army, m.b.army].includes(0),
    );
    expect(eirSassanid.map((m) => [m.a.army, m.b.army, m.battles])).toEqual([
      [0, 2, 6],
      [2, 0, 5],
    ]);
    // Substitutes: each Roman army's fill and +Reg Bd(O); the Sassanids field none. Under 3.2 only:
    // 4 substitutes x 2 opponents x 2 ways x 2 battlefields = 32 jobs.
    const sub = p.substitution!;
    expect(sub.versions).toEqual([1]);
    expect(sub.substitutes.map((s) => [p.armies[s.army]!.id, s.element, s.isFill])).toEqual([
      ['early-imperial-roman', null, false],
      ['early-imperial-roman', 'Reg Bd(O)', true],
      ['marian-roman', null, false],
      ['marian-roman', 'Reg Bd(O)', true],
    ]);
    expect(p.matchups).toHaveLength(36 + 32);
    // Reg Bd(O) 7 AP under 3.0, 6 under 3.2 (p.10): 40 AP is round(40 / 6) = 7 more, 42 AP; none under 3.0.
    const bd = sub.substitutes[1]!;
    expect(bd.fits[0]).toBeNull();
    expect(bd.fits[1]![0]).toMatchObject({ count: 7, ap: 42, cost: 6 });
    expect(sub.costs[0]).toEqual({ 'Reg Bd(O)': 7 });
    expect(sub.costs[1]).toEqual({ 'Reg Bd(O)': 6 });
    // The fill: fitted to 440 AP, at most 440 - 399 = 41 AP more, and at least one Reg Bd(O) more.
    const fill = sub.substitutes[0]!.fits[1]![0]!;
    expect(fill.ap).toBeGreaterThanOrEqual(6);
    expect(fill.ap).toBeLessThanOrEqual(41);
    expect(fill.army.ap).toBeLessThanOrEqual(440);
  });

  it('once: every pair one way round, the lower army first; jobs are army jobs with ids naming the content', () => {
    const p = planOf(`  - kind: army
    name: a
    armies: [armies/early-imperial-roman.yaml, armies/marian-roman.yaml, armies/sassanid.yaml]
    versions: [dbm-3.2]
    grid: { points: [400], terrain: [open] }
    sides: once
    battles: 10
    substitution: false
`);
    // 3 mirrors + 3 pairs.
    expect(p.matchups.map((m) => [m.a.army, m.b.army])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 1],
      [1, 2],
      [2, 2],
    ]);
    const jobs = matchupJobs(p);
    expect(jobs[1]!.id).toMatch(
      /^a\|dbm-3\.2\|400 AP, open\|early-imperial-roman v marian-roman\|[0-9a-f]{8}$/,
    );
    expect(jobs[1]!.kind).toBe('army');
    expect(jobs[1]!.samples).toBe(10);
    expect(matchupJobs(p)).toBe(jobs);
    // --samples sets the battles per pairing.
    expect(planOf(THREE, { samples: 4 }).battles).toBe(4);
  });

  it('default: every bundled army, 3.0 and 3.2, 400 and 500 AP, open and mixed', () => {
    const p = planOf('  - kind: army\n    name: a\n    substitution: false\n');
    expect(p.armies).toHaveLength(20);
    expect(p.grid).toHaveLength(4);
    // 20 x 20 jobs (20 mirrors, 190 pairs both ways) x 2 versions x 4 battlefields.
    expect(p.matchups).toHaveLength(3200);
    expect(p.matchups.reduce((t, m) => t + m.battles, 0)).toBe((20 * 200 + 190 * 200) * 8);
  });

  it('groups on the bundled armies: the same legionary-heavy armies under 3.0 and 3.2', () => {
    const p = planOf('  - kind: army\n    name: a\n    grid: { points: [400] }\n    substitution: false\n');
    const members = (group: number, v: number) =>
      p.armies
        .filter((a) => shareOf(a.fits[v]![0]!, p.groups[group]!.elements) >= p.groups[group]!.share)
        .map((a) => a.id);
    const legionary = [
      'early-imperial-roman',
      'english-longbow',
      'marian-roman',
      'middle-imperial-roman',
      'polybian-roman',
    ];
    expect(p.groups.map((g) => g.id)).toEqual(['legionary', 'reg-ax', 'irr-bd-i']);
    expect(members(0, 0)).toEqual(legionary);
    expect(members(0, 1)).toEqual(legionary);
    expect(members(1, 0)).toEqual(['early-imperial-roman', 'middle-imperial-roman', 'seleucid']);
    expect(members(1, 1)).toEqual(['early-imperial-roman', 'middle-imperial-roman', 'seleucid']);
    expect(members(2, 1)).toEqual(['hussite']);
    // docs/armies.md: the Early Imperial Romans field 22 legionaries and 12 auxilia of 51 element
    // equivalents under 3.0, 25 and 14 of 56 under 3.2.
    const eir = p.armies.find((a) => a.id === 'early-imperial-roman')!;
    expect(shareOf(eir.fits[0]![0]!, ['Reg Bd'])).toBeCloseTo(22 / 51, 12);
    expect(shareOf(eir.fits[1]![0]!, ['Reg Bd'])).toBeCloseTo(25 / 56, 12);
    expect(shareOf(eir.fits[0]![0]!, ['Reg Ax'])).toBeCloseTo(12 / 51, 12);
    expect(shareOf(eir.fits[1]![0]!, ['Reg Ax'])).toBeCloseTo(14 / 56, 12);
  });

  it('element names of a group: a type with its regularity, with its grade, or alone', () => {
    expect(elementMatches('Reg Bd', 'Reg Bd(O)')).toBe(true);
    expect(elementMatches('Reg Bd', 'Irr Bd(O)')).toBe(false);
    expect(elementMatches('Irr Bd(I)', 'Irr Bd(I)')).toBe(true);
    expect(elementMatches('Irr Bd(I)', 'Irr Bd(O)')).toBe(false);
    expect(elementMatches('Bd', 'Irr Bd(F)')).toBe(true);
    expect(elementMatches('Bd', 'Reg Bw(O)')).toBe(false);
  });

  it('one more of an element goes to its largest group, with its AP and element equivalents', () => {
    const p = planOf(THREE);
    const marian = p.armies[1]!.fits[1]![0]!;
    const more = withMore(marian, 'Reg Ps(O)', 3)!;
    // Reg Ps(O): 2 AP, half an element equivalent (DBM 3.2 p.10, p.24); the C-in-C's 2 are listed first.
    expect(more.ap).toBe(marian.ap + 6);
    expect(more.elements).toBe(marian.elements + 3);
    expect(more.equivalents).toBe(marian.equivalents + 1.5);
    expect(more.commands[0]!.troops.find((t) => t.element === 'Reg Ps(O)')!.count).toBe(5);
    expect(more.commands[1]!.troops.find((t) => t.element === 'Reg Ps(O)')!.count).toBe(2);
    expect(withMore(marian, 'Irr Kn(S)', 1)).toBeUndefined();
  });

  it('refuses a missing file at the scenario line, and an army file problem at both lines', () => {
    expect(() =>
      planOf('  - kind: army\n    name: a\n    armies: [armies/eir.yaml, armies/sassanid.yaml]\n'),
    ).toThrow(/^.*test-army\.yaml:6 studies\[0\]\.armies\[0\]: no file "armies\/eir\.yaml"/);
    const dir = mkdtempSync(join(tmpdir(), 'debellator-army-study-'));
    writeFileSync(
      join(dir, 'mine.yaml'),
      'name: Mine\nlist: my own\nchoices: none\ncommands:\n  - command: C-in-C Reg Cv(O); 12 Reg Bd(O) fill\n    wing: centre\n  - command: sub-general Reg Cv(O); 4 Reg Ax(Q)\n    wing: left\n',
    );
    expect(() =>
      planOf(
        '  - kind: army\n    name: a\n    armies:\n      - armies/sassanid.yaml\n      - mine.yaml\n',
        {},
        join(dir, 's.yaml'),
      ),
    ).toThrow(
      /s\.yaml:8 studies\[0\]\.armies\[1\]: mine\.yaml:7 commands\[1\]\.command: "Q" in "Reg Ax\(Q\)" is not a grade/,
    );
    expect(() => planOf('  - kind: army\n    name: a\n    armies: [armies/sassanid.yaml]\n')).toThrow(
      /armies: an army study needs at least two armies/,
    );
    expect(() =>
      planOf(
        '  - kind: army\n    name: a\n    armies: [armies/sassanid.yaml, armies/gallic.yaml]\n    groups: [{ name: knights, elements: [Reg Zz], share: 0.2 }]\n',
      ),
    ).toThrow(/studies\[0\]\.groups\[0\]\.elements\[0\]: "Reg Zz" names no element/);
  });

  it('a slice reads army files only by relative names without ".."', () => {
    expect(() =>
      planOf('  - kind: army\n    name: a\n    armies: [../armies/gallic.yaml, armies/sassanid.yaml]\n', {
        confineCharts: true,
      }),
    ).toThrow(/armies\[0\]: a slice's files are read only by a relative name without "\.\."/);
  });
});
