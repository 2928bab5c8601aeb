/**
 * The variant's table store grows (tables.ts: its arrays are replaced) when a combat meets a table not
 * built yet. What the kernel reads from it must not depend on whether that happened in the middle of a
 * lookup: the same battle gives the same engagements however many tables the store held before (a
 * thread's history, what other studies ran first). Each run here gets a fresh store (its own variant
 * spec) filled with inert tables up to just short of the store's first growth, by a different amount
 * each time, so that growth falls on each of the first tables the battle builds in turn.
 */
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../src/core/rng.ts';
import { Battle } from '../../../src/engine/lines/fight.ts';
import type { LinesConfig } from '../../../src/engine/lines/index.ts';
import { prepared } from '../../../src/engine/lines/prepare.ts';
import { readStructuredFile } from '../../../src/pipeline/structured-file.ts';
import { fitArmy } from '../../../src/systems/dbm/army/build.ts';
import { armyBattle } from '../../../src/systems/dbm/army/deploy.ts';
import { adapterOf, config } from './helpers.ts';

/** Flank contacts and shooting at range (DBM: the wider line's end files wheel; bowmen shoot as they come). */
const block = {
  a: '7 files of Reg Bw(O)',
  b: '4 files of Irr Kn(O), 2 deep',
  battlefield: { distance: 400, shooters: 'halt' },
  boundLimit: 20,
};

const spec = { version: 'dbm-3.2' } as const;
const army = (name: string) => fitArmy(readStructuredFile(`armies/${name}.yaml`).data, spec);
/** Two armies in mixed terrain: flank contacts chosen by the combats beside them, shooting, commands. */
const armies = armyBattle(army('gallic'), army('sassanid'), spec, {
  battlefield: {
    distance: 600,
    shooters: 'halt',
    terrain: { per: 'file', weights: { good: 6, rough: 3, difficult: 1 } },
  },
}) as LinesConfig;

function fight(fill: number, n: number, base: LinesConfig = config(block)): string {
  // A spec of its own (a cost override that changes nothing fought here): a store of its own.
  const c: LinesConfig = {
    ...base,
    variant: { version: 'dbm-3.2', costs: { 'Reg WWg(O)': 10 + fill / 4096 } },
  };
  const p = prepared(c, adapterOf(c), false);
  const dummy = new Uint16Array(p.space);
  const room = p.tables.edges.length;
  // Inert tables (never looked up): the store one short of growing after `room - fill` more.
  for (let i = p.tables.count; i < room - fill; i++) {
    dummy[0] = i;
    dummy[1] = i >> 16;
    p.tables.add(dummy, 0);
  }
  const b = new Battle(p);
  const rng = createRng('growth', 0);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    b.run((k) => rng.int(k), (i % 2) as 0 | 1);
    out.push(b.decision, b.bounds, ...b.causes[0], ...b.causes[1]);
  }
  return out.join(',');
}

describe('a table store that grows in the middle of a battle', () => {
  it('gives the same engagements wherever its growth falls: lines', () => {
    const reference = fight(512, 30);
    for (let fill = 1; fill <= 60; fill++)
      expect(fight(fill, 30), `growth after ${fill} tables`).toBe(reference);
  });

  it('gives the same engagements wherever its growth falls: armies', () => {
    const reference = fight(900, 2, armies);
    for (let fill = 1; fill <= 400; fill += 3)
      expect(fight(fill, 2, armies), `growth after ${fill} tables`).toBe(reference);
  });
});
