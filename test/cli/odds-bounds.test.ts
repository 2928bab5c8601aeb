/** `debellator odds ... --bounds N` (docs/situation.md "Several bounds"): text, JSON and refusals. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain as run } from './run-main.ts';

interface Cell {
  p: number;
  fraction?: string;
}
interface Row {
  bound: number;
  owner: string;
  ended: Record<string, Cell>;
  fighting: Cell;
}

describe('debellator odds --bounds', () => {
  it('DBA 4Bd against 3Kn over two bounds: the hand-worked fractions of test/engine/lines/bounds.test.ts', async () => {
    const r = await run(['odds', '4Bd', '3Kn', '--rules', 'dba-3.0', '--bounds', '2', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    // The single combat is still there.
    expect(j.a.outcomes.destroyed).toEqual({ count: 15, of: 36, p: 0.4167 });
    const b = j.bounds;
    expect(b.model).toBe('lines');
    expect(b.unit).toBe('bound');
    expect(b.bounds).toBe(2);
    expect(b.first).toBe('a');
    expect(b.ends.map((e: { id: string }) => e.id)).toEqual([
      'a-destroyed',
      'a-fled',
      'b-destroyed',
      'b-fled',
      'both',
    ]);
    // 15/36 + 13/36 x 15/36 = 735/1296; 8/36 + 13/36 x 8/36 = 392/1296; 13 x 13 = 169/1296 fighting.
    const two: Row = b.cumulative[1];
    expect(two.ended['a-destroyed']).toEqual({ p: 0.5671, fraction: '735/1296' });
    expect(two.ended['b-destroyed']).toEqual({ p: 0.3025, fraction: '392/1296' });
    expect(two.fighting).toEqual({ p: 0.1304, fraction: '169/1296' });
    expect(b.perBound[1].ended['a-destroyed']).toEqual({ p: 0.1505, fraction: '195/1296' });
    expect(b.perBound.map((x: Row) => x.owner)).toEqual(['a', 'b']);
    expect(b.options).toEqual({ renewContact: 'bound-owner', optionalPursuit: 'stand', fledLost: false });
  });

  it('DBM: prints per-bound and cumulative tables, B first with --bound b', async () => {
    const r = await run(['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--bounds', '3', '--bound', 'b']);
    expect(r.code).toBe(0);
    expect(r.out).toContain("Fighting on: DBM 3.2, Reg Bd(O) against Irr Kn(S), 3 bounds, B's bound first");
    expect(r.out).toContain('Ended in the bound:');
    expect(r.out).toContain('By the end of the bound (cumulative):');
    expect(r.out).toMatch(/^1 \(B's\) /m);
    expect(r.out).toMatch(/^3 \(B's\) /m);
    const j = JSON.parse(
      (await run(['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--bounds', '3', '--bound', 'b', '--json'])).out,
    );
    for (const row of j.bounds.cumulative as Row[]) {
      const total = Object.values(row.ended).reduce((t, c) => t + c.p, row.fighting.p);
      expect(total).toBeCloseTo(1, 3);
      const of = row.fighting.fraction!.split('/')[1];
      expect(of).toBe(String(36 ** row.bound));
    }
  });

  it('B&B with --pursue; GBA rounds of repeated shock', async () => {
    const bnb = JSON.parse(
      (
        await run([
          'odds',
          'Reg Bd(O)',
          'Irr Wb(S)',
          '--rules',
          'bnb-0.7',
          '--bounds',
          '2',
          '--pursue',
          '--json',
        ])
      ).out,
    );
    expect(bnb.bounds.options.optionalPursuit).toBe('pursue');
    expect(bnb.bounds.ends.map((e: { id: string }) => e.id)).toContain('a-spent');
    const file = join(import.meta.dirname, '..', '..', 'scenarios', 'situations', 'phalanx-v-hoplites.yaml');
    const gba = await run([
      'odds',
      '--situation',
      file,
      '--bounds',
      '3',
      '--later-attacker',
      'alternate',
      '--json',
    ]);
    expect(gba.code).toBe(0);
    const b = JSON.parse(gba.out).bounds;
    expect(b.model).toBe('repeated-shock');
    expect(b.unit).toBe('round');
    expect(b.perBound.map((x: Row) => x.owner)).toEqual(['a', 'b', 'a']);
    expect(b.ends.map((e: { id: string }) => e.id)).toEqual(['a-routs', 'b-routs', 'both-rout']);
    const text = await run(['odds', '--situation', file, '--bounds', '2']);
    expect(text.out).toContain('Ended in the round:');
  });

  it('refuses what the model does not carry, with the flag at fault and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['Reg Bd(O)', 'Irr Kn(S)', '--a-general', '--bounds', '3'],
        /^debellator: Fight on cannot model A's general \[--a-general\]: not part of the multi-bound model/,
      ],
      [
        ['Reg Bd(O)', 'Irr Kn(S)', '--b-moved', '--bounds', '3'],
        /Fight on cannot model B's moved into contact \[--b-moved\]: not part of the multi-bound model/,
      ],
      [
        ['Reg Bw(O)', 'Irr Kn(S)', '--shooting', '--bounds', '3'],
        /Fight on cannot model combat \(shooting\) \[--shooting\]: multi-bound odds are for close combat, not shooting/,
      ],
      [['Reg Bd(O)', 'Irr Kn(S)', '--pursue'], /--pursue goes with --bounds N/],
      [['Reg Bd(O)', 'Irr Kn(S)', '--bounds', 'x'], /--bounds: a whole number of bounds, not "x"/],
      [['Reg Bd(O)', 'Irr Kn(S)', '--bounds', '201'], /--bounds: a whole number from 1 to 200, not 201/],
      [
        ['Reg Bd(O)', 'Irr Kn(S)', '--bounds', '2', '--later-attacker', 'same'],
        /--later-attacker: not an option of DBM's battle-line model/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await run(['odds', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
  });

  it('names every part the model cannot carry at once, in words, not one field at a time', async () => {
    const r = await run([
      'odds',
      'Reg Bd(O)',
      'Irr Kn(S)',
      '--a-general',
      '--b-overlapped',
      '1',
      '--b-moved',
      '--bounds',
      '3',
    ]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(
      /^debellator: Fight on cannot model A's general \[--a-general\], B's overlaps \(1\) \[--b-overlapped\] and B's moved into contact \[--b-moved\]: not part of the multi-bound model: /,
    );
    expect(r.err).not.toMatch(/\ba\.general|\bb\.overlaps/);
    // Shooting and a general: both named, each with the model's reason; the aiders of a shooting
    // that cannot be fought on go unnamed with it.
    const shot = await run([
      'odds',
      'Reg Bw(O)',
      'Irr Kn(F)',
      '--shooting',
      '--a-aiders',
      '1',
      '--a-general',
      '--bounds',
      '4',
    ]);
    expect(shot.err).toBe(
      'debellator: Fight on cannot model combat (shooting) [--shooting]: multi-bound odds are for close combat, not shooting; ' +
        "A's general [--a-general]: not part of the multi-bound model: one file fights one, and the model makes each bound's circumstances " +
        '(docs/engagement-model.md "One file against one")\n',
    );
  });
});
