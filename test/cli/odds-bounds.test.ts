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

  it("a general's element is carried: bound 1 is the single combat with the general", async () => {
    const j = JSON.parse(
      (await run(['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--a-general', '--bounds', '3', '--json'])).out,
    );
    // The blades' general +1 (DBM 3.2 p.21): bound 1 (A charges; moving in changes nothing here) is the
    // single combat above, roll for roll.
    const one: Row = j.bounds.perBound[0];
    expect(one.ended['a-destroyed']!.fraction).toBe(`${j.a.outcomes.destroyed.count}/36`);
    expect(one.ended['b-destroyed']!.fraction).toBe(`${j.b.outcomes.destroyed.count}/36`);
    const plain = JSON.parse((await run(['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--bounds', '3', '--json'])).out);
    expect(j.a.outcomes.destroyed.count).toBeLessThan(plain.a.outcomes.destroyed.count);
    const text = await run(['odds', 'Reg Bd(O)', 'Irr Kn(S)', '--a-general', '--bounds', '3']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Fighting on: DBM 3.2, Reg Bd(O) against Irr Kn(S), 3 bounds');
  });

  it('a standing overlap: DBA 4Bd overlapped once against 3Kn, the hand-worked fractions', async () => {
    const j = JSON.parse(
      (
        await run([
          'odds',
          '4Bd',
          '3Kn',
          '--rules',
          'dba-3.0',
          '--a-overlapped',
          '1',
          '--bounds',
          '2',
          '--json',
        ])
      ).out,
    );
    // test/engine/lines/bounds.test.ts: blades at -1, 21/36 destroyed, then 9/36 x 21/36.
    expect(j.bounds.cumulative[1].ended['a-destroyed'].fraction).toBe('945/1296');
    expect(j.bounds.cumulative[1].ended['b-destroyed'].fraction).toBe('270/1296');
  });

  it('shooting as the knights close: which bounds were shooting and when contact came', async () => {
    const r = await run(['odds', 'Reg Bw(O)', 'Irr Kn(F)', '--shooting', '--bounds', '4']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Bound by bound: the two start 300p apart (the default: the longest range (200p) plus the tactical move of A, whose bound is first (100p)',
    );
    // Bound 1: the bowmen come to their range and shoot; bound 2: the knights charge home, 34/36 of the
    // fights (2/36 of them shot down: test/engine/lines/bounds.test.ts); bound 3: 510/1296 shot at again
    // after a recoil (15/20 of those fighting on), 170/1296 still in contact.
    expect(r.out).toMatch(/^ {2}1 \(A's\): shooting; 200p apart after it$/m);
    expect(r.out).toMatch(/^ {2}2 \(B's\): contact: the lines meet 94\.44%, close combat 94\.44%$/m);
    expect(r.out).toMatch(/^ {2}3 \(A's\): shooting 39\.35%, close combat 13\.12%$/m);
    const j = JSON.parse(
      (await run(['odds', 'Reg Bw(O)', 'Irr Kn(F)', '--shooting', '--bounds', '2', '--json'])).out,
    );
    expect(j.bounds.distance.paces).toBe(300);
    expect(j.bounds.perBound[0].phase.shooting.fraction).toBe('36/36');
    expect(j.bounds.perBound[1].phase.contact).toEqual({ p: 0.9444, fraction: '1224/1296' });
    expect(j.bounds.cumulative[1].ended['b-destroyed'].fraction).toBe('276/1296');
    expect(j.bounds.cumulative[1].ended['a-destroyed'].fraction).toBe('340/1296');
    // 400p: the bowmen stop out of range in bound 1; the knights come to 100p and are shot at in bound 2.
    const far = await run([
      'odds',
      'Reg Bw(O)',
      'Irr Kn(F)',
      '--shooting',
      '--bounds',
      '2',
      '--distance',
      '400',
    ]);
    expect(far.out).toContain('Bound by bound: the two start 400p apart (given).');
    expect(far.out).toMatch(/^ {2}1 \(A's\): no shooting, no combat; 300p apart after it$/m);
    expect(far.out).toMatch(/^ {2}2 \(B's\): shooting; 100p apart after it$/m);
  });

  it('refuses what the model does not carry, with the flag at fault and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['Reg Bd(O)', 'Irr Kn(S)', '--a-rear-contact', '--bounds', '3'],
        /^debellator: Fight on cannot model A's enemy on rear \[--a-rear-contact\]: not part of the multi-bound model/,
      ],
      [
        ['Reg Bd(O)', 'Irr Kn(S)', '--b-moved', '--bounds', '3'],
        /Fight on cannot model B's moved into contact \[--b-moved\]: not part of the multi-bound model/,
      ],
      [
        ['4Bw', '3Kn', '--rules', 'dba-3.0', '--shooting', '--bounds', '3'],
        /Fight on cannot model combat \(shooting\) \[--shooting\]: DBA's battle-line model has no distant shooting/,
      ],
      [['Reg Bd(O)', 'Irr Kn(S)', '--pursue'], /--pursue goes with --bounds N/],
      [['Reg Bd(O)', 'Irr Kn(S)', '--bounds', 'x'], /--bounds: a whole number of bounds, not "x"/],
      [['Reg Bd(O)', 'Irr Kn(S)', '--bounds', '201'], /--bounds: a whole number from 1 to 200, not 201/],
      [
        ['Reg Bd(O)', 'Irr Kn(S)', '--bounds', '2', '--later-attacker', 'same'],
        /--later-attacker: not an option of DBM's battle-line model/,
      ],
      [
        ['Reg Bd(O)', 'Irr Kn(S)', '--bounds', '2', '--distance', '300'],
        /--distance: the two start apart only in a shooting fight/,
      ],
      [
        ['Reg Bw(O)', 'Irr Kn(S)', '--shooting', '--distance', '300'],
        /--distance goes with --bounds N and --shooting/,
      ],
      [
        ['Reg Bw(O)', 'Irr Kn(S)', '--shooting', '--bounds', '2', '--distance', '9000'],
        /--distance: paces from 0 to 5000, not 9000/,
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
      '--a-uphill',
      '--a-rear-contact',
      '--b-moved',
      '--bounds',
      '3',
    ]);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(
      /^debellator: Fight on cannot model A's enemy on rear \[--a-rear-contact\], A's uphill \/ bank \[--a-uphill\] and B's moved into contact \[--b-moved\]: not part of the multi-bound model: /,
    );
    expect(r.err).not.toMatch(/\ba\.uphill|\bb\.movedIntoContact/);
    // Shooting is carried; aid from other files and ground are not: both named, each with the model's
    // reason.
    const shot = await run([
      'odds',
      'Reg Bw(O)',
      'Irr Kn(F)',
      '--shooting',
      '--a-aiders',
      '1',
      '--a-uphill',
      '--bounds',
      '4',
    ]);
    expect(shot.err).toBe(
      "debellator: Fight on cannot model A's uphill / bank [--a-uphill]: not part of the multi-bound model: one file fights one, and the model makes each bound's circumstances " +
        '(docs/engagement-model.md "One file against one"); ' +
        "A's elements aiding its shooting (1) [--a-aiders]: not part of the multi-bound model: other files' shooters beside it are not one file against one; a file's own rear-rank bowmen aid it (DBM 3.2 p.20)\n",
    );
    // Where shooting itself cannot be fought on (DBA), the shooters' aid goes unnamed with it.
    const dba = await run([
      'odds',
      '4Bw',
      '3Kn',
      '--rules',
      'dba-3.0',
      '--shooting',
      '--a-aiders',
      '1',
      '--bounds',
      '2',
    ]);
    expect(dba.err).toMatch(
      /^debellator: Fight on cannot model combat \(shooting\) \[--shooting\]: [^;]*\n$/,
    );
  });
});
