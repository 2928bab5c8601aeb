/**
 * The command line as a player meets it: the verdict in plain words, shooting refused wherever the rules
 * do not allow it (every system, every mode), GBA from flags, errors in the user's words (never an
 * internal path) and "did you mean" for element types, grades, flag values and rule sets.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './run-main.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('odds: the verdict in plain words', () => {
  it('is the first line after the heading', async () => {
    // DBM 3.2 p.21-22: Reg Bd(O) +3 v mounted, -1 when it outscores (S); Irr Kn(S) +3 v foot.
    // d2 > d1 (15/36): blades beaten by knights are destroyed. d1 > d2 (15/36): A scores 2+d1 v 3+d2,
    // wins when d1 >= d2+2 (10/36), doubles only on 6-1 (1/36: knights doubled by foot are destroyed),
    // so the knights recoil 9/36. 15/36 = 42%, 1/36 = 3%, 9/36 = 25%.
    const r = await runMain(['odds', 'Reg Bd(O)', 'Irr Kn(S)']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(0, 3)).toEqual([
      "DBM 3.2 close combat, A's bound",
      'Reg Bd(O) destroys Irr Kn(S) 3%, is destroyed 42%; Irr Kn(S) recoils 25%',
      '',
    ]);
  });

  it('names the sides A and B when both are the same element', async () => {
    // DBM 3.2 p.21: Reg Bd(O) v Reg Bd(O), +5 each. Ties (6/36) do nothing; the higher score recoils
    // the other (15/36 each way); a double needs 5+d >= 2(5+d'), at best 11 v 12: never, so nobody is
    // destroyed. 15/36 = 42%.
    const r = await runMain(['odds', 'Reg Bd(O)', 'Reg Bd(O)']);
    expect(r.out.split('\n')[1]).toBe(
      'A Reg Bd(O) destroys B Reg Bd(O) 0%, is destroyed 0%, recoils 42%; B Reg Bd(O) recoils 42%',
    );
  });

  it('GBA: routs and hits, the verb said once', async () => {
    const file = join(ROOT, 'scenarios', 'situations', 'phalanx-v-hoplites.yaml');
    const r = await runMain(['odds', '--situation', file]);
    // 17,200 of 100,000 rout the hoplites (test/web/page.test.ts works the count).
    expect(r.out.split('\n')[1]).toMatch(
      /^Phalanx PH \(TQ 7, Size 10\) routs Hoplites HI\/HO \(TQ 6, Size 8\) 17%, is routed 0%, takes 5 hits <1%, 4 hits /,
    );
  });
});

/** Exit code and the one line printed on stderr. */
async function refusal(args: string[]): Promise<[number, string]> {
  const r = await runMain(['odds', ...args]);
  return [r.code, r.err.trim()];
}

describe('odds: shooting only where the rules allow it', () => {
  const refused: [string, string[], RegExp][] = [
    // DBM 3.2 p.20 Distant Shooting: only artillery, bowmen, war wagons (S)/(O), elephants (X), some naval.
    ['DBM blades v knights', ['Reg Bd(O)', 'Irr Kn(S)', '--shooting'], /DBM 3\.2 p\.20/],
    ['DBM war wagons (X)', ['Reg WWg(X)', 'Reg Bd(O)', '--shooting'], /cannot|neither/],
    [
      'DBM target named as shooter',
      ['Reg Bw(O)', 'Irr Kn(S)', '--shooting', '--shooters', 'b'],
      /Irr Kn\(S\) cannot shoot/,
    ],
    [
      'DBM both shoot, one cannot',
      ['Reg Bw(O)', 'Reg Bd(O)', '--shooting', '--shooters', 'both'],
      /Reg Bd\(O\) cannot shoot/,
    ],
    [
      'DBM aiders on the target',
      ['Reg Bw(O)', 'Reg Bd(O)', '--shooting', '--b-aiders', '1'],
      /only a side that shoots/,
    ],
    ['DBM 3.0 too', ['Reg Bd(O)', 'Irr Kn(S)', '--shooting', '--rules', 'dbm-3.0'], /neither/],
    // DBA 3.0 Shooting: bows, artillery and war wagons shoot.
    [
      'DBA blades v knights',
      ['4Bd', '3Kn', '--rules', 'dba-3.0', '--shooting'],
      /neither 4Bd nor 3Kn can shoot/,
    ],
    ['DBA psiloi', ['2Ps', '4Bd', '--rules', 'dba-3.0', '--shooting'], /neither/],
    [
      'DBA target as shooter',
      ['4Bw', '4Bd', '--rules', 'dba-3.0', '--shooting', '--shooters', 'b'],
      /4Bd \(Blades\) cannot shoot/,
    ],
    // B&B 0.7 ch.6: only Bw shoot.
    ['B&B blades', ['Reg Bd(O)', 'Irr Wb(O)', '--rules', 'bnb-0.7', '--shooting'], /only Bw shoot/],
    [
      'B&B target as shooter',
      ['Reg Bw(O)', 'Reg Bd(O)', '--rules', 'bnb-0.7', '--shooting', '--shooters', 'both'],
      /only Bw shoot/,
    ],
    // GBA has missile fire (8.0), not "shooting".
    [
      'GBA --shooting',
      [
        '--rules',
        'gba-5',
        'LI',
        'HI',
        '--a-tq',
        '5',
        '--a-size',
        '3',
        '--b-tq',
        '6',
        '--b-size',
        '8',
        '--shooting',
      ],
      /--shooting: GBA combats are shock, missile, harassment: give --mode missile/,
    ],
    // GBA 8.13: the firing unit needs a missile class.
    [
      'GBA phalanx',
      [
        '--rules',
        'gba-5',
        'PH',
        'HI',
        '--a-tq',
        '7',
        '--a-size',
        '10',
        '--b-tq',
        '6',
        '--b-size',
        '8',
        '--mode',
        'missile',
        '--range',
        '1',
      ],
      /needs a missile class/,
    ],
    [
      'GBA Missile No',
      [
        '--rules',
        'gba-5',
        'LI',
        'HI',
        '--a-tq',
        '5',
        '--a-size',
        '3',
        '--a-missile',
        'A',
        '--a-supply',
        'no',
        '--b-tq',
        '6',
        '--b-size',
        '8',
        '--mode',
        'missile',
        '--range',
        '1',
      ],
      /Missile No unit cannot fire \(8\.17\)/,
    ],
  ];
  for (const [name, args, message] of refused)
    it(`refuses ${name} with exit 2 and one line`, async () => {
      const [code, err] = await refusal(args);
      expect(code).toBe(2);
      expect(err.split('\n')).toHaveLength(1);
      expect(err).toMatch(message);
      // Never an internal path like a.units.0.missile.
      expect(err).not.toMatch(/\b[ab]\.[a-zA-Z]+(\.\d+|\[\d+\])?[.:]/);
    });

  const allowed: [string, string[]][] = [
    ['DBM bowmen', ['Reg Bw(O)', 'Irr Kn(S)', '--shooting']],
    ['DBM elephants (X)', ['Irr El(X)', 'Reg Bd(O)', '--shooting']],
    ['DBA bows', ['4Bw', '3Kn', '--rules', 'dba-3.0', '--shooting']],
    ['B&B bowmen', ['Reg Bw(O)', 'Irr Cv(S)', '--rules', 'bnb-0.7', '--shooting']],
    [
      'GBA archers',
      [
        '--rules',
        'gba-5',
        'LI',
        'HI',
        '--a-tq',
        '5',
        '--a-size',
        '3',
        '--a-missile',
        'A',
        '--b-tq',
        '6',
        '--b-size',
        '8',
        '--mode',
        'missile',
        '--range',
        '2',
      ],
    ],
  ];
  for (const [name, args] of allowed)
    it(`computes ${name}`, async () => {
      const r = await runMain(['odds', ...args]);
      expect([r.code, r.err]).toEqual([0, '']);
    });
});

describe('odds: GBA from flags', () => {
  it('the first unit and the leader from flags equal the situation file', async () => {
    const file = join(ROOT, 'scenarios', 'situations', 'phalanx-v-hoplites.yaml');
    const fromFile = await runMain(['odds', '--situation', file, '--json']);
    const fromFlags = await runMain([
      'odds',
      '--rules',
      'gba-5',
      'PH',
      'HI',
      '--a-name',
      'Phalanx',
      '--a-tq',
      '7',
      '--a-size',
      '10',
      '--a-moved',
      '--a-leader-name',
      'Alexander',
      '--a-leader-charisma',
      '4',
      '--b-name',
      'Hoplites',
      '--b-class',
      'HO',
      '--b-tq',
      '6',
      '--b-size',
      '8',
      '--json',
    ]);
    expect(fromFlags.code).toBe(0);
    expect(JSON.parse(fromFlags.out)).toEqual(JSON.parse(fromFile.out));
  });

  it('says what is missing and which flag gives it', async () => {
    expect(await refusal(['--rules', 'gba-5', 'PH', 'HI'])).toEqual([
      2,
      "debellator: A's first unit's TQ: missing; give --a-tq",
    ]);
    expect(await refusal(['--rules', 'gba-5'])).toEqual([
      2,
      'debellator: give two GBA unit types and their ratings (e.g. odds --rules gba-5 PH HI --a-tq 7 --a-size 10 --b-tq 6 --b-size 8), or --situation FILE',
    ]);
  });

  it("names the field in words: A's first unit's hits, not a.units.0.hits", async () => {
    const [code, err] = await refusal([
      '--rules',
      'gba-5',
      'PH',
      'HI',
      '--a-tq',
      '7',
      '--a-size',
      '10',
      '--a-hits',
      '7',
      '--b-tq',
      '6',
      '--b-size',
      '8',
    ]);
    expect([code, err]).toEqual([
      2,
      "debellator: A's first unit's hits (--a-hits): must be below its TQ of 7 (10.14)",
    ]);
    const [, leader] = await refusal([
      '--rules',
      'gba-5',
      'PH',
      'HI',
      '--a-tq',
      '7',
      '--a-size',
      '10',
      '--b-tq',
      '6',
      '--b-size',
      '8',
      '--b-leader-personal-combat',
      '2',
    ]);
    expect(leader).toBe("debellator: B's leader's charisma: missing; give --b-leader-charisma");
    const [, type] = await refusal([
      '--rules',
      'gba-5',
      'PH',
      'XX',
      '--a-tq',
      '7',
      '--a-size',
      '10',
      '--b-tq',
      '6',
      '--b-size',
      '8',
    ]);
    expect(type).toMatch(/^debellator: B's first unit's type \(the second argument\): must be one of "PH"/);
  });

  it('DBM and DBA fields in words with their flags', async () => {
    expect(await refusal(['Reg Bd(O)', 'Reg Bd(O)', '--a-overlapped', '3'])).toEqual([
      2,
      "debellator: A's overlaps (--a-overlapped): must be at most 2 (found 3)",
    ]);
    const [, rear] = await refusal([
      'Reg Bd(O)',
      'Irr Kn(S)',
      '--a-rear',
      'Reg Bd(O)',
      '--a-rear',
      'Reg Bld(O)',
    ]);
    expect(rear).toMatch(
      /^debellator: A's second rank behind \(--a-rear\): "Bld" in "Reg Bld\(O\)" is not a DBM troop type .*; did you mean "Reg Bd\(O\)"\?$/,
    );
  });
});

describe('did you mean', () => {
  it('element types, in the element and in the cost command', async () => {
    const [, dbm] = await refusal(['Reg Bld(O)', 'Irr Kn(S)']);
    expect(dbm).toMatch(
      /^debellator: first element: "Bld" in "Reg Bld\(O\)" is not a DBM troop type .*; did you mean "Reg Bd\(O\)"\?$/,
    );
    const [, dba] = await refusal(['4Bd', '3Knn', '--rules', 'dba-3.0']);
    expect(dba).toMatch(/^debellator: second element: .*; did you mean "3Kn"\?$/);
    const [, bnb] = await refusal(['Reg Bd(O)', 'Irr Wbb(O)', '--rules', 'bnb-0.7']);
    expect(bnb).toMatch(/did you mean "Irr Wb\(O\)"\?$/);
    const cost = await runMain(['cost', 'Irr Knn(O)']);
    expect([cost.code, cost.err]).toEqual([2, expect.stringMatching(/did you mean "Irr Kn\(O\)"\?\n$/)]);
  });

  it('a regularity and a grade', async () => {
    const [, reg] = await refusal(['Rg Bd(O)', 'Irr Kn(S)']);
    expect(reg).toMatch(/did you mean "Reg Bd\(O\)"\?$/);
    // A grade of one letter is near every grade: the message lists them instead of guessing.
    const [, grade] = await refusal(['Reg Bd(Q)', 'Irr Kn(S)']);
    expect(grade).toBe('debellator: first element: "Q" in "Reg Bd(Q)" is not a grade (S, O, I, F, X)');
  });

  it('flag values and flags', async () => {
    const [, going] = await refusal(['Reg Bd(O)', 'Irr Kn(S)', '--a-going', 'rogh']);
    expect(going).toBe(
      `debellator: A's going (--a-going): must be one of "good", "rough", "difficult", "brush", "dunes"; did you mean "rough"?`,
    );
    const [, mode] = await refusal(['Reg Bd(O)', 'Irr Kn(S)', '--mode', 'shoting']);
    expect(mode).toMatch(/did you mean "shooting"\?$/);
    const flag = await runMain(['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--a-overlaped', '1']);
    expect([flag.code, flag.err]).toEqual([2, expect.stringContaining('--a-overlapped')]);
  });

  it('rule sets: a system name means its newest version, a near version the nearest', async () => {
    for (const [given, meant] of <[string, string][]>[
      ['dbm', 'dbm-3.2'],
      ['DBA', 'dba-3.0'],
      ['dbm-3.3', 'dbm-3.2'],
      ['dmb-3.1', 'dbm-3.1'],
      ['gba-5e', 'gba-5'],
    ])
      expect((await refusal(['Reg Bd(O)', 'Irr Kn(S)', '--rules', given]))[1]).toContain(
        `unknown rules "${given}": did you mean ${meant}?`,
      );
  });

  it('in scenario files: a study kind, an element of a situation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'debellator-hints-'));
    const file = join(dir, 's.yaml');
    writeFileSync(file, 'name: s\nrules: dbm-3.2\nstudies:\n  - kind: matrice\n    name: x\n');
    const kind = await runMain(['run', file, '--out', join(dir, 'out')]);
    expect([kind.code, kind.err]).toEqual([
      2,
      `debellator: ${file}:4 studies[0].kind: must be one of "odds", "matrix", "engagement", "balance", "army"; did you mean "matrix"?\n`,
    ]);
    writeFileSync(
      file,
      'name: s\nrules: dbm-3.2\nstudies:\n  - kind: odds\n    name: x\n    situations:\n      - { a: { element: Reg Bd(O) }, b: { element: Irr Knn(S) } }\n',
    );
    const element = await runMain(['run', file, '--out', join(dir, 'out')]);
    expect(element.code).toBe(2);
    expect(element.err).toMatch(
      /s\.yaml:7 studies\[0\]\.situations\[0\]\.b\.element: .*; did you mean "Irr Kn\(S\)"\?\n$/,
    );
  });
});

describe('odds: the words the page uses, and what a flag does', () => {
  it('names outcomes as the page does: flees, recoils, unaffected (the table and the joint rows)', async () => {
    // DBM 3.2 p.21-22 (worked at the top of this file): blades destroyed 15/36, knights destroyed 1/36
    // and recoil 9/36, so knights unaffected 26/36 and blades unaffected 21/36.
    const r = await runMain(['odds', 'Reg Bd(O)', 'Irr Kn(S)']);
    const rows = r.out.split('\n');
    expect(rows.find((l) => l.startsWith('flees'))).toMatch(/^flees +0\.00% \(0\/36\) +0\.00% \(0\/36\)$/);
    expect(rows.find((l) => l.startsWith('recoils'))).toMatch(
      /^recoils +0\.00% \(0\/36\) +25\.00% \(9\/36\)$/,
    );
    expect(rows.find((l) => l.startsWith('unaffected'))).toMatch(/58\.33% \(21\/36\) +72\.22% \(26\/36\)$/);
    expect(r.out).toContain('  unaffected / recoils ');
    expect(r.out).not.toMatch(/\bnone\b|\bflee\b/);
  });

  it('says when a flag changes nothing in the situation given, and only then', async () => {
    // DBM 3.2: having moved into contact matters only where (S) bowmen lose (p.23 Combat Outcome) and
    // for rear support against (S) artillery (p.21), so for knights against blades --a-moved changes
    // nothing; the general's +1 (p.21 Tactical Factors) does.
    const r = await runMain(['odds', 'Irr Kn(O)', 'Reg Bd(O)', '--a-moved', '--a-general']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      "No effect: --a-moved (A's moved into contact) changes no factor or outcome in this combat.",
    );
    expect(r.out).not.toMatch(/No effect:.*--a-general/);
    // A flag that repeats the default is not named; JSON says it on stderr and keeps stdout JSON.
    expect((await runMain(['odds', 'Irr Kn(O)', 'Reg Bd(O)', '--a-overlapped', '0'])).out).not.toContain(
      'No effect',
    );
    const json = await runMain(['odds', 'Irr Kn(O)', 'Reg Bd(O)', '--a-moved', '--json']);
    expect(JSON.parse(json.out).a.element).toBe('Irr Kn(O)');
    expect(json.err).toContain('debellator: note: --a-moved');
  });

  it('DBM shooting says that range changes no factor, with the shooter\u2019s maximum range', async () => {
    // DBM 3.2 p.20 Distant Shooting: 200p for bowmen, 500p for artillery (O); no factor reads the range.
    const r = await runMain(['odds', 'Reg Bw(O)', 'Reg Art(O)', '--shooting', '--shooters', 'both']);
    expect(r.out).toContain(
      'A Reg Bw(O): shoots the same at any range up to its maximum of 200p; range changes no factor (DBM 3.2 p.20 Distant Shooting)',
    );
    expect(r.out).toContain('B Reg Art(O): shoots the same at any range up to its maximum of 500p');
  });

  it('a B&B player who types a DBM element gets the nearest B&B element, not another rule set', async () => {
    // B&B 0.7 "translation": DBM Kn chariots become HCh; B&B has no knights.
    const [code, err] = await refusal(['Irr El(O)', 'Irr Kn(O)', '--rules', 'bnb-0.7']);
    expect(code).toBe(2);
    expect(err).toMatch(/"Kn" in "Irr Kn\(O\)" is not a B&B troop type .*did you mean "Irr HCh\(O\)"\?$/);
    expect(err).not.toContain('--rules dbm');
    // DBM Ax(X) are B&B Pk(F).
    expect((await refusal(['Irr Ax(X)', 'Irr Wb(O)', '--rules', 'bnb-0.7']))[1]).toContain(
      'DBM Ax(X) are B&B Pk(F)',
    );
    // Another notation altogether still names the rules it belongs to, chosen rules or not.
    expect((await refusal(['4Bd', 'Irr Kn(O)', '--rules', 'dbm-3.2']))[1]).toContain('add --rules dba-3.0');
    // With no rules chosen, a B&B element under the default DBM says which rules read it.
    expect((await refusal(['Irr HCh(O)', 'Irr Kn(O)']))[1]).toContain('add --rules bnb-0.7');
  });
});
