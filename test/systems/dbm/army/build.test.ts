/**
 * An army file fitted to a budget (docs/armies.md "The API"): costs from DBM 3.2 p.10 Element Cost with
 * the generals' adjustments, 3.0 costs for Reg Bd and Reg Ax (3.2 amendments), element equivalents from
 * p.24 Losses, victory points from p.25, baggage from p.10 Army Size (3.0: end note viii).
 */
import { describe, expect, it } from 'vitest';
import { InputError, InputErrors } from '../../../../src/core/errors.ts';
import { parseStructuredText } from '../../../../src/pipeline/structured-file.ts';
import { fitArmy } from '../../../../src/systems/dbm/army/build.ts';

const small = {
  name: 'Test',
  list: 'none',
  choices: 'a test',
  commands: [
    {
      general: 'C-in-C Reg Cv(O)',
      wing: 'centre',
      troops: '12 Reg Bd(O) in two lines, fill; 4 Reg Ax(S); 2 Reg LH(F)',
    },
    { general: 'sub-general Irr Cv(O)', wing: 'left', troops: ['4 Irr Wb(F)', '2 Irr Ps(O)'] },
  ],
};

describe('fitting a small army by hand', () => {
  // Fixed under 3.2: C-in-C Reg Cv(O) 8 + 20 = 28, 4 Reg Ax(S) 18, 2 Reg LH(F) 8, sub-general Irr Cv(O)
  // 7 + 10 = 17, 4 Irr Wb(F) 12, 2 Irr Ps(O) 4: 87 AP. 160 AP leave 73: twelve Reg Bd(O) at 6 (1 AP over).
  it('DBM 3.2: 12 blades, 159 AP', () => {
    const a = fitArmy(small, { version: 'dbm-3.2' }, 160);
    expect(a.ap).toBe(159);
    expect(a.commands[0]!.troops.slice(0, 2)).toEqual([
      { element: 'Reg Bd(O)', count: 6, line: 'front', ap: 6, equivalents: 1, options: [], fill: true },
      { element: 'Reg Bd(O)', count: 6, line: 'second', ap: 6, equivalents: 1, options: [], fill: true },
    ]);
    expect(a.commands[0]!.general).toEqual({
      role: 'c-in-c',
      element: 'Reg Cv(O)',
      line: 'front',
      ap: 28,
      equivalents: 1,
      options: ['cinCOrSubGeneral'],
      regular: true,
    });
    // Element equivalents: 1 + 12 + 4 + 2 = 19; 1 + 4 + 2 x 0.5 = 6.
    expect(a.commands.map((c) => [c.elements, c.equivalents, c.ap, c.victoryPoints])).toEqual([
      [19, 19, 126, 4],
      [7, 6, 33, 1],
    ]);
    expect(a.equivalents).toBe(25);
    expect(a.baggage).toEqual({ element: 'Irr Bg(I)', count: 6, command: 0 });
  });

  // Under 3.0 Reg Ax(S) cost 5 (20 for 4): fixed 89, 71 AP left: ten Reg Bd(O) at 7.
  it('DBM 3.0: 10 blades, 159 AP, 2 baggage per command', () => {
    const a = fitArmy(small, { version: 'dbm-3.0' }, 160);
    expect(a.ap).toBe(159);
    expect(a.commands[0]!.troops.filter((t) => t.element === 'Reg Bd(O)').map((t) => t.count)).toEqual([
      5, 5,
    ]);
    expect(a.baggage.count).toBe(4);
  });

  it("a scenario's cost override is respected: Reg Bd(O) at 5 AP buys 14 (70 of 73 AP)", () => {
    const a = fitArmy(small, { version: 'dbm-3.2', costs: { 'Reg Bd(O)': 5 } }, 160);
    expect(a.ap).toBe(157);
    expect(a.rulesName).toBe('DBM 3.2 with house rules');
    expect(a.commands[0]!.troops.filter((t) => t.element === 'Reg Bd(O)').map((t) => t.count)).toEqual([
      7, 7,
    ]);
  });

  it('the whole command on one line reads the same', () => {
    const oneLine = {
      ...small,
      commands: [
        {
          command: 'C-in-C Reg Cv(O); 12 Reg Bd(O) in two lines, fill; 4 Reg Ax(S); 2 Reg LH(F)',
          wing: 'centre',
        },
        small.commands[1],
      ],
    };
    expect(fitArmy(oneLine, { version: 'dbm-3.2' }, 160)).toEqual(
      fitArmy(small, { version: 'dbm-3.2' }, 160),
    );
  });

  it('prices allied and chariot generals (p.10): Irr Kn(F) ally 9 + 5, Reg Cv(O) ally 8 + 10, Irr Kn(S) chariots 12 - 1 + 10', () => {
    const army = (general: string) => ({
      ...small,
      commands: [small.commands[0], { general, wing: 'left', troops: '2 Irr Ps(O)' }],
    });
    const generalAp = (g: string) => fitArmy(army(g), { version: 'dbm-3.2' }, 400).commands[1]!.general.ap;
    expect(generalAp('ally Irr Kn(F)')).toBe(14);
    expect(generalAp('ally Reg Cv(O)')).toBe(18);
    expect(generalAp('sub-general Irr Kn(S) chariots')).toBe(21);
    // An ally's command is worth 1 VP like a sub-general's.
    expect(
      fitArmy(army('ally Irr Kn(F)'), { version: 'dbm-3.2' }, 400).commands.map((c) => c.victoryPoints),
    ).toEqual([4, 1]);
  });

  it('respects a fill limit', () => {
    const limited = {
      ...small,
      commands: [
        { ...small.commands[0], troops: '12 Reg Bd(O) fill up to 12; 4 Reg Ax(S)' },
        small.commands[1],
      ],
    };
    const a = fitArmy(limited, { version: 'dbm-3.2' }, 400);
    expect(a.commands[0]!.troops[0]!.count).toBe(12);
  });
});

describe('the Early Imperial Roman file by hand', () => {
  // Fixed: 3 generals Reg Cv(O) 84, 2 Reg Art(O) 16, 9 Reg Cv(O) 72, 2 Reg Ps(O) 4, 2 Irr LH(O) 10 = 186.
  // Fill: 14 + 8 Reg Bd(O), 8 + 4 Reg Ax(S).
  it("DBM 3.0: the file's counts cost exactly 400 (22 x 7 + 12 x 5 = 214 = 400 - 186)", async () => {
    const { readStructuredFile } = await import('../../../../src/pipeline/structured-file.ts');
    const a = fitArmy(readStructuredFile('armies/early-imperial-roman.yaml').data, { version: 'dbm-3.0' });
    expect(a.ap).toBe(400);
    const count = (e: string) =>
      a.commands
        .flatMap((c) => c.troops)
        .filter((t) => t.element === e)
        .reduce((s, t) => s + t.count, 0);
    expect([count('Reg Bd(O)'), count('Reg Ax(S)')]).toEqual([22, 12]);
  });

  // DBM 3.2: the file's counts cost 22 x 6 + 12 x 4.5 = 186, leaving 28 of the 214. In D'Hondt order
  // (weights 14, 8, 8, 4 in file order): Bd 14/15 (22 left), Ax 8/9 (17.5), Bd 8/9 (11.5), Bd 14/16
  // (5.5); then the C-in-C's and the right's blades no longer fit; Ax 8/10 ties Ax 4/5, the first listed
  // takes it (1 left). Blades 16 + 9 = 25, auxilia 10 + 4 = 14, 399 AP.
  it('DBM 3.2: 25 blades and 14 auxilia for 399 AP', async () => {
    const { readStructuredFile } = await import('../../../../src/pipeline/structured-file.ts');
    const a = fitArmy(readStructuredFile('armies/early-imperial-roman.yaml').data, { version: 'dbm-3.2' });
    expect(a.ap).toBe(399);
    const counts = a.commands.map((c) =>
      c.troops
        .filter((t) => t.fill)
        .reduce<Record<string, number>>((m, t) => ({ ...m, [t.element]: (m[t.element] ?? 0) + t.count }), {}),
    );
    expect(counts).toEqual([{ 'Reg Bd(O)': 16 }, { 'Reg Ax(S)': 10 }, { 'Reg Bd(O)': 9, 'Reg Ax(S)': 4 }]);
  });
});

describe('errors, each at its field', () => {
  const problems = (content: unknown) => {
    try {
      fitArmy(content, { version: 'dbm-3.2' });
    } catch (e) {
      if (e instanceof InputErrors) return e.errors.map((x) => [x.path, x.detail]);
      if (e instanceof InputError) return [[e.path, e.detail]];
      throw e;
    }
    return [];
  };

  it('reports every bad field of the file, of the shape and of the notation alike', () => {
    const bad = {
      ...small,
      commands: [
        { ...small.commands[0], troops: ['12 Reg Bd(O)', '4 Reg Axe(S)'] },
        { ...small.commands[1], wing: 'center' },
        { ...small.commands[1], general: 'king Irr Cv(O)' },
      ],
    };
    expect(problems(bad)).toEqual([
      [
        ['commands', 0, 'troops', 1],
        expect.stringMatching(/"Axe" in "Reg Axe\(S\)" is not a DBM troop type.*did you mean "Reg Ax\(S\)"/),
      ],
      [['commands', 1, 'wing'], expect.stringMatching(/did you mean "centre"/)],
      [['commands', 2, 'general'], expect.stringMatching(/does not name a general/)],
    ]);
  });

  it('says once what is wrong with a field of the wrong shape', () => {
    const bad = { ...small, commands: [small.commands[0], { ...small.commands[1], general: 5 }] };
    expect(problems(bad)).toEqual([[['commands', 1, 'general'], 'expected string, found number 5']]);
  });

  it('refuses a file without exactly one C-in-C, or with one command', () => {
    const noCinC = { ...small, commands: [small.commands[1], small.commands[1]] };
    expect(problems(noCinC)).toEqual([[['commands'], expect.stringMatching(/exactly one C-in-C/)]]);
    expect(problems({ ...small, commands: [small.commands[0]] })).toEqual([
      [['commands'], expect.stringMatching(/2 to 4 commands/)],
    ]);
  });

  it('refuses an army over budget, saying what costs what', () => {
    const fixed = {
      ...small,
      budget: 100,
      commands: [{ ...small.commands[0], troops: '12 Reg Bd(O); 4 Reg Ax(S)' }, small.commands[1]],
    };
    // 28 + 72 + 18 + 17 + 12 + 4 = 151 AP.
    expect(problems(fixed)).toEqual([
      [
        ['budget'],
        expect.stringMatching(
          /^the army costs 151 AP under DBM 3.2, more than the 100 AP budget; mark troops "fill"/,
        ),
      ],
    ]);
  });

  it('refuses unknown and missing fields', () => {
    expect(problems({ ...small, colour: 'red' })).toEqual([[['colour'], 'unknown key "colour"']]);
    const { list: _list, ...noList } = small;
    expect(problems(noList)).toEqual([[['list'], expect.stringMatching(/missing/)]]);
  });

  it('places an error at its file line', () => {
    const text = [
      'name: Test',
      'list: none',
      'choices: a test',
      'commands:',
      '  - general: C-in-C Reg Cv(O)',
      '    wing: centre',
      '    troops:',
      '      - 12 Reg Bd(O) fill',
      '      - 4 Reg Axe(S)',
      '  - general: sub-general Irr Cv(O)',
      '    wing: left',
      '    troops: 4 Irr Wb(F)',
    ].join('\n');
    const f = parseStructuredText(text, 'test.yaml');
    try {
      fitArmy(f.data, { version: 'dbm-3.2' });
      expect.unreachable();
    } catch (e) {
      expect((e as InputError).inFile(f.file, f.lineOf).message).toMatch(
        /^test\.yaml:9 commands\[0\]\.troops\[1\]: "Axe" in "Reg Axe\(S\)" is not a DBM troop type/,
      );
    }
  });
});
