/**
 * `debellator matrix`: a matrix from flags, no scenario file, as a wide grid (a row per A element, a
 * column per B element) in Markdown or CSV. Cells worked by hand from DBM 3.2 p.21-22 and DBA 3.0.
 */
import { describe, expect, it } from 'vitest';
import { runMain } from './run-main.ts';

const parseCsv = (text: string): string[][] =>
  text
    .trim()
    .split('\n')
    .map((l) => l.match(/("[^"]*"|[^,]+)/g)!.map((c) => c.replace(/^"|"$/g, '')));

describe('debellator matrix', () => {
  it('--a mounted --b foot --csv: rows mounted, columns foot, one cell each', async () => {
    const r = await runMain(['matrix', '--rules', 'dbm-3.2', '--a', 'mounted', '--b', 'foot', '--csv']);
    expect([r.code, r.err]).toEqual([0, '']);
    const [head, ...rows] = parseCsv(r.out);
    const cols = head!.slice(1);
    expect(head![0]).toBe('a');
    expect(cols).toEqual(expect.arrayContaining(['Reg Bd(O)', 'Irr Wb(S)', 'Reg Ps(O)', 'Reg Art(O)']));
    expect(cols).not.toContain('Irr Kn(S)');
    expect(cols).not.toContain('Reg Gal(O)');
    const names = rows.map((row) => row[0]);
    expect(names).toEqual(expect.arrayContaining(['Irr El(S)', 'Irr Kn(S)', 'Reg Cv(O)', 'Irr LH(F)']));
    expect(names).not.toContain('Reg Bd(O)');
    for (const row of rows) expect(row).toHaveLength(head!.length);
    // DBM 3.2 p.21-22, A's bound: Irr Kn(S) +3 v foot against Reg Bd(O) +3 v mounted, -1 when it
    // outscores (S). The blades are beaten whenever the knights' die is higher (15/36; a tie does
    // nothing) and blades beaten by knights are destroyed: 15/36 = 0.416667.
    const kn = rows.find((row) => row[0] === 'Irr Kn(S)')!;
    expect(kn[cols.indexOf('Reg Bd(O)') + 1]).toBe('0.416667');
  });

  it('Markdown by default: the three grids of the matrix study, types with grades, elements as given', async () => {
    const r = await runMain(['matrix', '--a', 'Kn', '--a-grade', 'S,O', '--b', 'Reg Bd(O),Reg Sp(O)']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('# DBM 3.2: Kn against Reg Bd(O),Reg Sp(O)');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual([
      '## P(B destroyed): A destroys B',
      '## P(A destroyed): B destroys A',
      '## Net: P(B destroyed or flees) - P(A destroyed or flees)',
    ]);
    // Knights (S) and (O), regular and irregular: four rows. Irr Kn(S) v Reg Bd(O): blades destroyed
    // 15/36; knights destroyed only when doubled, 6-1: 1/36 = 0.0278.
    expect(lines.filter((l) => /^\| (Reg|Irr) Kn/.test(l)).map((l) => l.split(' | ')[0])).toEqual([
      '| Reg Kn(S)',
      '| Reg Kn(O)',
      '| Irr Kn(S)',
      '| Irr Kn(O)',
      '| Reg Kn(S)',
      '| Reg Kn(O)',
      '| Irr Kn(S)',
      '| Irr Kn(O)',
      '| Reg Kn(S)',
      '| Reg Kn(O)',
      '| Irr Kn(S)',
      '| Irr Kn(O)',
    ]);
    expect(r.out).toContain('| Irr Kn(S) | 0.4167 |');
    expect(r.out).toContain('| Irr Kn(S) | 0.0278 |');
  });

  it('--show picks one grid, for Markdown and CSV (DBA too)', async () => {
    const md = await runMain([
      'matrix',
      '--rules',
      'dba-3.0',
      '--a',
      '3Kn',
      '--b',
      '4Bd',
      '--show',
      'suffers',
    ]);
    expect(md.out.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## P(A destroyed): B destroys A',
    ]);
    const csv = await runMain([
      'matrix',
      '--rules',
      'dba-3.0',
      '--a',
      '3Kn',
      '--b',
      '4Bd',
      '--show',
      'suffers',
      '--csv',
    ]);
    expect(csv.out).toMatch(/^a,4Bd\n3Kn,0\.\d{6}\n$/);
  });

  it('refuses in words, naming the flag', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['--a', 'Knn', '--b', 'foot'],
        /^debellator: --a: "Knn" is not a DBM troop type .*did you mean "Kn"\?\n$/,
      ],
      [['--a', 'Kn,Reg Bd(O)', '--b', 'foot'], /--a: give troop types or elements, not both/],
      [['--a', 'Kn', '--a-grade', 'Q', '--b', 'foot'], /--a-grade: "Q" is not a grade of Kn/],
      [['--a', 'Kn'], /give both sides: --a SELECTION --b SELECTION/],
      [['--a', 'Kn', '--b', 'Bd', '--show', 'best'], /--show: one of inflicts, suffers, net/],
      [
        ['--rules', 'gba-5', '--a', 'PH', '--b', 'HI'],
        /--rules: matrix studies need a rule system whose elements can be named/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await runMain(['matrix', ...args]);
      expect([args, r.code, r.err]).toEqual([args, 2, expect.stringMatching(message)]);
    }
  });
});
